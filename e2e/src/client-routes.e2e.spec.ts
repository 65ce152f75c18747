import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '@tg/test-stack';
import { ROUTES, TastegraphClient } from '@tg/client';

/** The typed client against the server's OpenAPI document: every documented operation has a client method and back. */
describe('typed client ↔ OpenAPI document', () => {
  let s: TestStack;
  let doc: { paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    s = await startStack();
    doc = await new TastegraphClient({ baseUrl: s.baseUrl }).openapi();
  });
  afterAll(async () => s?.stop());

  const documented = () => {
    const ops = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/v1/')) continue;
      for (const method of Object.keys(item)) if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) ops.add(`${method.toUpperCase()} ${path.slice(3)}`);
    }
    return ops;
  };
  const covered = () => new Set(Object.values(ROUTES).map(([m, p]) => `${m} ${p}`));

  it('covers every operation of the OpenAPI document', () => {
    const missing = [...documented()].filter((op) => !covered().has(op));
    expect(missing, 'operations without a client method').toEqual([]);
  });
  it('has no route the document does not describe (except the document itself)', () => {
    const extra = [...covered()].filter((op) => !documented().has(op) && op !== 'GET /openapi.json');
    expect(extra, 'client routes unknown to the server').toEqual([]);
  });
  it('reaches the routes it names (a typed call of each kind answers from its route, not 404 route_not_found)', async () => {
    const w = await s.workspace('client');
    expect((await w.health()).status).toBe('ok');
    expect((await w.getType('content')).entity_type).toBe('content');
    const v = await w.visualize();
    expect((await w.visualizeView(v.token)).status).toBe(200);
    expect(await w.visualizeGraph(v.token)).toBeTruthy();
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      const r = await w.call(name, { params: { parent_id: 'x', entity_id: 'x', job_id: 'x' } });
      expect(r.body?.code, name).not.toBe('route_not_found');
    }
  });
});
