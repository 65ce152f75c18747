import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '@tg/test-stack';

describe('smoke', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(async () => s?.stop());
  it('creates a workspace, an entity, reads it back', async () => {
    const ws = await s.workspace('a');
    const r = await ws.request('POST', '/entity', { body: { type: 'user', name: 'Ann' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const g = await ws.request('GET', '/entity', { query: { entity_id: r.body.id } });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body.name).toBe('Ann');
  });
});
