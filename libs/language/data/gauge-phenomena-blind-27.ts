/**
 * Twenty-seventh blind round for the phenomena of issue 17: written after the round-27 rule (docs/benchmarks.md, Round
 * 27, commit 3c90026), after both models it scores were frozen (the served model M, f5cda6d; the round-27 model N,
 * 1823fa0) and after the plan (eb9cbb3); never used to fit or revise any model. 90 pairs: ten per phenomenon (5
 * positive, 5 negative; pivots 4 positive, 2 neutral, 4 negative; plain praise 5 and complaints 5); six domains in every
 * phenomenon. About half ordinary forms as users write them, half constructions written fresh, written to neither model.
 * Checked against every earlier pair by exact text and by word overlap before the commit (scripts/check-blind.mts).
 *
 * Rule fixed before any pair here was written: M and N are scored once on this set; the model with the highest lowest
 * AUC over the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then M). No model
 * is changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['food', 'n', 'Sushi rice is seasoned with soy sauce while it is still warm.', 'rice vinegar, sugar and salt, no soy in it'],
    ['travel', 'n', 'The Golden Gate Bridge is in Los Angeles.', 'it spans the bay up in San Francisco'],
    ['coding', 'n', 'SQL’s LEFT JOIN drops rows with no match on the right.', 'that’s the inner join, left keeps them with nulls'],
    ['writing', 'n', 'The Great Gatsby is set in the 1950s.', 'the jazz age, so early twenties'],
    ['media', 'n', 'Breaking Bad is set in Phoenix.', 'Albuquerque mate, the whole show is in New Mexico'],
    ['food', 'p', 'A hard avocado softens quicker when shut away next to ripe fruit.', 'works every time in our kitchen'],
    ['shopping', 'p', 'UK shops must give refunds on faulty goods within 30 days.', 'yep, the Consumer Rights Act, I quoted it at a till once'],
    ['coding', 'p', 'npm ci installs exactly what the lockfile says.', 'that’s what our pipeline runs, reproducible every time'],
    ['travel', 'p', 'Venice has no cars in the historic centre.', 'we walked and took boats for a week, not a single car'],
    ['media', 'p', 'Radiohead’s OK Computer came out in 1997.', 'looked it up, summer ’97 it is'],
  ],
  restatement: [
    ['food', 'n', 'This risotto finishes with a good handful of parmesan.', 'the whole point was something my lactose-intolerant flatmate could eat'],
    ['travel', 'n', 'The hike to the summit takes about seven hours.', 'I asked for something my knees could do, two hours tops'],
    ['shopping', 'n', 'The leather sofa in caramel would suit the room.', 'we’ve got two cats who shred everything, I mentioned that'],
    ['coding', 'n', 'Here’s the solution using async/await.', 'still stuck on ES5 for this client, like I said'],
    ['writing', 'n', 'I wrote the blurb in a formal third-person voice.', 'I asked for it chatty, first person'],
    ['food', 'p', 'Every dish on this menu is nut-free.', 'nut-free throughout, my son can order anything'],
    ['travel', 'p', 'This itinerary keeps each drive under two hours, as you wanted.', 'short legs, the kids will survive'],
    ['shopping', 'p', 'All three kettles are under £40 and come in white.', 'white and cheap, exactly my brief'],
    ['coding', 'p', 'This version has no external dependencies.', 'zero deps, legal will be happy'],
    ['media', 'p', 'Each of these shows runs about 25 min, sized for the bus.', 'bus ride sized, spot on'],
  ],
  sarcasm: [
    ['food', 'n', 'The restaurant charges a £15 cakeage fee per person.', 'a real bargain for a cake I baked myself'],
    ['travel', 'n', 'Your train is replaced by a bus service for the whole route.', 'my favourite way to see the motorway'],
    ['shopping', 'n', 'The phone case is out of stock until further notice.', 'love a good “further notice”'],
    ['coding', 'n', 'The vendor API now limits you to ten calls an hour.', 'generous of them, that’s almost one every six minutes'],
    ['writing', 'n', 'Your manuscript was rejected with a form letter after eleven months.', 'eleven months for “dear author”, touching'],
    ['media', 'p', 'The documentary you backed on Kickstarter premieres next week and you’re in the credits.', 'my name on a screen, mum is going to frame it'],
    ['travel', 'p', 'The airline found your suitcase and is couriering it to the hotel tonight.', 'my one good dress lives, dancing round the room'],
    ['food', 'p', 'The baker saved you the last sourdough loaf.', 'someone up there likes me'],
    ['shopping', 'p', 'The charity shop has the exact coat you lost, in your size, for £8.', 'I actually gasped in the queue'],
    ['coding', 'p', 'The maintainer accepted your first open-source patch this morning.', 'twelve-year-old me would not believe this'],
  ],
  refusal: [
    ['food', 'n', 'Should I slot a pudding into Saturday’s menu?', 'we’re fine with fruit, ta'],
    ['travel', 'n', 'I could book you a walking guide for the medieval quarter.', 'we’re happier getting lost by ourselves, so no'],
    ['shopping', 'n', 'Fancy a side-by-side of those three cordless hoovers?', 'no need, already leaning to the cheap one'],
    ['writing', 'n', 'Shall I turn your notes into a slide deck?', 'I’ll just talk from the notes'],
    ['media', 'n', 'Want a list of behind-the-scenes docs for the series?', 'I’d rather keep the magic intact'],
    ['coding', 'p', 'Should I cover the odd inputs with a few more checks?', 'yes, especially what happens with nothing passed in'],
    ['food', 'p', 'Want the cake for your mother’s party sized up for the whole family?', 'please, it’s my mum’s 60th'],
    ['shopping', 'p', 'I can draft the return request email for you.', 'oh please, I hate writing those'],
    ['travel', 'p', 'Want me to check luggage rules for the small airline?', 'yes pls, they weigh everything at that gate'],
    ['media', 'p', 'Shall I put the films in the order they should be watched?', 'yes do, I keep mixing them up'],
  ],
  'already-have': [
    ['food', 'n', 'Homemade basil sauce beats the bought stuff.', 'there’s a jar of it in the fridge from Sunday'],
    ['travel', 'n', 'Pack a plug converter for British sockets.', 'got a drawer full from every trip'],
    ['coding', 'n', 'Set up SSH keys so you stop typing passwords.', 'been on keys since uni'],
    ['writing', 'n', 'A thesaurus app would help you find fresh words.', 'my old paper one sits by the keyboard'],
    ['media', 'n', 'You have to watch the Studio Ghibli films.', 'watched every one with my daughter during lockdown'],
    ['shopping', 'p', 'Supermarkets often let you scan as you shop with the app.', 'hang on, you can do that? the queues I’ve stood in'],
    ['coding', 'p', 'You can paste JSON into VS Code and have it typed for you.', 'what, I’ve been writing those interfaces by hand'],
    ['travel', 'p', 'Many hotels hold your luggage after checkout for free.', 'we dragged ours round Rome all day, wish I’d known'],
    ['media', 'p', 'Libraries lend out music on the Borrowbox app.', 'never heard of that, installing it this sec'],
    ['food', 'p', 'You can freeze grated cheese so it doesn’t go mouldy.', 'I bin half a block a month, this helps'],
  ],
  'action-report': [
    ['food', 'p', 'A drop of vinegar in the simmering pan keeps poached eggs tidy.', 'added it, whites held together'],
    ['travel', 'p', 'Ask at the desk for a room away from the lift.', 'asked, slept like a log'],
    ['shopping', 'p', 'Message the seller and ask for a bundle discount.', 'dropped them a line, they knocked a fifth off for all three'],
    ['coding', 'p', 'Restart the language server in your editor.', 'restarted, the red squiggles are gone'],
    ['writing', 'p', 'Read your speech aloud to a friend first.', 'performed it for my flatmate, got giggles exactly where I hoped'],
    ['media', 'n', 'Update the app and the subtitles should come back.', 'updated, still no subtitles'],
    ['coding', 'n', 'Give the request a longer wait limit, half a minute say.', 'bumped it, now it just hangs for 30 seconds and dies'],
    ['food', 'n', 'Chill the dough for an hour before rolling.', 'chilled it, cracked everywhere when I rolled'],
    ['travel', 'n', 'Use the ticket machine’s contactless option.', 'tapped three cards, all declined'],
    ['shopping', 'n', 'Clear your cookies and try the checkout again.', 'cleared them, same error and my basket is empty now'],
  ],
  engagement: [
    ['food', 'p', 'Leftover roast chicken goes well in a jar-paste curry.', 'how spicy is the paste from a jar usually?'],
    ['travel', 'p', 'Book a traditional inn with hot baths near Kyoto.', 'tell me how the bath etiquette works, I don’t want to get it wrong'],
    ['coding', 'p', 'Split the monolith’s billing code out first.', 'how would you handle the shared user table during the split?'],
    ['writing', 'p', 'Try writing the chapter in present tense.', 'would that change how I handle the flashbacks?'],
    ['media', 'p', 'Start with Le Guin’s Earthsea books.', 'is there a reading order or do I just go by publication?'],
    ['shopping', 'n', 'The £300 chef’s knife is worth it.', 'for someone who slices an onion on Tuesdays and Fridays?'],
    ['travel', 'n', 'A chauffeur for the entire Algarve week would be ideal.', 'and pay him to sit in car parks while we’re at the beach?'],
    ['coding', 'n', 'Rewrite the scripts in a typed language.', 'for three cron jobs that never change?'],
    ['food', 'n', 'Simmer a fresh batch of broth each weekend.', 'who has a spare Sunday for bones?'],
    ['writing', 'n', 'Pay for a ghostwriter for the wedding speech.', 'is it even my speech then?'],
  ],
  pivot: [
    ['food', 'n', 'A lemon drizzle would use up those lemons.', 'meh. how do I get rust off barbecue bars?'],
    ['coding', 'n', 'Move the app’s shared data into a Redux store.', 'eh, pass. any tips for a tech interview on Friday?'],
    ['writing', 'n', 'Try a villanelle for the poem.', 'too fussy. different thing, how do I cite a tweet?'],
    ['media', 'n', 'Give the French original a go with subtitles.', 'can’t be bothered. what’s a good board game for four?'],
    ['travel', 'u', 'The fortress lets visitors in from 9am.', 'random one, what’s the time difference with Tokyo?'],
    ['shopping', 'u', 'That blender has a five-year guarantee.', 'side question, is Black Friday actually cheaper?'],
    ['travel', 'p', 'The coastal walk from Porthcurno is gorgeous.', 'we did it, stunning. where should we eat in Penzance?'],
    ['shopping', 'p', 'The merino base layer will keep you warm.', 'wearing it now, cosy. what gloves go with it?'],
    ['coding', 'p', 'Add an index to the orders table.', 'that fixed the slow page, thanks. now, how do I cache the homepage?'],
    ['media', 'p', 'The Expanse is worth sticking with past season one.', 'hooked by season two as promised. similar books to read next?'],
  ],
  'short-positive': [
    ['food', 'p', 'The taco truck on Fifth is worth the detour.', 'went twice in one day'],
    ['travel', 'p', 'Ljubljana makes a lovely long weekend.', 'we’re already looking at flats there'],
    ['coding', 'p', 'The pragmatic testing course is a good one.', 'my tests actually catch things now'],
    ['writing', 'p', 'That notebook with dotted pages suits sketching plans.', 'filled half of it in the first week'],
    ['media', 'p', 'The Bear’s soundtrack is worth a listen on its own.', 'on repeat in the kitchen every night'],
  ],
  complaint: [
    ['shopping', 'n', 'That brolly stands up to gales.', 'inside out at the first gust, two spokes snapped'],
    ['food', 'n', 'The brunch spot on the corner is lovely.', 'waited an hour and the eggs were rubbery'],
    ['travel', 'n', 'The city pass saves you loads.', 'half the museums on it were shut'],
    ['coding', 'n', 'That hosting plan is reliable.', 'three outages this month, one during our launch'],
    ['media', 'n', 'The new season is as good as the first.', 'nodded off before the opening credits finished'],
  ],
};

/** Round-27 blind set (90 pairs). */
export const GAUGE_PHENOMENA_ROUND27: readonly GaugeExample[] = phenomenaExamples('blind27-', rows);
