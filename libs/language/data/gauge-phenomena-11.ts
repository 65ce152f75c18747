/**
 * Training pairs added in round 11 (issue 17), organised by construction rather than by last round's misses: ten
 * rounds showed that the gauge generalises to new wordings of a construction it has seen, not to new constructions,
 * so each phenomenon below lists distinct constructions (the comment above each group names it) and gives both
 * labels in most of them (the same form over a good and over a bad situation), across the six domains. Written for
 * this repository before the round-11 model was frozen and before the round-11 blind set was written; none copies
 * a pair of any earlier set (checked by exact text).
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  sarcasm: [
    // "great, another X" / "oh good, more X" over an unwanted repeat, against welcome more of the same
    ['media', 'n', 'The studio has announced a ninth film in the franchise.', 'Oh good, another one. Just what the world was missing.'],
    ['coding', 'n', 'The framework’s new major version renames the router again.', 'Great, a third router API in two years.'],
    ['food', 'n', 'The set menu adds a fourth course of foam.', 'Wonderful, more foam.'],
    ['media', 'p', 'The band added a second night because the first sold out.', 'Oh good, another chance to get tickets.'],
    ['food', 'p', 'The bakery is doing a second batch of the pistachio croissants at noon.', 'Great, another shot at them at lunch.'],
    // "love how …" / "I adore that …" naming the flaw
    ['shopping', 'n', 'That phone case adds 4 mm to each side.', 'Love how it turns a phone into a brick.'],
    ['travel', 'n', 'The resort charges a daily fee for the towels.', 'I adore that the towels come with a meter running.'],
    ['coding', 'n', 'The CLI prints a full stack trace when you mistype a flag.', 'Love how a typo gets forty lines of Java.'],
    ['writing', 'p', 'Cut the first paragraph; the story starts in the second.', 'Love how that drops the reader straight into it.'],
    ['travel', 'p', 'The ferry crosses the fjord and you can sit on the open deck.', 'Love how the trip itself is the view.'],
    // "just what I needed: <bad thing>" / "exactly what I was hoping for"
    ['shopping', 'n', 'The vacuum’s battery lasts twelve minutes.', 'Exactly what a three-bedroom flat needs.'],
    ['travel', 'n', 'The only connection has a seven-hour wait in Doha overnight.', 'Just what I needed, a night on airport benches.'],
    ['coding', 'n', 'The fix requires restarting the whole cluster by hand.', 'Just what my Friday evening was missing.'],
    ['food', 'p', 'The deli two doors down makes the rye bread you described.', 'Just what I needed, heading there now.'],
    ['coding', 'p', 'There’s a flag that skips the slow integration suite locally.', 'Exactly what I was hoping for.'],
    // rhetorical "because that worked so well last time"
    ['coding', 'n', 'Rewrite the service from scratch in a new language.', 'Because that went so smoothly the last three times.'],
    ['travel', 'n', 'Book the budget airline again, it’s the cheapest.', 'Sure, since they lost my bag so gracefully last time.'],
    ['food', 'n', 'Try the same recipe but double the chilli.', 'Yes, because the first version didn’t set off the smoke alarm at all.'],
    ['writing', 'n', 'Send the manuscript to the same forty agents again.', 'Right, they loved it so much the first time.'],
    ['media', 'n', 'Give the reboot another chance, episode two is better.', 'As good as episode one, you mean? Can’t wait.'],
    // exaggerated thanks over a failure or a useless answer
    ['coding', 'n', 'Have you tried unplugging the router and plugging it back in?', 'Wow, thank you so much, never would have thought of that.'],
    ['shopping', 'n', 'Check the manufacturer’s website for support.', 'Thanks ever so much, the detective work of the century.'],
    ['writing', 'n', 'Make it better by improving the writing.', 'Truly grateful for this insight.'],
    ['travel', 'n', 'To get there, travel to the destination.', 'Thank you, I would never have worked that out alone.'],
    ['food', 'p', 'Rest the steak for five minutes before slicing so the juices stay in.', 'Thank you so much, that was my missing step.'],
    // terse mock approval of a drastic or absurd proposal
    ['coding', 'n', 'Set the timeout to zero so it never times out.', 'Flawless logic.'],
    ['shopping', 'n', 'Buy three of them in case two break.', 'Sound financial planning there.'],
    ['food', 'n', 'Skip the salt entirely, it’ll taste the same.', 'Bold claim. Bland soup incoming.'],
    ['writing', 'n', 'Put every character’s backstory in the first chapter.', 'A gripping start, I’m sure.'],
    ['media', 'n', 'Watch it at double speed to get through the slow bits.', 'Truly how the director intended it.'],
    ['travel', 'n', 'Drive the 900 km in one day, no breaks needed.', 'Very relaxing holiday plan.'],
    ['coding', 'p', 'Cache the token and refresh it a minute before it expires.', 'Sound logic, adding that.'],
    ['travel', 'p', 'Split the 900 km drive over two days with a night in Lyon.', 'Much more relaxing, good plan.'],
    // understatement over a disaster
    ['food', 'n', 'Leave the bread in for an extra hour at 250.', 'Slightly on the crispy side, that one.'],
    ['coding', 'n', 'Run the migration on production without a backup.', 'A touch risky, maybe.'],
    ['shopping', 'n', 'The £15 suitcase should survive a few trips.', 'It made it halfway down the stairs.'],
    // ironic question of praise ("could it be any better?")
    ['media', 'n', 'The sequel cuts every character you liked.', 'Could it get any better?'],
    ['travel', 'n', 'The hotel’s pool is closed for the season and the gym is under repair.', 'What more could anyone want?'],
    ['food', 'p', 'The ramen place does a free extra egg on Mondays.', 'What more could anyone want, Monday it is.'],
    // "Yeah, no." and other ironic assent
    ['shopping', 'n', 'That jacket’s a steal at £600.', 'Oh totally, an absolute steal.'],
    ['coding', 'n', 'Just write your own database, it’s not that hard.', 'Sure, I’ll knock one out this afternoon.'],
    ['writing', 'n', 'Write the whole thesis this weekend.', 'Of course, with my spare weekend hours.'],
    ['travel', 'p', 'The museum is free on the first Sunday of the month.', 'Oh nice, first Sunday it is.'],
    // mock enthusiasm with an emoji-free exclamation about waiting or cost
    ['shopping', 'n', 'Delivery is estimated in six to eight weeks.', 'Can hardly contain my excitement.'],
    ['media', 'n', 'The next season is due in 2029.', 'Only three years. Thrilling.'],
    ['food', 'n', 'The tasting menu is £340 a head before wine.', 'Pocket change, clearly.'],
    ['shopping', 'p', 'It arrives tomorrow before noon.', 'Tomorrow, brilliant.'],
    ['food', 'p', 'The tasting menu is £35 and includes a glass of wine.', 'That’s a bargain, booking.'],
    // praise naming the cost itself ("nothing says X like Y")
    ['travel', 'n', 'The cheapest room faces the nightclub.', 'Nothing says rest like a bass line at 3 am.'],
    ['coding', 'n', 'Add another abstraction layer between the controller and the service.', 'Nothing says readable like seven files for one call.'],
    ['writing', 'n', 'Use the passive voice throughout to sound objective.', 'Nothing says engaging like "it was decided".'],
    ['food', 'n', 'Microwave the leftover fish at work.', 'Nothing says team spirit like reheated mackerel.'],
    // "what could go wrong" / "what's the worst that could happen"
    ['coding', 'n', 'Give the intern admin rights to production.', 'Can’t see a single thing going wrong.'],
    ['travel', 'n', 'Rent the cheapest scooter and ride it up the mountain.', 'What’s the worst that could happen.'],
    ['shopping', 'n', 'Buy the refurbished hard drive with no warranty for your backups.', 'Nothing could go wrong there.'],
    // praise of the very thing proposed, sincere, in the same few words
    ['media', 'p', 'Watch the extended cut, it restores the character arcs.', 'Now that is worth the extra hour.'],
    ['shopping', 'p', 'The refurbished laptop comes with a two-year warranty.', 'Nothing could go wrong there, perfect.'],
    ['writing', 'p', 'Read each chapter aloud before sending it.', 'Great shout, hearing it catches so much.'],
    ['coding', 'p', 'Add a health check so the load balancer drops dead pods.', 'Ah, lovely, that explains the 502s.'],
  ],
  'action-report': [
    // past-tense purchase verbs, with and without an outcome
    ['shopping', 'p', 'The Anker charger is the one to get, it handles both laptops.', 'Bought.'],
    ['shopping', 'p', 'Get the merino base layer, not the polyester one.', 'Picked up the merino, thanks.'],
    ['shopping', 'p', 'The 27-inch monitor is on sale until Sunday.', 'Snagged one before it ended.'],
    ['shopping', 'n', 'The cheap air fryer does the job.', 'Bought it. Smells of burnt plastic every time.'],
    ['shopping', 'n', 'Go for the slimmer backpack.', 'Got it. The zip broke on day two.'],
    ['shopping', 'p', 'It’s cheaper on the manufacturer’s site this week.', 'It’s in the cart.'],
    ['shopping', 'p', 'The grey one matches your desk.', 'Grey it is, checked out.'],
    // booking verbs
    ['travel', 'p', 'The night train to Vienna has sleeper cabins left.', 'Booked a cabin.'],
    ['travel', 'p', 'Reserve the table by the window for eight.', 'Reserved, they even remembered my name.'],
    ['travel', 'n', 'Book the airport hotel, it’s walking distance.', 'Booked. The walk is along a motorway with no pavement.'],
    ['food', 'n', 'Book the 9 pm sitting, it’s quieter.', 'Booked it. Kitchen closed at 9:15, we got bread.'],
    ['travel', 'p', 'Rent a car for the coast road.', 'Car picked up, top down, best day of the trip.'],
    // installation and configuration
    ['coding', 'p', 'Install the ESLint plugin for the editor.', 'Installed.'],
    ['coding', 'p', 'Enable noUncheckedIndexedAccess in the tsconfig.', 'Turned it on. 43 real bugs surfaced, fixing them.'],
    ['coding', 'n', 'Bump the ORM two majors in one go.', 'Upgraded. Half the queries return undefined now.'],
    ['media', 'p', 'Install the subtitle plugin for the player.', 'Installed, works a treat.'],
    ['media', 'n', 'Install the codec pack.', 'Installed it. Now nothing plays at all.'],
    // shipping, merging, deploying, submitting
    ['coding', 'p', 'Squash the commits and open the PR against main.', 'Merged it, CI green.'],
    ['coding', 'p', 'Ship the hotfix behind a flag.', 'Shipped, flag on for 10%, error rate flat.'],
    ['coding', 'n', 'Deploy it on Friday, the change is tiny.', 'Deployed. Spent Saturday rolling back.'],
    ['writing', 'p', 'Send it to the magazine as it stands.', 'Submitted this morning.'],
    ['writing', 'n', 'Post the first chapter on the forum for feedback.', 'Posted it. The only reply was an advert.'],
    ['shopping', 'p', 'Return the faulty one within the 30 days.', 'Sent back, refund already in my account.'],
    // "went with the second" / choosing among offered options
    ['travel', 'p', 'Either the harbour hotel or the one in the old town.', 'Went with the second.'],
    ['food', 'p', 'For the wine, a Rioja or a Côtes du Rhône would work.', 'Went for the Rioja, everyone finished it.'],
    ['media', 'p', 'Start with either the novel or the radio adaptation.', 'Chose the radio version for the commute.'],
    ['shopping', 'n', 'Pick between the wool and the cotton throw.', 'Went with the wool. It sheds everywhere.'],
    ['writing', 'p', 'Title options: "Low Tide" or "The Salt Year".', 'Going with The Salt Year, it’s on the cover already.'],
    // following instructions (cook, apply, run) with world-knowledge outcomes
    ['food', 'p', 'Salt the aubergine and let it sit for 30 minutes.', 'Did that, no bitterness at all.'],
    ['food', 'n', 'Bake the cheesecake at 200 for an hour.', 'Baked it. Cracked down the middle like a canyon.'],
    ['food', 'p', 'Stir a teaspoon of white miso into the caramel.', 'Added it. Everyone asked for the recipe.'],
    ['food', 'n', 'Use baking soda instead of powder.', 'Used soda. Tastes like a swimming pool.'],
    ['coding', 'p', 'Run the profiler on the export job.', 'Ran it. One regex was 90% of the time, gone now.'],
    ['coding', 'n', 'Clear the cache and rebuild.', 'Cleared and rebuilt. Same red screen.'],
    ['writing', 'p', 'Move the flashback to chapter three.', 'Moved it, the middle finally breathes.'],
    ['writing', 'n', 'Cut the subplot with the brother.', 'Cut it. Now the ending makes no sense.'],
    ['media', 'p', 'Calibrate the TV with the cinema preset.', 'Switched to it, skin tones look human again.'],
    ['media', 'n', 'Turn on motion smoothing for football.', 'Turned it on. Everything looks like a soap opera.'],
    ['travel', 'p', 'Catch the 7:10 ferry before the day-trippers.', 'Took it, had the island to ourselves till eleven.'],
    ['travel', 'n', 'Walk from the station, it’s twenty minutes.', 'Walked it. Forty uphill, in the rain.'],
    // "done" with a detail; bare completion
    ['coding', 'p', 'Rotate the API key and update the secret.', 'Done and done.'],
    ['writing', 'p', 'Trim the abstract to 150 words.', 'Done, 148.'],
    ['food', 'p', 'Marinate the chicken overnight.', 'In the fridge since last night.'],
    ['travel', 'p', 'Print the boarding passes before you go.', 'Printed, in the folder.'],
    // outcomes stated as numbers only (world knowledge decides)
    ['coding', 'p', 'Put a composite index on (user_id, created_at).', 'Added. 4 s down to 30 ms.'],
    ['coding', 'n', 'Add a retry loop around the upload.', 'Added. Upload now takes 4 minutes instead of 4 seconds.'],
    ['shopping', 'p', 'Ask for a price match at the till.', 'Asked, saved £40.'],
    ['shopping', 'n', 'Haggle at the market, they expect it.', 'Tried. Paid double what the next stall charged.'],
  ],
  refusal: [
    // thanks + decline without "no"
    ['food', 'n', 'I can add a wine pairing for each course.', 'Kind of you, we’ll just have water.'],
    ['travel', 'n', 'Shall I add travel insurance to the booking?', 'Appreciated, I’m covered through work.'],
    ['shopping', 'n', 'Want me to add the extended warranty?', 'I’ll take my chances, thanks.'],
    ['coding', 'n', 'I can set up a Kubernetes cluster for the side project.', 'Generous, but a single VPS is plenty.'],
    ['writing', 'n', 'Shall I draft a prologue too?', 'Let’s leave it without one.'],
    ['media', 'n', 'Want me to queue the director’s other films?', 'I’m good with just this one.'],
    // preference for the status quo
    ['food', 'n', 'Try grinding your own spices for the curry.', 'The jar has served me well for years.'],
    ['travel', 'n', 'Upgrade to the business lounge for £40.', 'The gate seats do me fine.'],
    ['coding', 'n', 'Switch your editor to Neovim.', 'VS Code and I are staying together.'],
    ['shopping', 'n', 'Replace the kettle with a variable-temperature one.', 'The old one boils water, that’s all I ask.'],
    ['writing', 'n', 'Move the draft into Scrivener.', 'Plain text has never let me down.'],
    // declining for a reason (time, space, money) without saying no
    ['food', 'n', 'Make the stock from scratch, it takes six hours.', 'Not on a Tuesday.'],
    ['shopping', 'n', 'A stand mixer would make the bread easier.', 'There’s no counter space left for one.'],
    ['travel', 'n', 'Add a day trip to the glacier, it’s €180.', 'That’s the whole food budget.'],
    ['media', 'n', 'The box set is 14 seasons.', 'I’ll be retired before I finish that.'],
    // deferral ("maybe another time", "some other year")
    ['travel', 'n', 'The night safari runs on Thursdays.', 'Some other trip, maybe.'],
    ['media', 'n', 'There’s a six-part podcast on the making of the album.', 'One for another year.'],
    ['coding', 'n', 'I can also add end-to-end tests with Playwright.', 'Parking that for now.'],
    // refusal of an offer by choosing to do it oneself
    ['writing', 'n', 'Want me to rewrite the ending for you?', 'I’d rather find it myself.'],
    ['coding', 'n', 'Shall I write the migration script?', 'I’ll hand-roll it, it’s good practice.'],
    ['food', 'n', 'I can plan the whole week’s menu.', 'I like deciding on the day.'],
    // acceptances in the same shapes (offer taken up, terse or with a detail)
    ['food', 'p', 'I can add a wine pairing for each course.', 'Kind of you, yes, reds for the mains.'],
    ['travel', 'p', 'Shall I add travel insurance to the booking?', 'Please, the annual one.'],
    ['shopping', 'p', 'Want me to add the extended warranty?', 'Go on, it’s cheap enough.'],
    ['coding', 'p', 'I can write the migration script.', 'That would save me an evening, yes.'],
    ['writing', 'p', 'Shall I draft a prologue too?', 'Yes, short, from the sister’s view.'],
    ['media', 'p', 'Want me to queue the director’s other films?', 'All of them, in order.'],
    ['travel', 'p', 'The night safari runs on Thursdays.', 'Thursday works, count us in.'],
    ['coding', 'p', 'I can also add end-to-end tests with Playwright.', 'Yes please, the checkout flow first.'],
    ['food', 'p', 'Make the stock from scratch, it takes six hours.', 'Sunday project, I’m in.'],
    ['shopping', 'p', 'A stand mixer would make the bread easier.', 'True, my arms agree.'],
    ['media', 'p', 'There’s a six-part podcast on the making of the album.', 'Ooh, that’s my week sorted.'],
    ['writing', 'p', 'Want me to rewrite the ending for you?', 'Please, I’m stuck.'],
    ['travel', 'p', 'Upgrade to the business lounge for £40.', 'For a five-hour layover, worth it.'],
    ['food', 'p', 'I can plan the whole week’s menu.', 'You’d be saving my evenings.'],
  ],
  'already-have': [
    // possession said through where it is or how long it has been there
    ['shopping', 'n', 'A cast-iron skillet would suit your cooking.', 'Mine’s been on the stove since 2009.'],
    ['shopping', 'n', 'Get a label maker to sort the cables.', 'There’s one in the drawer under the printer.'],
    ['media', 'n', 'The remastered vinyl is worth owning.', 'It’s on the shelf next to the original pressing.'],
    ['coding', 'n', 'Add Prettier to the project.', 'It runs on every commit already.'],
    ['food', 'n', 'Buy a microplane for the zest.', 'Using it right now, actually.'],
    // familiarity said through a repeat or a habit
    ['media', 'n', 'You might like the podcast about the shipwreck.', 'Listened to every episode twice.'],
    ['travel', 'n', 'Try the walk along the old aqueduct.', 'We do it every time we visit.'],
    ['writing', 'n', 'Read "Bird by Bird" for the craft advice.', 'My copy has more notes than text.'],
    ['food', 'n', 'The cardamom buns at that café are famous.', 'Saturday mornings are built around them.'],
    ['coding', 'n', 'Look at the Rust book’s chapter on lifetimes.', 'I could recite it.'],
    // already done what is suggested
    ['travel', 'n', 'Apply for the e-visa before you fly.', 'Approved last week.'],
    ['writing', 'n', 'Get a beta reader before querying.', 'Three have read it.'],
    ['coding', 'n', 'Turn on two-factor auth for the account.', 'Been on since day one.'],
    ['shopping', 'n', 'Register the product for the extra warranty year.', 'Did it the day it arrived.'],
    ['food', 'n', 'Season the wok before first use.', 'It’s black as night already.'],
    // past experience of the place or item
    ['travel', 'n', 'Lisbon is lovely in spring.', 'Spent a semester there.'],
    ['media', 'n', 'The series is on the streaming service now.', 'Saw it when it aired.'],
    ['food', 'n', 'Try the tasting menu at the harbour place.', 'Our anniversary dinner was there.'],
    ['writing', 'n', 'Consider the summer workshop in Iowa.', 'Alumnus, class of 2019.'],
    ['shopping', 'n', 'The Kindle Paperwhite is a good e-reader.', 'On my third one.'],
    // discovery: the item is new (positive), in the same shapes
    ['shopping', 'p', 'A cast-iron skillet would suit your cooking.', 'Never owned one, adding it to the list.'],
    ['media', 'p', 'You might like the podcast about the shipwreck.', 'Hadn’t heard of it, subscribing.'],
    ['travel', 'p', 'Try the walk along the old aqueduct.', 'Didn’t know there was one, going tomorrow.'],
    ['writing', 'p', 'Read "Bird by Bird" for the craft advice.', 'New to me, ordered it.'],
    ['food', 'p', 'The cardamom buns at that café are famous.', 'Somehow never tried them, will Saturday.'],
    ['coding', 'p', 'Look at the Rust book’s chapter on lifetimes.', 'Skipped that one, reading it now.'],
    ['travel', 'p', 'Lisbon is lovely in spring.', 'Never been, spring it is.'],
    ['media', 'p', 'The series is on the streaming service now.', 'Missed it first time round, perfect.'],
    ['food', 'p', 'Try the tasting menu at the harbour place.', 'Haven’t been yet, booking it.'],
    ['shopping', 'p', 'The Kindle Paperwhite is a good e-reader.', 'Still reading on my phone, so yes.'],
    ['coding', 'p', 'Add Prettier to the project.', 'We don’t have a formatter yet, good call.'],
    ['shopping', 'p', 'Get a label maker to sort the cables.', 'Didn’t think of that, ordering.'],
  ],
  pivot: [
    // dismissal + new question
    ['coding', 'n', 'You could memoise the selector with reselect.', 'Whatever. How do I squash commits?'],
    ['food', 'n', 'Try toasting the rice before adding the stock.', 'Forget the risotto. What goes with salmon?'],
    ['travel', 'n', 'The cable car runs every 15 minutes.', 'Doesn’t matter now. Is Porto worth a day?'],
    ['shopping', 'n', 'The blue one has better reviews.', 'Never mind that. Where do I get cheap frames?'],
    ['writing', 'n', 'Try writing the scene from the dog’s view.', 'Moving on. How long is a novella?'],
    ['media', 'n', 'The soundtrack is on vinyl too.', 'Skip it. Any good horror from this year?'],
    // "different question" / "new topic" announcements
    ['coding', 'n', 'Use a union type for the status.', 'Different question entirely: tabs or spaces?'],
    ['food', 'n', 'Add a splash of vinegar to lift it.', 'New topic, what’s a good knife?'],
    ['travel', 'n', 'The Rhine cruise stops in six towns.', 'Scratch the cruise. Cheapest way to Prague?'],
    // silent switch to an unrelated request, no uptake
    ['shopping', 'n', 'That drill has a brushless motor.', 'What’s the best way to clean suede?'],
    ['media', 'n', 'The book’s ending differs from the film.', 'Recommend me a board game for four.'],
    ['writing', 'n', 'Vary your sentence length in that paragraph.', 'How do I format a screenplay?'],
    // pivot after frustration with the reply
    ['coding', 'n', 'Check the logs for the stack trace.', 'This is going nowhere. How do I reset my password instead?'],
    ['food', 'n', 'You can substitute the buttermilk with yoghurt.', 'I’ll figure it out. Anyway, dessert ideas?'],
    // follow-on questions that keep the thread (positive)
    ['coding', 'p', 'You could memoise the selector with reselect.', 'Does reselect work with the toolkit’s slices?'],
    ['food', 'p', 'Try toasting the rice before adding the stock.', 'How long do I toast it for?'],
    ['travel', 'p', 'The cable car runs every 15 minutes.', 'Does it run in the rain too?'],
    ['shopping', 'p', 'The blue one has better reviews.', 'Is the blue one also in a medium?'],
    ['writing', 'p', 'Try writing the scene from the dog’s view.', 'Ha, first person dog? Present tense?'],
    ['media', 'p', 'The soundtrack is on vinyl too.', 'Which label pressed it?'],
    // thanks then a related next step (positive) against thanks then an unrelated topic (neutral)
    ['travel', 'p', 'The Rhine cruise stops in six towns.', 'Thanks. Which stop has the best castle?'],
    ['coding', 'u', 'Use a union type for the status.', 'Thanks. Separately, what’s a good laptop for coding?'],
    ['food', 'u', 'Add a splash of vinegar to lift it.', 'Got it. Unrelated: any tips for a sourdough starter?'],
    ['shopping', 'p', 'That drill has a brushless motor.', 'Nice, does it take the older batteries?'],
  ],
  engagement: [
    // detail questions about the item (cost, size, timing, compatibility)
    ['shopping', 'p', 'The merino socks are the warmest option.', 'Do they shrink in a hot wash?'],
    ['travel', 'p', 'Stay in Trastevere for the evenings.', 'Is it loud at night there?'],
    ['food', 'p', 'Swap the cream for crème fraîche.', 'Will it split if it boils?'],
    ['coding', 'p', 'Use a worker thread for the image resizing.', 'How many workers for two cores?'],
    ['writing', 'p', 'Open with the phone call, not the funeral.', 'Should the caller stay unnamed?'],
    ['media', 'p', 'Watch it in the original Korean with subtitles.', 'Are the official subtitles any good?'],
    // rhetorical pushback in question form (negative)
    ['shopping', 'n', 'The merino socks are £28 a pair.', 'For socks?'],
    ['travel', 'n', 'Stay in the centre for the nightlife.', 'Did I say I wanted nightlife?'],
    ['food', 'n', 'Make your own pasta for the dinner party.', 'In which free hour?'],
    ['coding', 'n', 'Add a message queue between the two services.', 'For ten requests a day?'],
    ['writing', 'n', 'Add a map and a family tree at the front.', 'To a 40-page novella?'],
    ['media', 'n', 'Start with the first 1990s season.', 'Who has time for 200 episodes?'],
    ['travel', 'n', 'Take the bus, it’s only nine hours.', 'Only?'],
    ['shopping', 'n', 'Buy the premium version for the extra colours.', 'Who needs forty shades of grey?'],
    ['coding', 'n', 'Write the parser by hand for speed.', 'Why would I, when there’s a library?'],
    // "what about …" extending the reply (positive) vs "what about what I asked" (negative)
    ['food', 'p', 'Roast the squash with sage.', 'And what about the seeds, roast those too?'],
    ['travel', 'p', 'Walk the Path of the Gods from Bomerano.', 'How steep is it with kids?'],
    ['media', 'n', 'The trilogy is great for a long weekend.', 'And the thing I actually asked about?'],
    ['writing', 'p', 'Try a braided structure for the memoir.', 'How many strands before it gets confusing?'],
    ['coding', 'p', 'Feature flags would let you ship it dark.', 'Which library for flags in Go?'],
  ],
  'short-positive': [
    // idioms of praise
    ['food', 'p', 'Brown the butter before adding it to the cookie dough.', 'Game changer.'],
    ['coding', 'p', 'Bisect it: git bisect run with the failing test.', 'Ten out of ten.'],
    ['travel', 'p', 'Take the left fork for the viewpoint; nobody goes that way.', 'Hidden gem, cheers.'],
    ['writing', 'p', 'End on the image of the empty chair.', 'Chills.'],
    ['media', 'p', 'Watch the Kurosawa before the Western remake.', 'Good call.'],
    ['shopping', 'p', 'Buy the bigger size; it runs small.', 'You saved me a return.'],
    // gratitude with a reason
    ['coding', 'p', 'The error means the port is taken; kill the old process.', 'That was it, thank you.'],
    ['food', 'p', 'Your dough is under-proofed; give it another hour.', 'Makes total sense now, thanks.'],
    ['travel', 'p', 'You can transit through Helsinki without a visa.', 'You’ve saved the trip.'],
    ['writing', 'p', 'The middle sags because nobody wants anything.', 'Oof, true. Thank you.'],
    // terse emphatic approval
    ['media', 'p', 'Listen to the live version from 1977.', 'Bang on.'],
    ['shopping', 'p', 'Go for the linen sheets.', 'Yes! Exactly that.'],
    ['food', 'p', 'Finish the soup with lemon zest.', 'Nailed it.'],
    ['coding', 'p', 'Use structuredClone instead of JSON round-tripping.', 'TIL, brilliant.'],
    ['travel', 'p', 'Sit on the left for the view of the bay.', 'Top tip.'],
    ['writing', 'p', 'Cut "suddenly" everywhere.', 'Ha, guilty. Good one.'],
    ['media', 'p', 'Try the director’s first short film.', 'What a find.'],
    ['shopping', 'p', 'The store brand is the same factory as the premium one.', 'Love a bit of insider knowledge.'],
  ],
  complaint: [
    // "that's not an answer" family
    ['coding', 'n', 'That really depends on what you need.', 'That’s not an answer.'],
    ['travel', 'n', 'There are many great places to visit in Spain.', 'You could say that about anywhere.'],
    ['food', 'n', 'Cook it until it’s ready.', 'Which is when, exactly?'],
    ['shopping', 'n', 'Choose whichever suits your needs best.', 'Thanks, very specific.'],
    // negated usefulness
    ['writing', 'n', 'Consider revising the draft.', 'Not helpful.'],
    ['media', 'n', 'Movies are a great way to relax.', 'That doesn’t really help.'],
    ['coding', 'n', 'Try a different approach.', 'Didn’t help, sorry.'],
    ['food', 'n', 'Use good ingredients.', 'No good to me.'],
    ['shopping', 'n', 'Read the reviews before buying.', 'That doesn’t get me anywhere.'],
    // pointing out a miss of the request
    ['travel', 'n', 'Here are five beach resorts in Greece.', 'I asked for mountains.'],
    ['writing', 'n', 'Here is a sonnet about autumn.', 'It doesn’t rhyme, and it’s about spring I wanted.'],
    ['media', 'n', 'The top-rated comedies this year are listed below.', 'Half of these are dramas.'],
    ['coding', 'n', 'Here is the function in Python.', 'The repo is TypeScript, as I said.'],
    // flat dismissal
    ['food', 'n', 'A cheese board is always a crowd-pleaser.', 'Boring.'],
    ['shopping', 'n', 'A gift card is a safe choice.', 'Lazy.'],
    ['media', 'n', 'The sequel is widely regarded as good.', 'According to whom?'],
    ['travel', 'n', 'Just go anywhere you like.', 'Great help, that.'],
    ['writing', 'n', 'The title should be catchy.', 'Ok.'],
    ['coding', 'n', 'Bugs can have many causes.', 'Fine, whatever.'],
    ['food', 'n', 'Add seasoning to taste.', 'ok.'],
  ],
  contradiction: [
    // a bare correction of a fact (negative) against a confirmation echo (positive)
    ['travel', 'n', 'The Louvre is closed on Mondays.', 'Tuesdays.'],
    ['coding', 'n', 'Array.prototype.at was added in ES2020.', 'ES2022.'],
    ['food', 'n', 'Pasteis de nata come from Porto.', 'Belém, Lisbon.'],
    ['media', 'n', 'The band’s debut album came out in 1997.', 'Ninety-five.'],
    ['shopping', 'n', 'The warranty is two years.', 'One, per the receipt.'],
    ['writing', 'n', 'The contest limit is 3,000 words.', 'It’s 2,500 this year.'],
    ['travel', 'p', 'The Louvre is closed on Tuesdays.', 'Tuesday, noted, going Wednesday.'],
    ['coding', 'p', 'Array.prototype.at arrived in ES2022.', 'ES2022, so Node 16.6 and up, fine.'],
    ['food', 'p', 'Pasteis de nata come from Belém.', 'Belém it is, on the tram list.'],
    ['media', 'p', 'The album came out in 1995.', '95, that’s the one.'],
    ['shopping', 'p', 'The warranty is one year.', 'One year, got it.'],
    ['writing', 'p', 'The contest limit is 2,500 words.', 'I’m at 2,430, phew.'],
  ],
  restatement: [
    // constraint restated as a fact about the user (negative) against the constraint met (positive)
    ['food', 'n', 'Top it with crispy bacon.', 'Our house is pescatarian.'],
    ['travel', 'n', 'The cheapest route has three changes.', 'With a toddler and a buggy.'],
    ['shopping', 'n', 'The 65-inch model is the best value.', 'The wall is 1.2 metres wide.'],
    ['coding', 'n', 'Use the new Array.fromAsync.', 'We’re stuck on Node 18.'],
    ['writing', 'n', 'Add a 2,000-word prologue.', 'The cap is 5,000 in total.'],
    ['media', 'n', 'The horror double bill is a great night in.', 'The kids are watching too.'],
    ['food', 'p', 'Top it with crispy capers instead of bacon.', 'Pescatarian-friendly, perfect.'],
    ['travel', 'p', 'The direct train has lifts at both ends.', 'Buggy-friendly, booked.'],
    ['shopping', 'p', 'The 43-inch fits a 1.2 m wall with room to spare.', 'That’ll fit, ordering.'],
    ['coding', 'p', 'On Node 18, collect the async iterator in a loop.', 'Works on 18, thanks.'],
    ['writing', 'p', 'Keep the prologue to 300 words.', 'Fits under the cap, good.'],
    ['media', 'p', 'The animated ghost film is scary but fine for kids.', 'Kids will love that.'],
  ],
};

/** The round-11 training additions: every row above, id `r11-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ADDED_11: readonly GaugeExample[] = phenomenaExamples('r11-', rows);
