import type { ReadModelHost } from '../read-model/host';
import { representativeVector } from '../read-model/profiles';
import { InProcessVectorIndex, type VectorHit } from '@tg/vector-store';

/**
 * The vector read model the ranking service queries: every entity's representative vector (content:
 * its own; parents: the normalised weighted mean of their children; others: their own text vector),
 * kept in an in-process index per workspace and entity type. Parents are refreshed lazily: a change
 * marks them dirty and the next search of that workspace recomputes them (cheap: O(d) each).
 */
export class RankingIndex {
  readonly index = new InProcessVectorIndex();
  private readonly dirty = new Map<string, Set<string>>();

  constructor(private readonly host: ReadModelHost) {
    host.onChange((t) => {
      let set = this.dirty.get(t.workspace);
      if (!set) this.dirty.set(t.workspace, (set = new Set()));
      for (const id of t.entities) set.add(id);
      for (const id of t.parents) set.add(id);
      for (const id of t.removed) {
        set.delete(id);
        this.index.removeSync(t.workspace, id);
      }
    });
  }

  /** The representative vector of an entity (null when it has none). */
  representative(ws: string, id: string): Float32Array | null {
    return representativeVector(this.host.catalog.ws(ws), id);
  }

  /** Applies pending changes of a workspace to the index. */
  flush(ws: string): void {
    const set = this.dirty.get(ws);
    if (!set || !set.size) return;
    const cat = this.host.catalog.ws(ws);
    for (const id of set) {
      const d = cat.entities.get(id);
      const v = d ? this.representative(ws, id) : null;
      if (d && v) this.index.upsertSync(ws, d.type, id, v);
      else this.index.removeSync(ws, id);
    }
    set.clear();
  }

  /** Nearest entities of a type to a query vector. */
  search(ws: string, type: string, q: Float32Array, k: number): VectorHit[] {
    this.flush(ws);
    return this.index.searchSync(ws, type, q, k);
  }
}
