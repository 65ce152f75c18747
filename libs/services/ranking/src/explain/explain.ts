import { TgError, type OP } from '@tg/contracts';
import type { ExplainInput } from '@tg/language';
import type { OperationHandler } from '@tg/messaging';
import { generate } from '../generate';
import { anchorOf, hasCreatedText, type RankingDeps } from '../ranking-deps';
import { avoidsOf, grounding, themesOf } from '../themes';

/** `tg.rpc.rank.explain`: the anchor's taste in words (themes and what it avoids), grounded in its items. */
export function explainHandler(r: RankingDeps): OperationHandler<typeof OP.rank.explain> {
  return async (req) => {
    await r.host.ready(req);
    const anchor = anchorOf(r, req.ws, req.data.anchor);
    const { cat, doc } = anchor;
    if (!hasCreatedText(cat, doc) || !anchor.profile) throw new TgError('anchor_has_no_text', 'The anchor has no created text yet: link content to it first', { entity_id: doc.id });
    const themes = doc.kind === 'content' ? [{ label: doc.name, weight: 1, examples: [grounding(doc, 1)] }] : await themesOf(r, anchor, 4, req.data.inTermsOf);
    const avoids = await avoidsOf(r, anchor, req.data.inTermsOf);
    const input: ExplainInput = {
      anchor: { id: doc.id, name: doc.name, type: doc.type, description: doc.description },
      inTermsOf: req.data.inTermsOf,
      themes,
      avoids,
      domain: req.data.domain as ExplainInput['domain'],
      task: req.data.task as ExplainInput['task'],
      query: req.data.query,
    };
    const { text, generator: used } = await generate(r, cat, input, (g, i) => g.explain(i));
    return {
      data: {
        explanation: text,
        grounding: { themes: themes.map((t) => ({ label: t.label, weight: t.weight, examples: t.examples.map((e) => e.id) })), avoids: avoids.flatMap((t) => t.examples.map((e) => e.id)) },
        generator: used,
      },
    };
  };
}
