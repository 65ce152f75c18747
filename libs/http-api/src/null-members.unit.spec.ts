import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { ContentObject, CreateEntityBody, RerankBody, ScoreBody, BatchBody } from '@tg/contracts';
import { dropNullOptionals } from './null-members';

const dropped = (schema: object, data: unknown) => {
  const copy = structuredClone(data);
  dropNullOptionals(schema, copy);
  return copy;
};

describe('dropNullOptionals', () => {
  it('removes null optional members, at any depth, and keeps every other member', () => {
    const body = { content: { url: 'https://a.example/', type: 'text', title: null, content: 'jazz' }, id: null, force_reindex: false, name: 'x' };
    expect(dropped(CreateEntityBody, body)).toEqual({ content: { url: 'https://a.example/', type: 'text', content: 'jazz' }, force_reindex: false, name: 'x' });
  });

  it('leaves a null where the member is required, so that validation names it', () => {
    expect(dropped(ContentObject, { url: null, type: 'text', ref: null })).toEqual({ url: null, type: 'text' });
    expect(dropped(Type.Object({ query: Type.String() }), { query: null })).toEqual({ query: null });
  });

  it('leaves a null where the member takes null (inside `ids`, a nullable member, an `any`)', () => {
    const schema = Type.Object({ a: Type.Optional(Type.Union([Type.String(), Type.Null()])), b: Type.Optional(Type.Any()), c: Type.Optional(Type.String()) });
    expect(dropped(schema, { a: null, b: null, c: null })).toEqual({ a: null, b: null });
    expect(dropped(BatchBody, { content: [], ids: [null, 'x'], async: null })).toEqual({ content: [], ids: [null, 'x'] });
  });

  it('walks array items and union branches (candidates, a score body), and leaves members no branch describes', () => {
    const rerank = { candidates: [{ url: 'https://a.example/', type: 'text', ref: null }, 'b', { entity_id: 'c', ref: null }], limit: null, extra: null };
    expect(dropped(RerankBody, rerank)).toEqual({ candidates: [{ url: 'https://a.example/', type: 'text' }, 'b', { entity_id: 'c' }], extra: null });
    expect(dropped(ScoreBody, { content: { id: 'x', title: null } })).toEqual({ content: { id: 'x' } });
    // A record's values are not optional members: a null there stays for validation to refuse.
    expect(dropped(RerankBody, { candidates: [], item_texts: { a: null } })).toEqual({ candidates: [], item_texts: { a: null } });
  });

  it('leaves values that are not objects alone', () => {
    for (const v of [null, 1, 'x', true, undefined]) expect(dropped(CreateEntityBody, v)).toEqual(v);
  });
});
