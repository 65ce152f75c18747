import { describe, expect, it, vi } from 'vitest';
import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { addToStats, composeProfile, createRng, createTasteStats, gaussian, type Rng, type TasteStats } from '@tg/math';
import { CatalogProjection, type WorkspaceCatalog, type WorkspaceImage } from './catalog';
import { catalogDigest, checkTasteStats, diffCatalogDigests, workspaceDigest } from './catalog-digest';

const WS = 'ws_t';
const DIM = 24;

/** Builds stored events with increasing sequence numbers. */
class Log {
  readonly events: StoredEvent[] = [];
  private seq = 0;
  private t = 1_000;
  add<T extends EventType>(type: T, data: EventData<T>, ws = WS): StoredEvent {
    const e = { ...event(type, data, { workspace: ws, at: ++this.t }), seq: ++this.seq, subject: `tg.evt.${ws}.x.y` } as StoredEvent;
    this.events.push(e);
    return e;
  }
  user(id: string, ws = WS) {
    return this.add('EntityCreated', { entity_id: id, type: 'user', name: id, description: '', created_at: this.t }, ws);
  }
  content(id: string, v: Float32Array, ws = WS) {
    this.add('ContentIndexed', {
      entity_id: id, url: `https://x.test/${id}`, media_type: 'text', name: id, description: '', text: `text of ${id}`, text_digest: id,
      source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: this.t,
    }, ws);
    return this.embed(id, v, ws);
  }
  embed(id: string, v: Float32Array, ws = WS) {
    return this.add('ContentEmbedded', { entity_id: id, of: 'content', model: 'm', dim: v.length, vector: encodeVector(v), text_digest: id, embedded_at: this.t }, ws);
  }
  link(parent: string, child: string, weight = 1, rel = 'about', ws = WS, incarnations: { parent_incarnation?: number; child_incarnation?: number } = {}) {
    return this.add('ChildLinked', { parent_id: parent, child_id: child, rel, weight, linked_at: this.t, ...incarnations }, ws);
  }
  unlink(parent: string, child: string, ws = WS) {
    return this.add('ChildUnlinked', { parent_id: parent, child_id: child, unlinked_at: this.t }, ws);
  }
  del(id: string, ws = WS) {
    return this.add('EntityDeleted', { entity_id: id, deleted_at: this.t }, ws);
  }
  fold(p = new CatalogProjection()): CatalogProjection {
    for (const e of this.events) p.apply(e);
    return p;
  }
}

function unit(rng: Rng, dim = DIM): Float32Array {
  const v = Float32Array.from({ length: dim }, () => gaussian(rng));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

/** Statistics recomputed in one batch from the given children. */
function batch(children: { v: Float32Array; w: number }[]) {
  const s = createTasteStats(DIM);
  for (const c of children) addToStats(s, c.v, c.w);
  return s;
}

describe('catalog projection: links and running taste statistics', () => {
  it('pools linked content into the parent, weighted, equal to a batch recomputation', () => {
    const rng = createRng(1);
    const log = new Log();
    log.user('u');
    const kids = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, v: unit(rng), w: [1, 0.5, 0.25][i % 3]! }));
    for (const k of kids) log.content(k.id, k.v);
    for (const k of kids) log.link('u', k.id, k.w);
    const cat = log.fold().ws(WS);
    const p = cat.parents.get('u')!;
    expect(p.children.size).toBe(20);
    expect(p.pooled.size).toBe(20);
    const want = batch(kids);
    expect(p.stats!.weight).toBeCloseTo(want.weight, 12);
    for (let i = 0; i < DIM; i++) expect(p.stats!.sum[i]).toBeCloseTo(want.sum[i]!, 12);
    expect(checkTasteStats(cat)).toEqual({ parents: 1, maxAbsError: expect.any(Number), problems: [] });
    // The composed mean is the normalised weighted mean of the children.
    const mean = composeProfile(p.stats!, { representation: 'point' }).mean;
    const sum = new Float64Array(DIM);
    for (const k of kids) for (let i = 0; i < DIM; i++) sum[i] += k.w * k.v[i]!;
    const n = Math.hypot(...sum);
    for (let i = 0; i < DIM; i++) expect(mean[i]).toBeCloseTo(sum[i]! / n, 5);
  });

  it('keeps running statistics equal to a batch recomputation (1e-9) through links, relinks, unlinks, re-embeds and deletes', () => {
    const rng = createRng(7);
    const log = new Log();
    const parents = ['p0', 'p1', 'p2', 'p3'];
    for (const p of parents) log.user(p);
    const alive = new Set<string>();
    let next = 0;
    const proj = new CatalogProjection();
    const step = (e: StoredEvent) => proj.apply(e);
    for (const p of parents) step(log.events[parents.indexOf(p)]!);
    for (let i = 0; i < 3_000; i++) {
      const r = rng();
      const pick = () => [...alive][Math.floor(rng() * alive.size)]!;
      const parent = parents[Math.floor(rng() * parents.length)]!;
      if (r < 0.25 || alive.size < 5) {
        const id = `c${next++}`;
        alive.add(id);
        step(log.content(id, unit(rng)));
      } else if (r < 0.6) {
        step(log.link(parent, pick(), [1, 0.5, 0.1, 0][Math.floor(rng() * 4)]!));
      } else if (r < 0.72) {
        step(log.unlink(parent, pick()));
      } else if (r < 0.87) {
        step(log.embed(pick(), unit(rng)));
      } else if (r < 0.95) {
        const id = pick();
        alive.delete(id);
        step(log.del(id));
        // As the entity service does after a delete: the link aggregates follow (no-ops in the projection).
        for (const p of parents) step(log.unlink(p, id));
      } else {
        // A child linked before it is embedded is pooled when its vector arrives.
        const id = `c${next++}`;
        alive.add(id);
        step(log.add('ContentIndexed', {
          entity_id: id, url: `https://x.test/${id}`, media_type: 'text', name: id, description: '', text: id, text_digest: id,
          source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1,
        }));
        step(log.link(parent, id));
        expect(proj.ws(WS).parents.get(parent)!.pooled.has(id)).toBe(false);
        step(log.embed(id, unit(rng)));
        expect(proj.ws(WS).parents.get(parent)!.pooled.has(id)).toBe(true);
      }
      if (i % 250 === 0) {
        const check = checkTasteStats(proj.ws(WS));
        expect(check.problems).toEqual([]);
        expect(check.maxAbsError).toBeLessThan(1e-9);
      }
    }
    const check = checkTasteStats(proj.ws(WS));
    expect(check.problems).toEqual([]);
    expect(check.maxAbsError).toBeLessThan(1e-9);
    const total = parents.reduce((n, p) => n + (proj.ws(WS).parents.get(p)?.pooled.size ?? 0), 0);
    expect(total).toBeGreaterThan(20);
  });

  it('keeps a weight-0 link without pooling it, and pools it when the weight rises', () => {
    const rng = createRng(3);
    const log = new Log();
    log.user('u');
    log.content('a', unit(rng));
    log.content('b', unit(rng));
    log.link('u', 'a');
    log.link('u', 'b', 0);
    const proj = log.fold();
    const p = proj.ws(WS).parents.get('u')!;
    expect([...p.children.keys()].sort()).toEqual(['a', 'b']);
    expect([...p.pooled]).toEqual(['a']);
    expect(p.stats!.weight).toBe(1);
    proj.apply(log.link('u', 'b', 0.5));
    expect(p.pooled.size).toBe(2);
    expect(p.stats!.weight).toBeCloseTo(1.5, 12);
    proj.apply(log.link('u', 'b', 0));
    expect(p.pooled.size).toBe(1);
    expect(checkTasteStats(proj.ws(WS)).problems).toEqual([]);
  });

  it('unlinks a deleted child from every parent, and drops a deleted parent', () => {
    const rng = createRng(4);
    const log = new Log();
    log.user('u1');
    log.user('u2');
    log.content('a', unit(rng));
    log.content('b', unit(rng));
    for (const u of ['u1', 'u2']) for (const c of ['a', 'b']) log.link(u, c);
    log.del('a');
    const proj = log.fold();
    const cat = proj.ws(WS);
    for (const u of ['u1', 'u2']) {
      expect([...cat.parents.get(u)!.children.keys()]).toEqual(['b']);
      expect(cat.parents.get(u)!.stats!.count).toBe(1);
    }
    proj.apply(log.del('u1'));
    expect(cat.parents.has('u1')).toBe(false);
    expect([...cat.childParents.get('b')!]).toEqual(['u2']);
    proj.apply(log.unlink('u2', 'b'));
    expect(cat.parents.get('u2')!.stats).toBeNull();
    expect(checkTasteStats(cat).problems).toEqual([]);
  });

  it('ignores a link that reaches it after either end was deleted or created again: a link never resurrects an entity', () => {
    const log = new Log();
    const p = log.user('p');
    const c1 = log.content('c', unit(createRng(3)));
    const c1Seq = c1.seq - 1; // ContentIndexed began the incarnation, ContentEmbedded followed
    log.del('c');
    // Decided against the deleted incarnation, appended after the delete (a delete racing a link).
    log.link('p', 'c', 1, 'about', WS, { parent_incarnation: p.seq, child_incarnation: c1Seq });
    let cat = log.fold().ws(WS);
    expect(cat.parents.get('p')?.children.size ?? 0).toBe(0);
    expect(cat.entities.has('c')).toBe(false);
    // Created again: the old link stays dead, a link to the new incarnation lives.
    const c2 = log.content('c', unit(createRng(4)));
    log.link('p', 'c', 1, 'about', WS, { parent_incarnation: p.seq, child_incarnation: c1Seq });
    cat = log.fold().ws(WS);
    expect(cat.parents.get('p')?.children.size ?? 0).toBe(0);
    log.link('p', 'c', 1, 'about', WS, { parent_incarnation: p.seq, child_incarnation: c2.seq - 1 });
    cat = log.fold().ws(WS);
    expect([...(cat.parents.get('p')?.children.keys() ?? [])]).toEqual(['c']);
  });

  it('restarts the statistics when the embedding dimension changes', () => {
    const rng = createRng(5);
    const log = new Log();
    log.user('u');
    log.content('a', unit(rng));
    log.content('b', unit(rng));
    log.link('u', 'a');
    log.link('u', 'b');
    log.embed('b', unit(rng, 8));
    const cat = log.fold().ws(WS);
    const p = cat.parents.get('u')!;
    expect(p.stats!.dim).toBe(8);
    expect([...p.pooled]).toEqual(['b']);
    expect(checkTasteStats(cat).problems).toEqual([]);
  });
});

describe('catalog digest', () => {
  const build = () => {
    const rng = createRng(11);
    const log = new Log();
    log.user('u');
    log.add('EntityTypeRegistered', { entity_type: 'chef', description: 'cooks', registered_at: 5, updated: false });
    for (let i = 0; i < 6; i++) log.content(`c${i}`, unit(rng));
    for (let i = 0; i < 6; i++) log.link('u', `c${i}`, i % 2 ? 1 : 0.5);
    log.add('TasteComposed', { parent_id: 'u', representation: 'point', max_rank: 4, energy: 0.9, composed_at: 9 });
    log.add('ClustersComputed', { entity_type: 'content', model: 'm', computed_at: 10, clusters: [{ id: 'cl_1', label: 'x', size: 6, keywords: ['x'], members: ['c0'], centroid: 'AAAA', affinities: [] }] });
    log.user('v', 'ws_other');
    return log;
  };

  it('is equal for two folds of the same events, and ignores empty workspaces read on the way', () => {
    const a = build().fold();
    const b = build().fold();
    b.ws('ws_never_written');
    expect(catalogDigest(a)).toEqual(catalogDigest(b));
    expect(Object.keys(catalogDigest(a).workspaces).sort()).toEqual(['ws_other', WS]);
    expect(workspaceDigest(a.ws(WS)).counts).toMatchObject({ entities: 7, parents: 1, links: 6, pooled: 6, clusters: 1, types: 1 });
  });

  it('tells which section differs', () => {
    const base = catalogDigest(build().fold());
    const variants: [string, (log: Log) => void][] = [
      ['links', (log) => log.link('u', 'c0', 0.25)],
      ['vectors', (log) => log.embed('c9', unit(createRng(99)))],
      ['entities', (log) => log.add('EntityUpdated', { entity_id: 'u', name: 'renamed', updated_at: 12 })],
      ['clusters', (log) => log.add('ClustersComputed', { entity_type: 'user', model: 'm', computed_at: 11, clusters: [] })],
    ];
    for (const [section, change] of variants) {
      const log = build();
      change(log);
      const diff = diffCatalogDigests(base, catalogDigest(log.fold()));
      expect(diff.join('\n'), section).toMatch(new RegExp(`${WS}: ${section} differ`));
    }
    // A new weight moves the statistics as well as the links.
    const log = build();
    log.link('u', 'c1', 0.75);
    expect(diffCatalogDigests(base, catalogDigest(log.fold())).some((d) => d.includes('stats differ'))).toBe(true);
    // A workspace on one side only.
    const more = build();
    more.user('w', 'ws_third');
    expect(diffCatalogDigests(base, catalogDigest(more.fold()), ['live', 'replay'])).toEqual(['ws_third: only in replay']);
  });

  it('compares taste statistics to 1e-9: rounding noise is equal, a real difference is not', () => {
    const proj = build().fold();
    const before = workspaceDigest(proj.ws(WS)).sections.stats;
    const s = proj.ws(WS).parents.get('u')!.stats!;
    const x = s.sum[3]!;
    s.sum[3] = x + 1e-14;
    expect(workspaceDigest(proj.ws(WS)).sections.stats).toBe(before);
    s.sum[3] = x + 1e-7;
    expect(workspaceDigest(proj.ws(WS)).sections.stats).not.toBe(before);
    s.sum[3] = x;
    // checkTasteStats notices a drift the digest would hide.
    s.second[0] = s.second[0]! + 1e-6;
    expect(checkTasteStats(proj.ws(WS)).maxAbsError).toBeGreaterThan(1e-7);
  });
});

describe('catalog projection: the lexical index, built on first use', () => {
  const build = (touchFirst: boolean) => {
    const log = new Log();
    const rng = createRng(7);
    const vec = () => Float32Array.from({ length: DIM }, () => gaussian(rng));
    const p = new CatalogProjection();
    if (touchFirst) void p.ws(WS).lexical;
    log.user('ann');
    for (let i = 0; i < 30; i++) log.content(`c${i}`, vec());
    log.add('ContentEnriched', { entity_id: 'c3', name: 'Kind of Blue', description: 'modal jazz', source: 'page', enriched_at: 1 });
    log.del('c4');
    log.add('EntityUpdated', { entity_id: 'ann', name: 'Ann the hiker', updated_at: 2 });
    for (const e of log.events) p.apply(e);
    return p;
  };

  it('is not built by a replay, and once asked for holds what an index kept from the start holds', () => {
    const lazy = build(false);
    expect(lazy.ws(WS).lexicalIfBuilt).toBeUndefined();
    const eager = build(true);
    expect(eager.ws(WS).lexicalIfBuilt).toBeDefined();
    const a = lazy.ws(WS).lexical;
    const b = eager.ws(WS).lexical;
    expect(a.size).toBe(b.size);
    for (const q of [['text'], ['c7'], ['modal', 'jazz'], ['hiker'], ['c4'], ['blue', 'of']]) {
      expect(Object.fromEntries(a.score(q)), q.join(' ')).toEqual(Object.fromEntries(b.score(q)));
    }
    // And from then on it follows the log like the other.
    const more = new Log();
    for (const p of [lazy, eager]) p.apply({ ...more.add('EntityDeleted', { entity_id: 'c7', deleted_at: 3 }), seq: 1_000 } as StoredEvent);
    expect(Object.fromEntries(a.score(['c7']))).toEqual({});
    expect(a.size).toBe(b.size);
  });
});

describe('catalog projection: statistics deferred during a catch-up', () => {
  /** Every parent of both projections, field by field; the statistics to the bit. */
  function expectSameParents(a: CatalogProjection, b: CatalogProjection): void {
    const wa = [...a.all()];
    expect(wa.map((c) => c.id)).toEqual([...b.all()].map((c) => c.id));
    for (const ca of wa) {
      const cb = b.ws(ca.id);
      expect([...ca.parents.keys()]).toEqual([...cb.parents.keys()]);
      for (const [pid, pa] of ca.parents) {
        const pb = cb.parents.get(pid)!;
        expect([pid, [...pa.children]]).toEqual([pid, [...pb.children]]);
        expect([pid, [...pa.pooled]]).toEqual([pid, [...pb.pooled]]);
        expect([pid, pa.version, pa.settings]).toEqual([pid, pb.version, pb.settings]);
        expectSameStats(pid, pa.stats, pb.stats);
      }
      expect([...ca.childParents].map(([k, s]) => [k, [...s]])).toEqual([...cb.childParents].map(([k, s]) => [k, [...s]]));
    }
  }
  function expectSameStats(pid: string, x: TasteStats | null, y: TasteStats | null): void {
    expect([pid, x === null]).toEqual([pid, y === null]);
    if (!x || !y) return;
    expect([pid, x.dim, x.count]).toEqual([pid, y.dim, y.count]);
    expect([pid, Object.is(x.weight, y.weight)]).toEqual([pid, true]);
    expect([pid, Buffer.from(x.sum.buffer).equals(Buffer.from(y.sum.buffer))]).toEqual([pid, true]);
    expect([pid, Buffer.from(x.second.buffer).equals(Buffer.from(y.second.buffer))]).toEqual([pid, true]);
  }

  /**
   * A log of every change that moves statistics: links (re-linked with another weight, weight 0), unlinks down to
   * none, content embedded after it was linked and re-embedded (once in another dimension), children and parents
   * deleted and created again, in two workspaces.
   */
  function churn(seed: number, events: number): Log {
    const rng = createRng(seed);
    const log = new Log();
    const pick = <T>(xs: T[]) => xs[Math.floor(rng() * xs.length)]!;
    const wss = [WS, 'ws_u'];
    const parents = ['u0', 'u1', 'u2', 'u3'];
    const kids = Array.from({ length: 40 }, (_, i) => `c${i}`);
    for (const ws of wss) for (const u of parents) log.user(u, ws);
    for (const ws of wss) for (const k of kids.slice(0, 30)) log.content(k, unit(rng), ws);
    while (log.events.length < events) {
      const ws = pick(wss);
      const r = rng();
      if (r < 0.4) log.link(pick(parents), pick(kids), pick([1, 0.5, 2, 0, 0.25]), 'about', ws);
      else if (r < 0.55) log.unlink(pick(parents), pick(kids), ws);
      else if (r < 0.7) log.embed(pick(kids), unit(rng, rng() < 0.03 ? DIM + 3 : DIM), ws);
      else if (r < 0.78) log.content(pick(kids), unit(rng), ws);
      else if (r < 0.83) log.del(pick(kids), ws);
      else if (r < 0.86) log.del(pick(parents), ws);
      else if (r < 0.9) log.user(pick(parents), ws);
      else log.add('TasteComposed', { parent_id: pick(parents), representation: pick(['point', 'subspace'] as const), max_rank: 4, energy: 0.7, composed_at: 1 }, ws);
    }
    return log;
  }

  it('a deferred fold equals the fold event by event, bit for bit, and so does its digest', () => {
    for (const seed of [1, 2, 3]) {
      const log = churn(seed, 3_000);
      const eager = log.fold();
      const lazy = new CatalogProjection();
      lazy.deferStats = true;
      log.fold(lazy);
      // Something was left queued (else this test would not test deferral).
      let queued = 0;
      for (const c of lazy.all()) for (const p of c.parents.values()) queued += p.unsettled;
      expect(queued).toBeGreaterThan(0);
      expectSameParents(lazy, eager);
      expect(catalogDigest(lazy).hash).toBe(catalogDigest(eager).hash);
      for (const c of lazy.all()) expect(checkTasteStats(c).problems).toEqual([]);
    }
  });

  it('events of several workspaces interleaved fold as each workspace folded alone (the last workspace looked up is reused)', () => {
    const log = churn(4, 2_000);
    const wss = [...new Set(log.events.map((e) => e.metadata.workspace))];
    expect(wss.length).toBe(2);
    // Consecutive events of another workspace, so a lookup kept from the previous event would fold into the wrong one.
    let switches = 0;
    for (let i = 1; i < log.events.length; i++) if (log.events[i]!.metadata.workspace !== log.events[i - 1]!.metadata.workspace) switches++;
    expect(switches).toBeGreaterThan(100);
    const together = log.fold();
    for (const ws of wss) {
      const alone = new CatalogProjection();
      for (const e of log.events) if (e.metadata.workspace === ws) alone.apply(e);
      expect(workspaceDigest(together.ws(ws))).toEqual(workspaceDigest(alone.ws(ws)));
    }
    // A workspace put in place by a snapshot restore is the one answered from then on, also right after a lookup of it.
    const replacement = new CatalogProjection().ws(wss[0]!);
    expect(together.ws(wss[0]!)).not.toBe(replacement);
    together.restore(replacement);
    expect(together.ws(wss[0]!)).toBe(replacement);
  });

  it('a parent with more queued updates than the queue holds settles in steps, to the same bits', () => {
    const rng = createRng(9);
    const log = new Log();
    log.user('u');
    for (let i = 0; i < 2_600; i++) log.content(`c${i}`, unit(rng));
    for (let i = 0; i < 2_600; i++) log.link('u', `c${i}`, 1 + (i % 3));
    for (let i = 0; i < 2_600; i += 3) log.embed(`c${i}`, unit(rng));
    const eager = log.fold();
    const lazy = new CatalogProjection();
    lazy.deferStats = true;
    log.fold(lazy);
    const p = lazy.ws(WS).parents.get('u')!;
    expect(p.unsettled).toBeGreaterThan(0);
    expect(p.unsettled).toBeLessThanOrEqual(1_024);
    expectSameParents(lazy, eager);
  });

  it('a read during the catch-up sees the statistics of the events folded so far, never stale ones', () => {
    const log = churn(4, 2_000);
    const eager = new CatalogProjection();
    const lazy = new CatalogProjection();
    lazy.deferStats = true;
    const rng = createRng(5);
    let reads = 0;
    for (const e of log.events) {
      eager.apply(e);
      lazy.apply(e);
      if (rng() < 0.1) {
        const ws = e.metadata.workspace;
        for (const [pid, p] of lazy.ws(ws).parents) {
          if (rng() < 0.5) continue;
          const queued = p.unsettled;
          expectSameStats(pid, p.stats, eager.ws(ws).parents.get(pid)!.stats);
          if (queued) reads++;
          expect(p.unsettled).toBe(0);
        }
      }
    }
    expect(reads).toBeGreaterThan(10);
    // Live again: what is queued is applied, and later events apply at once.
    lazy.deferStats = false;
    for (const c of lazy.all()) for (const p of c.parents.values()) expect(p.unsettled).toBe(0);
    const more = churn(6, 300);
    for (const e of more.events.slice(200)) {
      const shifted = { ...e, seq: e.seq + 10_000 } as StoredEvent;
      eager.apply(shifted);
      lazy.apply(shifted);
      for (const c of lazy.all()) for (const p of c.parents.values()) expect(p.unsettled).toBe(0);
    }
    expectSameParents(lazy, eager);
  });
});

describe('catalog projection: a capture, copied a slice at a time while events are folded', () => {
  /** Every large map's entries, and the lexical index's documents and postings, copied now. */
  const now = (c: WorkspaceCatalog) => {
    const lex = c.lexicalIfBuilt!.exportState();
    return {
      docs: [...c.entities.values()],
      urls: [...c.urls],
      vectors: [...c.vectors],
      models: [...c.models],
      parents: [...c.parents],
      childParents: [...c.childParents],
      lexDocs: [...lex.docs].map(([id, d]) => [id, d.length, [...d.terms]]),
      lexTerms: [...lex.postings].map(([t, p]) => [t, [...p]]),
    };
  };
  /** The same, read from a workspace's image. */
  const held = (img: WorkspaceImage) => {
    const zip = <A, B>(m: { keys: readonly A[]; values: readonly B[] }) => m.keys.map((x, i) => [x, m.values[i]]);
    const lex = img.lexical!;
    return {
      docs: [...img.maps.entities.values],
      urls: zip(img.maps.urls),
      vectors: zip(img.maps.vectors),
      models: zip(img.maps.models),
      parents: zip(img.maps.parents),
      childParents: zip(img.maps.childParents),
      lexDocs: lex.docIds.map((id, i) => [id, lex.doc(i).length, [...lex.doc(i).terms]]),
      lexTerms: lex.terms.map((t, i) => [t, [...lex.postings[i]!]]),
    };
  };
  /** Items, users and links in two workspaces, then changes that mostly delete nothing (`deletes`: their share). */
  const history = (seed: number, deletes: number) => {
    const rng = createRng(seed);
    const pick = <T>(xs: T[]) => xs[Math.floor(rng() * xs.length)]!;
    const log = new Log();
    const wss = [WS, 'ws_u'];
    const users = ['u0', 'u1', 'u2'];
    for (const ws of wss) for (const u of users) log.user(u, ws);
    for (const ws of wss) for (let i = 0; i < 60; i++) log.content(`c${i}`, unit(rng), ws);
    for (const ws of wss) for (let i = 0; i < 40; i++) log.link(pick(users), `c${Math.floor(rng() * 60)}`, 1, 'about', ws);
    const before = log.events.length;
    for (let i = 0; i < 400; i++) {
      const ws = pick(wss);
      const r = rng();
      const item = `c${Math.floor(rng() * 90)}`;
      if (r < deletes) log.del(item, ws);
      else if (r < 0.3) log.content(item, unit(rng), ws);
      else if (r < 0.35) {
        // Indexed anew under another item's URL (which then resolves to this one).
        log.add('ContentIndexed', {
          entity_id: item, url: `https://x.test/c${Math.floor(rng() * 60)}`, media_type: 'text', name: item, description: '', text: `moved ${item}`, text_digest: `m${i}`,
          source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1,
        }, ws);
      } else if (r < 0.5) log.embed(item, unit(rng), ws);
      else if (r < 0.6) log.add('UrlClaimed', { url: `https://x.test/${pick(['c1', 'c2', 'elsewhere'])}`, entity_id: item, claimed_at: 1 }, ws);
      else log.link(pick([...users, 'u9']), item, 1, 'about', ws);
    }
    return { before: log.events.slice(0, before), after: log.events.slice(before) };
  };

  it('taking it copies nothing; the images copied between changes hold the workspaces as they were', () => {
    const { before, after } = history(1, 0);
    const p = new CatalogProjection();
    for (const e of before) p.apply(e);
    for (const c of p.all()) void c.lexical;
    const at = [...p.all()].map(now);
    const next = vi.spyOn(Object.getPrototypeOf(new Map().entries()) as Iterator<unknown>, 'next');
    let capture: ReturnType<CatalogProjection['capture']>;
    try {
      capture = p.capture();
      // The small maps (types, clusters, counts per type) are copied at once: a few entries; the large ones hold ~900.
      expect(next.mock.calls.length).toBeLessThan(30);
    } finally {
      next.mockRestore();
    }
    for (const e of after) {
      p.apply(e);
      for (const img of capture.workspaces) img.advance(1);
    }
    expect(capture.workspaces.map(held)).toEqual(at);
    capture.release();
  });

  it('random changes, deletions among them, between slices of the copy: each image holds its workspace as it was, and the projection is the one folded without a capture', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rng = createRng(100 + seed);
      const { before, after } = history(seed, seed % 3 === 0 ? 0 : 0.02);
      const p = new CatalogProjection();
      const plain = new CatalogProjection();
      for (const e of before) {
        p.apply(e);
        plain.apply(e);
      }
      for (const c of [...p.all(), ...plain.all()]) void c.lexical;
      const at = [...p.all()].map(now);
      const capture = p.capture();
      for (const e of after) {
        p.apply(e);
        plain.apply(e);
        if (rng() < 0.5) for (const img of capture.workspaces) img.advance(Math.floor(rng() * 5));
      }
      expect(capture.workspaces.map(held), `seed ${seed}`).toEqual(at);
      capture.release();
      expect([...p.all()].map(now)).toEqual([...plain.all()].map(now));
      expect(catalogDigest(p).hash).toBe(catalogDigest(plain).hash);
    }
  }, 60_000);
});
