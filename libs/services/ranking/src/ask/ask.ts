import { TgError, type OP } from '@tg/contracts';
import type { EntityDoc } from '@tg/domain';
import type { AskInput } from '@tg/language';
import { cosine } from '@tg/math';
import type { OperationHandler } from '@tg/messaging';
import { generate } from '../generate';
import { anchorOf, hasCreatedText, type RankingDeps } from '../ranking-deps';
import { pairMatch } from '../evidence/scoring';
import { search } from '../search/search';
import { grounding, themesOf } from '../themes';
import { askSubject } from './intent';
import { pickSuggestions } from './suggestions';

/** Least score for an item to be named in an /ask answer as a suggestion (a fit to the anchor's taste)… */
export const ASK_MIN_TASTE = 0.5;
/** …and least combined search score (query and taste). */
export const ASK_MIN_SCORE = 0.3;

/** `tg.rpc.rank.ask`: a grounded answer to a question in the anchor's taste. */
export function askHandler(r: RankingDeps): OperationHandler<typeof OP.rank.ask> {
  return async (req, ctx) => {
    await r.host.ready(req);
    const anchor = anchorOf(r, req.ws, req.data.anchor);
    const { cat, doc } = anchor;
    if (!hasCreatedText(cat, doc)) throw new TgError('anchor_has_no_text', 'The anchor has no created text yet: link content to it first', { entity_id: doc.id });
    const linked = cat.parents.get(doc.id)?.children ?? new Map<string, unknown>();
    // A generic intent ("what should I buy next?") asks about the taste itself: search by taste alone;
    // a specific question searches for its subject, without the asking words ("watch", "buy").
    const subject = askSubject(req.data.query);
    const generic = subject === '';
    const { scored, q } = await search(r, req.ws, { ...req.data, query: subject, limit: 40 }, ctx.requestId);
    const likedRanked = [...linked.keys()]
      .map((k) => cat.entities.get(k))
      .filter((d): d is EntityDoc => !!d && cat.vectors.has(d.id))
      .map((d) => ({ d, s: q ? pairMatch(cosine(cat.vectors.get(d.id)!, q)) : 0.5 }))
      .sort((a, b) => b.s - a.s);
    const liked = likedRanked.slice(0, 5).map(({ d, s }) => grounding(d, s));
    // Named suggestions must fit the anchor's taste and the query: nothing irrelevant is ever named.
    const suggestions = pickSuggestions(scored, linked, generic, { minTaste: ASK_MIN_TASTE, minScore: ASK_MIN_SCORE })
      .map((s) => grounding({ id: s.c.entity_id, name: s.c.name, description: s.c.description, url: s.c.url, type: s.c.type, text: s.c.text }, generic ? s.signals['taste']! : s.score));
    const input: AskInput = {
      query: req.data.query,
      anchor: { id: doc.id, name: doc.name, type: doc.type, description: doc.description },
      inTermsOf: req.data.inTermsOf,
      liked,
      suggestions,
      themes: await themesOf(r, anchor, 3, req.data.inTermsOf),
      intent: generic ? 'generic' : 'specific',
    };
    const { text, generator: used } = await generate(r, cat, input, (g, i) => g.ask(i));
    return {
      data: {
        answer: { role: 'assistant', content: [{ type: 'text', text }] },
        grounding: { liked: liked.map((l) => l.id), suggestions: suggestions.map((s) => s.id) },
        generator: used,
      },
    };
  };
}
