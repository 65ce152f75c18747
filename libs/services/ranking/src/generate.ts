import type { WorkspaceCatalog } from '@tg/domain';
import { OllamaGenerator, TemplateGenerator, allowedNames, groundingViolations, type AskInput, type ExplainInput, type TextGenerator } from '@tg/language';
import type { Runtime } from '@tg/service-runtime';
import type { RankingDeps } from './ranking-deps';

/** Builds the configured text generator: Ollama (with the template as fallback) or the template. */
export function createGenerator(rt: Runtime): TextGenerator {
  const template = new TemplateGenerator();
  if (!rt.config.ollamaHost) return template;
  return new OllamaGenerator({
    host: rt.config.ollamaHost,
    model: rt.config.ollamaChatModel,
    timeoutMs: rt.config.ollamaTimeoutMs,
    fallback: template,
    onFallback: (reason, error) => rt.log.warn({ reason, err: error }, 'ollama generation failed; used the template generator'),
  });
}

/**
 * Runs the generator and enforces grounding for model-written text: a reply that names a workspace item
 * it was not given is replaced by the template's (which only ever uses the given items).
 */
export async function generate<I extends AskInput | ExplainInput>(r: RankingDeps, cat: WorkspaceCatalog, input: I, run: (g: TextGenerator, i: I) => Promise<string>) {
  const { generator, template } = r;
  const text = await run(generator, input);
  if (generator.id === template.id) return { text, generator: generator.id };
  const allowed = allowedNames(input);
  const names: string[] = [];
  for (const d of cat.entities.values()) {
    if (d.name.length >= 4) names.push(d.name);
    if (names.length >= 20_000) break;
  }
  const bad = groundingViolations(text, allowed, names);
  if (!bad.length) return { text, generator: generator.id };
  r.rt.log.warn({ generator: generator.id, names: bad.slice(0, 5) }, 'generated text named items it was not given; used the template');
  return { text: await run(template, input), generator: template.id };
}
