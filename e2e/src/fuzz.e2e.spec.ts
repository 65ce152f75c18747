import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '@tg/test-stack';

/**
 * Every operation of the published OpenAPI document, called with requests generated from its own schemas: values
 * that mostly fit (so that they pass validation and reach the services, where a 500 would come from), mixed with
 * wrong types, missing and unknown fields, hostile strings and the workspace's real ids. Whatever comes in, the
 * answer is a 2xx, or a 4xx `{ error, code }`, within the client's patience: never a 5xx, never a hang.
 * Seeded (the seed and the failing request are printed on a failure), bounded in count: `TG_FUZZ_SEED` and
 * `TG_FUZZ_RUNS` (per operation) run another or a longer search; `TG_FUZZ_DEBUG=1` prints why fitting requests were
 * refused, to keep the generator reaching the services.
 */

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
  pattern?: string;
};
/** A path segment as a client would send it; a lone surrogate (which has no UTF-8 form) as the bytes WTF-8 gives it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const pathSegment = (text: string) => text.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');
/** `a` in `present` of four draws, otherwise undefined. */
const sometimes = <T>(a: fc.Arbitrary<T>, present: number) => (present >= 4 ? a : fc.oneof({ weight: 4 - present, arbitrary: fc.constant(undefined) }, { weight: present, arbitrary: a }));
type Op = { method: string; path: string; params: { in: string; name: string; schema: Schema }[]; body?: Schema };

/**
 * Bodies with modes that their schema does not tell apart (one object, every field optional): a fitting request
 * takes one mode's fields, with what that mode requires (docs/api.md). Chaotic requests still mix them.
 */
const MODES: Record<string, { required: string[]; fields: string[] }[]> = {
  'POST /entity': [
    { required: ['type', 'name'], fields: ['type', 'name', 'description', 'id', 'linked_content'] },
    { required: ['content'], fields: ['content', 'entity_id', 'id', 'force_reindex'] },
  ],
};
const modeSchema = (schema: Schema, mode: { required: string[]; fields: string[] }): Schema => ({
  ...schema,
  properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => mode.fields.includes(k))),
  required: mode.required,
});

const SEED = Number(process.env['TG_FUZZ_SEED'] ?? 20261127);
const RUNS = Number(process.env['TG_FUZZ_RUNS'] ?? 50);

/** Strings a careless or hostile client sends. */
const HOSTILE = ['', ' ', '.', '..', '/', '%2F', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '\u0000', '\ud800', '🎷'.repeat(300), 'x'.repeat(5000), '-1', '0', '1e309', 'NaN', 'null', 'true', '[]', '{}', '<script>', "' OR 1=1 --", 'ftp://127.0.0.1/x', 'file:///etc/passwd', 'http://127.0.0.1:9/closed', 'http://[::1]:9/', 'https://fuzz.example.com/a?b=c#d'];

describe('schema fuzz: every published operation answers 2xx or 4xx { error, code }, never 5xx or a hang', () => {
  let s: TestStack;
  let ws: Awaited<ReturnType<TestStack['workspace']>>;
  let ops: Op[];
  /** Real ids and URLs of the workspace, so that generated requests reach entities that exist. */
  const ids: string[] = [];
  const urls: string[] = [];
  /** Statuses answered, per operation. */
  const tallies = new Map<string, Map<number, number>>();
  /** Statuses answered to the fitting requests (no chaos), per operation. */
  const fitTallies = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('fuzz');
    await seed(true);
    const doc = (await ws.request('GET', '/openapi.json')).body as { paths: Record<string, Record<string, { parameters?: Op['params']; requestBody?: { content: { 'application/json': { schema: Schema } } } }>> };
    ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/^\/v1/, ''), params: op.parameters ?? [], body: op.requestBody?.content['application/json']?.schema })),
    );
  }, 120_000);
  afterAll(async () => s?.stop());

  /**
   * The workspace's user and its three liked items, (re)created: run before each operation, so that an earlier
   * operation's requests (a fuzzed DELETE of them) do not leave the later ones nothing real to reach. Strict the first
   * time only: a fuzzed write may have changed one of them so that it cannot be made again (that is an answer too).
   */
  const seed = async (strict = false) => {
    const user = await ws.request('POST', '/entity', { body: { type: 'user', id: 'fz-user', name: 'Fuzz', description: 'jazz records and mountain trails' } });
    if (strict) expect(user.status, JSON.stringify(user.body)).toBe(200);
    if (!ids.includes('fz-user')) ids.push('fz-user');
    for (const [i, text] of ['bebop saxophone record', 'alpine trail map', 'sourdough bread recipe'].entries()) {
      const url = `https://fuzz.example.com/item/${i}`;
      const r = await ws.request('POST', '/entity', { body: { content: { url, type: 'text', content: text, skip_url_fetch: true, skip_media_enrich: true }, entity_id: 'fz-user' } });
      if (strict) expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (r.status === 200 && !ids.includes(r.body.entity_id as string)) ids.push(r.body.entity_id as string);
      if (!urls.includes(url)) urls.push(url);
    }
  };

  /**
   * A value of `schema`. With `chaos`, any part may break it (a wrong type, a hostile string, an unknown field);
   * without, it fits the schema (so that it passes validation and reaches the services, where a 500 would come
   * from). `name` picks the workspace's ids and URLs for id-like and URL fields.
   */
  const value = (schema: Schema | undefined, name: string, chaos: boolean, depth = 0): fc.Arbitrary<unknown> => {
    if (!chaos) return fitting(schema, name, false, depth);
    const wrong = fc.oneof(fc.constant(null), fc.integer(), fc.double(), fc.boolean(), fc.constant([]), fc.constant({}), fc.constantFrom(...HOSTILE), fc.constant({ __proto__: { polluted: true } }));
    return fc.oneof({ weight: 6, arbitrary: fitting(schema, name, true, depth) }, { weight: 1, arbitrary: wrong });
  };
  const fitting = (schema: Schema | undefined, name: string, chaos: boolean, depth: number): fc.Arbitrary<unknown> => {
    if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((x) => fitting(x, name, chaos, depth)));
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    switch (schema.type) {
      case 'object': {
        const props = Object.entries(schema.properties ?? {});
        const required = new Set(schema.required ?? []);
        // Fitting requests carry each optional field one time in four (several fields are exclusive of each other).
        const fields = props.map(([k, v]) => fc.tuple(fc.constant(k), required.has(k) ? (chaos ? sometimes(value(v, k, chaos, depth + 1), 3) : value(v, k, chaos, depth + 1)) : sometimes(value(v, k, chaos, depth + 1), chaos ? 2 : 1)));
        const extra = chaos ? fc.option(fc.tuple(fc.constantFrom('unknown_field', '__proto__', 'constructor'), fc.jsonValue({ maxDepth: 1 })), { freq: 6, nil: undefined }) : fc.constant(undefined);
        return fc.tuple(fc.tuple(...fields), extra).map(([kvs, more]) => {
          const o: Record<string, unknown> = {};
          for (const [k, v] of kvs) if (v !== undefined) o[k] = v;
          if (more) Object.defineProperty(o, more[0], { value: more[1], enumerable: true, writable: true, configurable: true });
          return o;
        });
      }
      case 'array':
        return fc.array(value(schema.items, name, chaos, depth + 1), { minLength: chaos ? 0 : (schema.minItems ?? 0), maxLength: Math.min(schema.maxItems ?? 6, 6) });
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1e-6 : -5);
        const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1e-6 : 1_000), 1_000_000);
        const within = schema.type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
        return chaos ? fc.oneof(within, fc.constantFrom(min, max, -1, 0, 2 ** 53)) : fc.oneof(within, fc.constantFrom(min, max));
      }
      case 'boolean':
        return fc.boolean();
      case 'string': {
        const fits = (x: string) => x.length >= (schema.minLength ?? 0) && x.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern, 'u').test(x));
        // Values the services know: the workspace's ids and URLs (and new URLs), the entity types a field takes.
        const known = (
          /url/i.test(name)
            ? [...urls, 'http://127.0.0.1:9/closed', 'https://fuzz.example.com/new']
            : /id$|^candidates$|^history$/i.test(name)
              ? ids
              : /^in_terms_of_entity_type$/.test(name)
                ? ['content', 'user', 'place', 'brand', 'website', 'file']
                : /media_type$/i.test(name)
                  ? ['text', 'image', 'audio', 'video']
                  : /type$/i.test(name)
                    ? ['user', 'content', 'place', 'brand']
                    : []
        ).filter(fits);
        const hostile = HOSTILE.filter((x) => chaos || fits(x));
        let free: fc.Arbitrary<string> = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40), unit: 'grapheme' });
        if (schema.pattern && !chaos) {
          const re = new RegExp(schema.pattern, 'u');
          free = free.filter((x) => re.test(x));
        }
        // A fitting request mostly names what exists (a random id or URL is refused before any service works on it).
        const fresh = /url/i.test(name) && !chaos ? [{ weight: 3, arbitrary: fc.nat({ max: 10_000 }).map((n) => `https://fuzz.example.com/new/${n}`) }] : [];
        const picks = [
          { weight: known.length && !chaos ? 1 : 3, arbitrary: free },
          ...fresh,
          ...(known.length ? [{ weight: chaos ? 6 : 12, arbitrary: fc.constantFrom(...known) }] : []),
          ...(hostile.length ? [{ weight: 1, arbitrary: fc.constantFrom(...hostile) }] : []),
        ];
        return fc.oneof(...picks);
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };

  it('covers the published operations', () => {
    // The document lists the API's operations; a route missing from it would escape this test.
    expect(ops.length).toBeGreaterThanOrEqual(25);
  });

  it.each(['POST /entity', 'GET /entity', 'DELETE /entity', 'POST /entity/type', 'GET /entity/type', 'POST /entity/{parent_id}/link', 'POST /entity/{entity_id}/compose', 'POST /entity/batch', 'POST /index/batch', 'GET /entity/batch/jobs/{job_id}', 'POST /index', 'GET /clusters', 'GET /cluster', 'POST /search', 'POST /rerank', 'POST /score', 'POST /recommend', 'POST /ask', 'POST /explain', 'POST /gauge', 'GET /visualize', 'GET /visualize/graph', 'GET /visualize/view', 'POST /admin/workspaces', 'GET /admin/workspaces'])(
    '%s',
    async (name) => {
      const op = ops.find((o) => `${o.method} ${o.path}` === name);
      expect(op, `${name} is in the OpenAPI document`).toBeDefined();
      await seed();
      const client = op!.path.startsWith('/admin') ? s.admin : ws;
      const tally = new Map<number, number>();
      tallies.set(name, tally);
      const fitTally = new Map<number, number>();
      fitTallies.set(name, fitTally);
      // Half the requests fit the schemas (they reach the services), half may break them anywhere.
      const request = (chaos: boolean) =>
        fc.tuple(
          // The anchor and the entity type almost always (most routes need them), other query parameters seldom.
          fc.record(Object.fromEntries(op!.params.map((p) => [`${p.in}:${p.name}`, sometimes(value(p.schema, p.name, chaos), p.in === 'path' || /entity_id|entity_type|^t$/.test(p.name) ? 4 : chaos ? 2 : 1)]))),
          op!.body
            ? chaos
              ? fc.oneof({ weight: 8, arbitrary: value(op!.body, 'body', true) }, { weight: 1, arbitrary: fc.constantFrom('not json', '{"a":', '[1,2', '') })
              : MODES[name]
                ? fc.oneof(...MODES[name].map((m) => value(modeSchema(op!.body!, m), 'body', false)))
                : value(op!.body, 'body', false)
            : fc.constant(undefined),
          fc.constant(chaos),
        );
      await fc.assert(
        fc.asyncProperty(fc.oneof(request(false), request(true)), async ([ps, b, chaos]) => {
          let path = op!.path;
          const query: Record<string, string> = {};
          for (const [key, v] of Object.entries(ps)) {
            const [where, pname] = key.split(':') as [string, string];
            const text = typeof v === 'string' ? v : v === undefined ? undefined : JSON.stringify(v);
            if (where === 'path') path = path.replace(`{${pname}}`, pathSegment(text ?? 'missing'));
            else if (text !== undefined) query[pname] = text;
          }
          const r = await client.request(op!.method, path, { query, body: b, idempotent: false });
          if (!chaos && r.status === 400 && process.env['TG_FUZZ_DEBUG']) console.log('DBG', op!.method, path, JSON.stringify(query), JSON.stringify(b)?.slice(0, 300), JSON.stringify(r.body));
          tally.set(r.status, (tally.get(r.status) ?? 0) + 1);
          if (!chaos) fitTally.set(r.status, (fitTally.get(r.status) ?? 0) + 1);
          // A delete that worked leaves the next requests nothing to delete: the workspace's entities come back.
          if (name === 'DELETE /entity' && r.status === 200) await seed();
          const shown = `${op!.method} ${path} ${JSON.stringify(query)} ${JSON.stringify(b)?.slice(0, 400)} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 400)}`;
          expect(r.status, shown).toBeLessThan(500);
          if (r.status >= 400) {
            expect(typeof r.body?.code, shown).toBe('string');
            expect(typeof r.body?.error, shown).toBe('string');
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: 50_000 },
      );
      console.log(`fuzz ${name}: ${JSON.stringify(Object.fromEntries([...tally].sort()))}, fitting ${JSON.stringify(Object.fromEntries([...fitTally].sort()))}`);
    },
    90_000,
  );

  it('reached the services: a good share of the generated requests was accepted', () => {
    const all = [...tallies.values()].flatMap((t) => [...t]);
    const total = all.reduce((n, [, c]) => n + c, 0);
    const accepted = all.filter(([st]) => st < 300).reduce((n, [, c]) => n + c, 0);
    expect(total).toBeGreaterThan(0);
    expect(accepted / total, JSON.stringify(Object.fromEntries([...tallies].map(([k, t]) => [k, Object.fromEntries(t)])))).toBeGreaterThan(0.25);
  });

  /**
   * Operations whose fitting requests cannot be accepted here: no job id, cluster id or visualize token is known to
   * the generator (their 2xx paths are covered by their own specs).
   */
  const UNREACHED = new Set(['GET /entity/batch/jobs/{job_id}', 'GET /cluster', 'GET /visualize/graph']);

  it('reached the services of each operation: at least one fitting request in five was accepted (a fuzz refused at the door tests only validation)', () => {
    const short = [...fitTallies]
      .filter(([name]) => !UNREACHED.has(name))
      .map(([name, t]) => {
        const total = [...t.values()].reduce((n, c) => n + c, 0);
        const accepted = [...t].filter(([st]) => st < 300).reduce((n, [, c]) => n + c, 0);
        return { name, accepted, total };
      })
      .filter(({ accepted, total }) => total === 0 || accepted / total < 0.2);
    expect(short, JSON.stringify(Object.fromEntries([...fitTallies].map(([k, t]) => [k, Object.fromEntries(t)])))).toEqual([]);
  });
});
