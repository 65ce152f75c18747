import type { WorkspaceCatalog } from '@tg/domain';
import { composeProfile, type TasteProfile } from '@tg/math';
import { installProfile, profileJob, type ProfileJob, type ReadModelHost } from '@tg/read-model';
import { SerialWorker } from '@tg/service-runtime';

/** What the worker is sent: a job without its parent (the statistics' copy and the options are all it needs). */
export type ProfileMessage = Pick<ProfileJob, 'stats' | 'options'>;

/** Options of {@link ProfileComposer}. */
export interface ProfileComposerOptions {
  /** Whether a worker thread composes (default true; false composes on the main thread, a turn after the change). */
  threaded?: boolean;
  /** Told when the worker fails (compositions then run on the main thread). */
  onError?: (error: Error) => void;
  /** Told of each profile composed here and cached (not awaited): what derives from it can be prepared too. */
  onComposed?: (cat: WorkspaceCatalog, id: string, profile: TasteProfile) => void;
}

/**
 * Composes the taste profile of every parent whose links (or linked vectors) changed, in the background, so
 * that the first read after a link finds it cached instead of paying a 100×100 eigendecomposition (a fifth of
 * the ranking service's CPU under the mixed load, docs/benchmarks.md). The composition runs on a worker thread
 * (at the process's own priority), one at a time, from a copy of the statistics at one version; its result is cached
 * only while the parent is still at that version (`installProfile`). A read that comes first composes the
 * profile itself, as before: the same function of the same statistics, so every read gets the same profile
 * whichever composed it. Changes made while a composition runs are composed after it, at their latest version.
 */
export class ProfileComposer {
  private readonly worker: SerialWorker<ProfileMessage, TasteProfile>;
  /** Parents changed since the last drain, per workspace. */
  private readonly pending = new Map<string, Set<string>>();
  private scheduled = false;
  private pumping = false;
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  /** Profiles composed here and cached before a read needed them, and compositions a read or a change overtook. */
  readonly counts = { installed: 0, overtaken: 0 };

  constructor(
    private readonly host: ReadModelHost,
    private readonly opts: ProfileComposerOptions = {},
  ) {
    this.worker = new SerialWorker<ProfileMessage, TasteProfile>(
      new URL('./profile-worker-boot.mjs', import.meta.url),
      'profile',
      {
        message: (m) => ({ data: m }),
        output: (reply) => {
          const r = reply as { profile?: TasteProfile } | undefined;
          return r?.profile;
        },
        inline: (m) => composeProfile(m.stats, m.options),
      },
      // Not background priority: this is the work the next read would do itself (within a second under the
      // mixed load), done ahead; at nice 10 the read still came first for about a third of them (profile at load 36).
      { threaded: opts.threaded ?? true, onError: opts.onError, nice: 0 },
    );
    // Live changes only: a replay leaves every profile to its first read (most are never read).
    host.onChange((t, replaying) => {
      if (replaying || this.closed || !t.parents.length) return;
      let set = this.pending.get(t.workspace);
      if (!set) this.pending.set(t.workspace, (set = new Set()));
      for (const id of t.parents) set.add(id);
      this.schedule();
    });
  }

  /** Settles once no composition is pending or running (tests). */
  idle(): Promise<void> {
    if (!this.pumping && !this.pending.size) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending.clear();
    await this.worker.close();
  }

  private schedule(): void {
    if (this.pumping || this.scheduled) return;
    this.scheduled = true;
    // After the fold's turn: the changes of one message of events are taken together.
    setImmediate(() => {
      this.scheduled = false;
      void this.pump();
    });
  }

  /** Composes pending parents one at a time, each at its version when its turn comes. */
  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (let next = this.take(); next && !this.closed; next = this.take()) {
        const cat = this.host.catalog.ws(next.ws);
        const job = profileJob(cat, next.id);
        if (!job) continue;
        const profile = await this.worker.run({ stats: job.stats, options: job.options });
        if (installProfile(cat, job, profile)) {
          this.counts.installed++;
          this.opts.onComposed?.(cat, next.id, profile);
        } else this.counts.overtaken++;
      }
    } catch {
      // The worker falls back to the main thread by itself; anything else leaves the profile to its read.
    } finally {
      this.pumping = false;
      if (this.pending.size && !this.closed) this.schedule();
      else for (const w of this.idleWaiters.splice(0)) w();
    }
  }

  private take(): { ws: string; id: string } | undefined {
    for (const [ws, ids] of this.pending) {
      for (const id of ids) {
        ids.delete(id);
        if (!ids.size) this.pending.delete(ws);
        return { ws, id };
      }
    }
    return undefined;
  }
}
