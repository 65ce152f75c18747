import { tokenize } from '@tg/math';

/**
 * Words that ask for a recommendation without saying what about: verbs of getting or consuming, pronouns,
 * quantifiers, time words and politeness. A query made only of these ("what should I buy next?",
 * "recommend something", "anything for me?") is an intent over the anchor's taste, not a filter.
 */
const GENERIC = new Set(
  (
    'should shall might may must could would can cant could gonna wanna let lets want need like love ' +
    'buy get grab order purchase shop pick choose try check see watch read listen hear play cook eat drink make ' +
    'visit go do use wear give show tell find suggest suggestion suggestions recommend recommendation ' +
    'recommendations recommended idea ideas option options pick picks choice choices thing things stuff item items ' +
    'something anything everything nothing some any another other others else more new next now today tonight ' +
    'weekend later soon good great nice best top favourite favorite worth interesting cool fun ' +
    'am im ive id ill hey hi hello please thanks thank ok okay maybe perhaps just really also still ' +
    'how about whats here got one ones out up'
  ).split(' '),
);

/**
 * Whether a query is a generic intent ("what should I buy next?") rather than a specific question: once
 * the tokenizer's stopwords and the {@link GENERIC} vocabulary are removed, no word is left.
 */
export function isGenericIntent(query: string): boolean {
  return askSubject(query) === '';
}

/**
 * What a question is about: its words without stopwords and the {@link GENERIC} asking vocabulary
 * ("Which drama should I watch this weekend?" → "drama"). Searching for this instead of the whole
 * sentence keeps "watch" from matching "End of Watch". Empty for a generic intent.
 */
export function askSubject(query: string): string {
  return tokenize(query.replace(/['’]/g, ''))
    .filter((t) => !GENERIC.has(t))
    .join(' ');
}
