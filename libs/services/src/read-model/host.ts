import type { RpcRequest } from '@tg/contracts';
import { CatalogProjection, type Touched } from '@tg/domain';
import { StreamCursor, runProjectionFeed, type Running } from '@tg/messaging';
import { readYourWrites, type Runtime } from '../runtime';

/**
 * Hosts the catalog projection in this process: fed from the stream by an ordered consumer, read by
 * the services that share it. Listeners (vector index, cluster scheduler) follow what each event touched.
 */
export class ReadModelHost {
  readonly catalog = new CatalogProjection();
  readonly cursor = new StreamCursor();
  private readonly listeners: ((t: Touched, replaying: boolean) => void)[] = [];
  private feed?: Running;
  private live = false;

  constructor(private readonly rt: Runtime) {}

  /** Registers a listener for changes (called during replay too, with `replaying` true). */
  onChange(fn: (t: Touched, replaying: boolean) => void): void {
    this.listeners.push(fn);
  }

  /** Replays the stream from the start, then follows it live. Resolves once caught up. */
  async start(): Promise<void> {
    const t0 = Date.now();
    const feed = await runProjectionFeed(this.rt.store, {
      cursor: this.cursor,
      name: 'catalog',
      log: this.rt.log,
      handle: (e) => {
        const touched = this.catalog.apply(e);
        if (touched) for (const l of this.listeners) l(touched, !this.live);
      },
    });
    this.feed = feed;
    await feed.caughtUp;
    this.live = true;
    this.rt.log.info({ ms: Date.now() - t0, position: this.cursor.position }, 'catalog projection caught up');
  }

  /** Waits until the projection has passed the caller's last write (bounded). */
  ready(req: RpcRequest): Promise<void> {
    return readYourWrites(this.cursor, req, this.rt.config.readWaitMs);
  }

  get isLive(): boolean {
    return this.live;
  }

  async stop(): Promise<void> {
    await this.feed?.stop();
    this.cursor.close();
  }
}
