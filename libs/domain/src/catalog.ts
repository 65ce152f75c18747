import { decodeVector, type EventData, type StoredEvent } from '@tg/contracts';
import { Bm25Index, MapImage, StatsQueue, createTasteStats, tokenize, type Bm25Capture, type TasteStats } from '@tg/math';

/** Longest text kept per content item in the read model (for lexical search and grounding). */
const MAX_TEXT = 2_000;

/** An entity document of the read model. */
export interface EntityDoc {
  id: string;
  kind: 'entity' | 'content';
  type: string;
  name: string;
  description: string;
  url?: string;
  mediaType?: string;
  domain?: string;
  ref?: string;
  text?: string;
  createdAt: number;
  updatedAt: number;
  /** Stream sequence of the event that created this incarnation (undefined in snapshots written before). */
  incarnation?: number;
}

/**
 * Most statistics updates a parent queues during a catch-up before they are applied anyway: bounds the memory
 * the queue holds (a reference to each vector, which may be one since replaced) without losing the batching.
 */
const MAX_QUEUED = 1_024;

/** How a parent's taste is composed. */
export interface TasteSettings {
  representation: 'point' | 'subspace';
  maxRank: number;
  energy: number;
}

/**
 * A parent's links and running taste statistics. During a catch-up (see {@link CatalogProjection.deferStats})
 * the O(d²) part of each change to the statistics is queued and applied when they are next read, through
 * {@link stats}: a read never sees them stale, and they equal, bit for bit, statistics updated event by event.
 */
export class ParentTaste {
  readonly children = new Map<string, { rel: string; weight: number }>();
  /** Children whose vector is in `stats` (a linked child may not be embedded yet). */
  readonly pooled = new Set<string>();
  private current: TasteStats | null = null;
  private readonly queue = new StatsQueue();
  constructor(
    public settings: TasteSettings = { representation: 'subspace', maxRank: 8, energy: 0.8 },
    /** Bumped on every change, so derived profiles can be cached by version. */
    public version = 0,
  ) {}

  /** The running statistics (null until a child's vector is pooled), settled first if changes are queued. */
  get stats(): TasteStats | null {
    if (this.queue.length) this.queue.settle(this.current!);
    return this.current;
  }
  set stats(s: TasteStats | null) {
    this.queue.clear();
    this.current = s;
  }
  /** Changes queued and not yet applied to the statistics. */
  get unsettled(): number {
    return this.queue.length;
  }

  /**
   * Adds a child's vector (the caller checked it has a direction and the weight is positive): at once, or
   * queued when `defer`. A first vector, or one of another dimension, starts the statistics afresh.
   */
  add(childId: string, v: Float32Array, w: number, defer: boolean): void {
    if (!this.current || this.current.dim !== v.length) {
      this.stats = createTasteStats(v.length);
      this.pooled.clear();
    }
    this.queue.queueAdd(this.current!, v, w);
    if (!defer || this.queue.length >= MAX_QUEUED) this.queue.settle(this.current!);
    this.pooled.add(childId);
  }

  /** Takes a pooled child's vector out again (the exact inverse of {@link add}); false when it was not pooled. */
  remove(childId: string, v: Float32Array, w: number, defer: boolean): boolean {
    if (!this.pooled.delete(childId)) return false;
    const s = this.current;
    if (s && s.dim === v.length && s.count > 0) {
      this.queue.queueRemove(s, v, w);
      if (!defer || this.queue.length >= MAX_QUEUED) this.queue.settle(s);
    }
    return true;
  }
}

export type ClusterSet = EventData<'ClustersComputed'>;

/** True when a link end exists and is the incarnation the link names (links written before incarnations: exists). */
function isLive(d: EntityDoc | undefined, incarnation: number | undefined): boolean {
  return !!d && (incarnation === undefined || d.incarnation === undefined || d.incarnation === incarnation);
}

/** True for a finite vector with a direction (what the taste statistics accept). */
function isPoolable(v: Float32Array): boolean {
  let n2 = 0;
  for (let i = 0; i < v.length; i++) n2 += v[i]! * v[i]!;
  return n2 > 0 && Number.isFinite(n2);
}

/** The terms an entity is found by in lexical search. */
function lexicalTokens(d: EntityDoc): string[] {
  return tokenize(`${d.name} ${d.description} ${d.text ?? ''}`);
}

/** Everything the read side knows about one workspace. */
export class WorkspaceCatalog {
  readonly entities: Map<string, EntityDoc>;
  readonly urls: Map<string, string>;
  readonly vectors: Map<string, Float32Array>;
  readonly models: Map<string, string>;
  readonly parents = new Map<string, ParentTaste>();
  readonly childParents = new Map<string, Set<string>>();
  readonly types = new Map<string, { description: string; registeredAt: number }>();
  readonly clusters = new Map<string, ClusterSet>();
  private built?: Bm25Index;
  /**
   * BM25 index of every entity's name, description and text. Built on first use and kept up to date from
   * then on: only the processes that search text (ranking) pay for it; replay and the other services do not
   * (it was about four fifths of the time to fold a content-heavy log).
   */
  get lexical(): Bm25Index {
    if (!this.built) {
      this.built = new Bm25Index();
      for (const d of this.entities.values()) this.built.add(d.id, lexicalTokens(d));
    }
    return this.built;
  }
  set lexical(index: Bm25Index) {
    this.built = index;
  }
  /** The lexical index when it has been built (else undefined: nothing to update or snapshot). */
  get lexicalIfBuilt(): Bm25Index | undefined {
    return this.built;
  }
  /** Count of entities per type (for GET /entity/type). */
  readonly typeCounts = new Map<string, number>();
  /** Bumped on every change that could move rankings or clusters. */
  version = 0;
  /**
   * While a capture's images of the large maps are being copied: told before each change of them (see
   * {@link CatalogProjection.capture}). Whoever changes those maps must tell it first.
   */
  copying?: MapImages;
  /**
   * @param maps - the large maps, filled (a snapshot's restore gives them as `ColumnMap`s, indexed instead of a
   *   `Map.set` per entry); empty `Map`s when omitted.
   */
  constructor(
    readonly id: string,
    maps: Partial<Pick<WorkspaceCatalog, 'entities' | 'urls' | 'vectors' | 'models'>> = {},
  ) {
    this.entities = maps.entities ?? new Map();
    this.urls = maps.urls ?? new Map();
    this.vectors = maps.vectors ?? new Map();
    this.models = maps.models ?? new Map();
  }

  parent(id: string): ParentTaste {
    let p = this.parents.get(id);
    if (!p) {
      p = new ParentTaste();
      this.copying?.parents.beforeSet(id);
      this.parents.set(id, p);
    }
    return p;
  }
}

/** A parent's links and statistics as a {@link CatalogCapture} reads them. */
export interface ParentState {
  readonly version: number;
  readonly settings: TasteSettings;
  readonly children: ReadonlyMap<string, { readonly rel: string; readonly weight: number }>;
  readonly pooled: ReadonlySet<string>;
  readonly stats: TasteStats | null;
}

/**
 * One workspace as it was at the capture: its maps' keys and values in their order (values never altered in place). The
 * large maps' arrays are copied a slice at a time ({@link advance}); reading one copies what is left of it first.
 */
export interface WorkspaceImage {
  readonly id: string;
  readonly version: number;
  readonly types: readonly [string, { description: string; registeredAt: number }][];
  readonly clusters: readonly [string, ClusterSet][];
  readonly typeCounts: readonly [string, number][];
  /**
   * The large maps (documents, URLs, vectors, models, parents, each child's set of parents), each read as `keys` and
   * `values` in its order; parents and children's sets of parents through {@link CatalogCapture.parent} and
   * {@link CatalogCapture.parentsOf}.
   */
  readonly maps: MapImages;
  /** The lexical index, when it was built. */
  readonly lexical?: Bm25Capture;
  /** Copies up to `n` more entries of each large map and of the lexical index; true once all are copied. */
  advance(n: number): boolean;
}

/** The images of a workspace's large maps, copied a slice at a time while the maps go on changing ({@link MapImage}). */
export class MapImages {
  readonly entities: MapImage<string, EntityDoc>;
  readonly urls: MapImage<string, string>;
  readonly vectors: MapImage<string, Float32Array>;
  readonly models: MapImage<string, string>;
  readonly parents: MapImage<string, ParentTaste>;
  readonly childParents: MapImage<string, Set<string>>;
  constructor(c: WorkspaceCatalog) {
    this.entities = new MapImage(c.entities);
    this.urls = new MapImage(c.urls);
    this.vectors = new MapImage(c.vectors);
    this.models = new MapImage(c.models);
    this.parents = new MapImage(c.parents);
    this.childParents = new MapImage(c.childParents);
    this.all = [this.entities, this.urls, this.vectors, this.models, this.parents, this.childParents];
  }
  private readonly all: readonly { advance(n: number): boolean }[];
  /** Copies up to `n` more entries of each; true once all are copied. */
  advance(n: number): boolean {
    let done = true;
    for (const m of this.all) done = m.advance(n) && done;
    return done;
  }
}

/** A workspace's image: the small maps copied now, the large ones by `images` a slice at a time. */
function workspaceImage(c: WorkspaceCatalog, images: MapImages): WorkspaceImage {
  const lexical = c.lexicalIfBuilt?.capture();
  return {
    id: c.id,
    version: c.version,
    types: [...c.types],
    clusters: [...c.clusters],
    typeCounts: [...c.typeCounts],
    maps: images,
    lexical,
    advance(n) {
      const done = images.advance(n) && (lexical?.advance(n) ?? true);
      if (done && c.copying === images) c.copying = undefined;
      return done;
    },
  };
}

/**
 * The catalog as it was at one stream position, kept so while the projection goes on folding events (a snapshot is
 * written over many turns of the event loop, and the feed does not wait for it). Maps whose values are replaced,
 * never altered (documents, URLs, vectors, models), are kept as arrays of their keys and values, copied a slice at a
 * time ({@link WorkspaceImage.advance}); parents and each
 * child's set of parents are altered in place, so the projection keeps a copy of one before it first changes it
 * while the capture is held; the lexical index keeps its own ({@link Bm25Index.capture}). Release it when done.
 */
export class CatalogCapture {
  private readonly parents = new Map<ParentTaste, ParentState>();
  private readonly sets = new Map<ReadonlySet<string>, ReadonlySet<string>>();
  constructor(
    readonly workspaces: readonly WorkspaceImage[],
    private readonly onRelease: () => void,
  ) {}

  /** A parent as it was at the capture. */
  parent(p: ParentTaste): ParentState {
    return this.parents.get(p) ?? p;
  }

  /** A child's parents as they were at the capture. */
  parentsOf(s: ReadonlySet<string>): ReadonlySet<string> {
    return this.sets.get(s) ?? s;
  }

  /** Called before a parent changes: keeps it as it is now (once). */
  keepParent(p: ParentTaste): void {
    if (this.parents.has(p)) return;
    const s = p.stats;
    this.parents.set(p, {
      version: p.version,
      settings: p.settings,
      children: new Map(p.children),
      pooled: new Set(p.pooled),
      stats: s && { dim: s.dim, count: s.count, weight: s.weight, sum: s.sum.slice(), second: s.second.slice() },
    });
  }

  /** Called before a child's set of parents changes: keeps it as it is now (once). */
  keepSet(s: Set<string>): void {
    if (!this.sets.has(s)) this.sets.set(s, new Set(s));
  }

  /** Ends the capture: the projection stops keeping copies and the lexical indexes their terms (see {@link settle}). */
  release(): void {
    for (const w of this.workspaces) w.lexical?.release();
    this.onRelease();
  }

  /**
   * After the release: applies up to about `n` of the changes the lexical indexes kept beside their captured terms
   * ({@link Bm25Index.settle}); true when nothing is left to do now. Call it a slice at a time.
   */
  settle(n: number): boolean {
    let done = true;
    for (const w of this.workspaces) done = (w.lexical?.settle(n) ?? true) && done;
    return done;
  }
}

/** What an applied event changed, so adapters (vector index, cluster scheduler) can follow. */
export interface Touched {
  workspace: string;
  /** Entities whose own vector or document changed. */
  entities: string[];
  /** Parents whose taste profile changed. */
  parents: string[];
  /** Entities removed. */
  removed: string[];
  /** Set when a snapshot restored the workspace: `entities` and `parents` then list all of it. */
  restored?: true;
}

/**
 * The catalog projection: a pure in-memory fold of the event stream into per-workspace catalogs
 * (entity documents, URL index, vectors, links and running taste statistics, types, clusters, a
 * lexical index). No I/O: the adapter feeds it events and reads it.
 */
export class CatalogProjection {
  static readonly version = 1;
  private readonly workspaces = new Map<string, WorkspaceCatalog>();
  /**
   * While true (a catch-up: replay, or a restart reading the stream after its snapshot), each parent's taste
   * statistics queue their O(d²) updates and apply them when next read (see {@link ParentTaste.stats}), four
   * vectors per pass; the numbers are the same to the bit. Turning it off applies what is queued.
   */
  get deferStats(): boolean {
    return this.deferring;
  }
  set deferStats(on: boolean) {
    this.deferring = on;
    if (!on) this.settleStats();
  }
  private deferring = false;

  /**
   * One copy of each of the few strings nearly every item repeats (embedding model, media type, link relation):
   * each event brings its own copy, which the catalog would otherwise keep per item. Bounded, as the values come
   * from clients.
   */
  private shared(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    if (this.strings.size < 4_096) this.strings.set(s, s);
    return s;
  }
  private readonly strings = new Map<string, string>();

  /** The capture being held, if any (see {@link capture}). */
  private held?: CatalogCapture;

  /**
   * Captures every workspace as it is now (synchronously: the caller's stream position is the capture's), kept so
   * while events go on being folded, until {@link CatalogCapture.release}. Copies nothing now: the large maps' keys and
   * values are copied a slice at a time ({@link WorkspaceImage.advance}; copied at once, they and the lexical index's
   * held the event loop a quarter of a second or more at a million items), a change meanwhile keeping the value it
   * replaces for the copy; a copy of each parent and set of parents that an event changes before the release, and the
   * changes to lexical terms (kept beside the captured postings: {@link Bm25Index.capture}). One capture at a time.
   *
   * @throws Error when a capture is already held.
   */
  capture(): CatalogCapture {
    if (this.held) throw new Error('CatalogProjection: a capture is already held');
    const images: WorkspaceImage[] = [];
    const copying: WorkspaceCatalog[] = [];
    for (const c of this.workspaces.values()) {
      c.copying = new MapImages(c);
      copying.push(c);
      images.push(workspaceImage(c, c.copying));
    }
    const held = new CatalogCapture(images, () => {
      if (this.held === held) this.held = undefined;
      for (const c of copying) c.copying = undefined;
    });
    this.held = held;
    return held;
  }

  /** Applies every parent's queued statistics updates (a read does it for its parent anyway). */
  settleStats(): void {
    for (const c of this.workspaces.values()) for (const p of c.parents.values()) if (p.unsettled) void p.stats;
  }

  /** The catalog of a workspace (created empty on first use). */
  ws(id: string): WorkspaceCatalog {
    // Consecutive events are mostly of one workspace: a string compare instead of hashing a fresh id.
    const last = this.lastWs;
    if (last !== undefined && last.id === id) return last;
    let c = this.workspaces.get(id);
    if (!c) {
      c = new WorkspaceCatalog(id);
      this.workspaces.set(id, c);
    }
    this.lastWs = c;
    return c;
  }
  /** The workspace {@link ws} answered last (always the one in `workspaces` under its id). */
  private lastWs?: WorkspaceCatalog;
  /** Puts a whole workspace catalog in place (a snapshot restores workspaces this way). */
  restore(c: WorkspaceCatalog): void {
    this.workspaces.set(c.id, c);
    if (this.lastWs?.id === c.id) this.lastWs = c;
  }
  /** Workspaces seen so far. */
  all(): IterableIterator<WorkspaceCatalog> {
    return this.workspaces.values();
  }

  /** Folds one event. Returns what changed. */
  apply(e: StoredEvent): Touched | null {
    const wsId = e.metadata.workspace;
    if (wsId === '_account') return null;
    const c = this.ws(wsId);
    const t: Touched = { workspace: wsId, entities: [], parents: [], removed: [] };
    switch (e.type) {
      case 'EntityTypeRegistered':
        c.types.set(e.data.entity_type, { description: e.data.description, registeredAt: c.types.get(e.data.entity_type)?.registeredAt ?? e.data.registered_at });
        return t;
      case 'EntityCreated': {
        this.removeDoc(c, e.data.entity_id);
        this.putDoc(c, {
          id: e.data.entity_id,
          kind: 'entity',
          type: e.data.type,
          name: e.data.name,
          description: e.data.description,
          createdAt: e.data.created_at,
          updatedAt: e.data.created_at,
          incarnation: e.seq,
        }, undefined);
        t.entities.push(e.data.entity_id);
        break;
      }
      case 'EntityUpdated': {
        const d = c.entities.get(e.data.entity_id);
        if (!d) return t;
        this.putDoc(c, { ...d, name: e.data.name ?? d.name, description: e.data.description ?? d.description, type: e.data.type ?? d.type, updatedAt: e.data.updated_at }, d);
        t.entities.push(d.id);
        break;
      }
      case 'ContentIndexed': {
        const prev = c.entities.get(e.data.entity_id);
        this.putDoc(c, {
          id: e.data.entity_id,
          kind: 'content',
          type: 'content',
          name: e.data.name,
          description: e.data.description,
          url: e.data.url,
          mediaType: this.shared(e.data.media_type),
          domain: e.data.domain,
          ref: e.data.ref,
          text: e.data.text.length > MAX_TEXT ? e.data.text.slice(0, MAX_TEXT) : e.data.text,
          createdAt: prev?.createdAt ?? e.data.indexed_at,
          updatedAt: e.data.indexed_at,
          incarnation: prev ? prev.incarnation : e.seq,
        }, prev);
        if (prev?.url && prev.url !== e.data.url && c.urls.get(prev.url) === prev.id) {
          c.copying?.urls.beforeDelete();
          c.urls.delete(prev.url);
        }
        c.copying?.urls.beforeSet(e.data.url);
        c.urls.set(e.data.url, e.data.entity_id);
        t.entities.push(e.data.entity_id);
        break;
      }
      case 'ContentEnriched': {
        const d = c.entities.get(e.data.entity_id);
        if (!d) return t;
        this.putDoc(c, { ...d, name: e.data.name, description: e.data.description, updatedAt: e.data.enriched_at }, d);
        t.entities.push(d.id);
        break;
      }
      case 'ContentEmbedded': {
        // The document's own copy of the id (equal) as the key, when there is one: the event's would be kept too.
        const id = c.entities.get(e.data.entity_id)?.id ?? e.data.entity_id;
        const v = decodeVector(e.data.vector);
        const old = c.vectors.get(id);
        c.copying?.vectors.beforeSet(id);
        c.vectors.set(id, v);
        c.copying?.models.beforeSet(id);
        c.models.set(id, this.shared(e.data.model));
        t.entities.push(id);
        // Re-embedding a child re-pools every parent: take the old vector out, put the new one in.
        const parentIds = c.childParents.get(id);
        if (parentIds) for (const pid of parentIds) {
          const p = c.parents.get(pid);
          const link = p?.children.get(id);
          if (!p || !link) continue;
          this.held?.keepParent(p);
          if (old) this.unpool(p, id, old, link.weight);
          this.pool(p, id, v, link.weight);
          t.parents.push(pid);
        }
        break;
      }
      case 'EntityDeleted': {
        const id = e.data.entity_id;
        for (const pid of [...(c.childParents.get(id) ?? [])]) {
          this.unlink(c, pid, id);
          t.parents.push(pid);
        }
        const asParent = c.parents.get(id);
        if (asParent) {
          for (const child of asParent.children.keys()) this.parentsOf(c, child)?.delete(id);
          c.copying?.parents.beforeDelete();
          c.parents.delete(id);
        }
        this.removeDoc(c, id);
        t.removed.push(id);
        break;
      }
      case 'UrlClaimed':
        c.copying?.urls.beforeSet(e.data.url);
        c.urls.set(e.data.url, e.data.entity_id);
        return t;
      case 'UrlReleased':
        if (c.urls.get(e.data.url) === e.data.entity_id) {
          c.copying?.urls.beforeDelete();
          c.urls.delete(e.data.url);
        }
        return t;
      case 'ChildLinked': {
        const { rel, weight } = e.data;
        // A link binds the incarnations it was decided against: one that reaches us after either end was
        // deleted (a delete racing the link) or re-created is dead, and never brings an entity back.
        const parentDoc = c.entities.get(e.data.parent_id);
        const childDoc = c.entities.get(e.data.child_id);
        if (!isLive(parentDoc, e.data.parent_incarnation) || !isLive(childDoc, e.data.child_incarnation)) return t;
        // The documents' own copies of the ids (equal strings) as keys: the event's copies would be kept once per link.
        const parent_id = parentDoc!.id;
        const child_id = childDoc!.id;
        const p = c.parent(parent_id);
        this.held?.keepParent(p);
        const prev = p.children.get(child_id);
        const v = c.vectors.get(child_id);
        if (prev && v) this.unpool(p, child_id, v, prev.weight);
        p.children.set(child_id, { rel: this.shared(rel), weight });
        let cp = this.parentsOf(c, child_id);
        if (!cp) {
          c.copying?.childParents.beforeSet(child_id);
          c.childParents.set(child_id, (cp = new Set()));
        }
        cp.add(parent_id);
        if (v) this.pool(p, child_id, v, weight);
        p.version++;
        t.parents.push(parent_id);
        break;
      }
      case 'ChildUnlinked':
        this.unlink(c, e.data.parent_id, e.data.child_id);
        t.parents.push(e.data.parent_id);
        break;
      case 'TasteComposed': {
        const p = c.parent(e.data.parent_id);
        this.held?.keepParent(p);
        p.settings = { representation: e.data.representation, maxRank: e.data.max_rank, energy: e.data.energy };
        p.version++;
        t.parents.push(e.data.parent_id);
        break;
      }
      case 'ClustersComputed':
        c.clusters.set(e.data.entity_type, e.data);
        return t;
      // (A claim revoked on its claimant's aggregate: the home's UrlReleased / UrlClaimed say who holds the URL.)
      case 'WorkspaceCreated':
      case 'ApiKeyIssued':
      case 'UrlClaimRevoked':
      case 'BatchJobSubmitted':
      case 'BatchChunkQueued':
      case 'BatchItemsSettled':
      case 'BatchJobCompleted':
        return null;
      default: {
        const never: never = e;
        return never;
      }
    }
    c.version++;
    return t;
  }

  /** Adds a child's vector to its parent's statistics: O(d²), whatever the number of children. */
  private pool(p: ParentTaste, childId: string, v: Float32Array, w: number): void {
    // A weight-0 link is kept as a link but moves nothing; vectors without direction cannot be pooled.
    if (!(w > 0) || !isPoolable(v)) return;
    this.held?.keepParent(p);
    p.add(childId, v, w, this.deferring);
    p.version++;
  }

  /** Takes a pooled child's vector out again (the exact inverse of {@link pool}). */
  private unpool(p: ParentTaste, childId: string, v: Float32Array, w: number): void {
    this.held?.keepParent(p);
    if (p.remove(childId, v, w, this.deferring)) p.version++;
  }

  private unlink(c: WorkspaceCatalog, parentId: string, childId: string): void {
    const p = c.parents.get(parentId);
    if (!p) return;
    const link = p.children.get(childId);
    if (!link) return;
    this.held?.keepParent(p);
    const v = c.vectors.get(childId);
    if (v) this.unpool(p, childId, v, link.weight);
    p.pooled.delete(childId);
    p.children.delete(childId);
    this.parentsOf(c, childId)?.delete(parentId);
    if (p.children.size === 0) p.stats = null;
    p.version++;
  }

  /** A child's set of parents, about to be changed (kept first for a capture being held). */
  private parentsOf(c: WorkspaceCatalog, childId: string): Set<string> | undefined {
    const s = c.childParents.get(childId);
    if (s) this.held?.keepSet(s);
    return s;
  }

  /** Puts a document in place of `prev`, the one now under its id (undefined when none: the caller has just looked). */
  private putDoc(c: WorkspaceCatalog, d: EntityDoc, prev: EntityDoc | undefined): void {
    if (prev?.type !== d.type) {
      if (prev) c.typeCounts.set(prev.type, (c.typeCounts.get(prev.type) ?? 1) - 1);
      c.typeCounts.set(d.type, (c.typeCounts.get(d.type) ?? 0) + 1);
    }
    c.copying?.entities.beforeSet(d.id);
    c.entities.set(d.id, d);
    const lexical = c.lexicalIfBuilt;
    if (lexical && (!prev || prev.name !== d.name || prev.description !== d.description || prev.text !== d.text)) {
      lexical.remove(d.id);
      lexical.add(d.id, lexicalTokens(d));
    }
  }

  private removeDoc(c: WorkspaceCatalog, id: string): void {
    const d = c.entities.get(id);
    if (!d) return;
    c.typeCounts.set(d.type, (c.typeCounts.get(d.type) ?? 1) - 1);
    const copying = c.copying;
    if (copying) for (const m of [copying.entities, copying.vectors, copying.models, copying.urls]) m.beforeDelete();
    c.entities.delete(id);
    c.vectors.delete(id);
    c.models.delete(id);
    c.lexicalIfBuilt?.remove(id);
    if (d.url && c.urls.get(d.url) === id) c.urls.delete(d.url);
  }
}
