import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { findNatsServer, freePort, freePorts, waitForNats } from '@tg/test-stack/nats';
import { ManagedProcess } from './managed-process';
import { eventually } from './wait';

/**
 * The NATS part of a process topology. Pluggable: one JetStream server today ({@link singleNats}); a
 * three-node cluster with R3 streams plugs in behind the same interface.
 */
export interface NatsTopology {
  /** What services get as `NATS_URL` (comma-separated for a cluster). */
  readonly url: string;
  /** Replicas the event stream should have on this topology (`TG_STREAM_REPLICAS`). */
  readonly streamReplicas: number;
  /** The nats-server processes (kill/restart any one of them; each keeps its store). */
  readonly nodes: ManagedProcess[];
  /** Kills node `i` with SIGKILL (a crash); its store stays. */
  kill(i?: number): Promise<void>;
  /** Starts node `i` again on the same port and store and waits until clients can connect. */
  start(i?: number): Promise<void>;
  /** Stops every node and removes the stores. */
  dispose(): Promise<void>;
}

/** Creates a NATS topology (called once by the process stack). */
export type NatsFactory = () => Promise<NatsTopology>;

/** One nats-server with JetStream on a free loopback port and a temporary store. */
export function singleNats(opts: { storeDir?: string; port?: number } = {}): NatsFactory {
  return async () => {
    const bin = findNatsServer();
    const storeDir = opts.storeDir ?? mkdtempSync(join(tmpdir(), 'tg-nats-'));
    const { port, nodes } = await startOnFreePorts(async () => {
      const port = opts.port ?? (await freePort());
      const url = `nats://127.0.0.1:${port}`;
      const node = new ManagedProcess({
        name: 'nats',
        index: 0,
        command: bin,
        // -DV off; --http_port 0 gives monitoring on a free port (no clash between parallel stacks).
        args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '--http_port', '0'],
        env: { ...process.env },
        cwd: tmpdir(),
        ready: async () => waitForNats(url, 30_000),
        readyTimeoutMs: 35_000,
      });
      // A port that was given is not chosen again.
      return { port, nodes: [node], retry: opts.port === undefined };
    });
    const node = nodes[0]!;
    return {
      url: `nats://127.0.0.1:${port}`,
      streamReplicas: 1,
      nodes,
      kill: async (i = 0) => nodeAt(nodes, i).kill('SIGKILL'),
      start: async (i = 0) => nodeAt(nodes, i).start(),
      async dispose() {
        await node.stop();
        if (!opts.storeDir) rmSync(storeDir, { recursive: true, force: true });
      },
    };
  };
}

/**
 * Starts the nodes `make` gives and answers them once ready. A port chosen free can be taken by another suite's
 * process before a node binds it: the node then exits ("address already in use"), and `make` is asked again
 * (fresh ports; a cluster's routes name them all, so all of them), three attempts in all.
 */
async function startOnFreePorts<T extends { nodes: ManagedProcess[]; retry?: boolean; discard?: () => void }>(make: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const made = await make();
    try {
      await Promise.all(made.nodes.map((x) => x.start()));
      return made;
    } catch (e) {
      await Promise.all(made.nodes.map((x) => x.stop()));
      made.discard?.();
      if (made.retry === false || attempt === 3 || !made.nodes.some((x) => /address already in use/.test(x.tail()))) throw e;
    }
  }
}

/**
 * A cluster of `nodes` (default 3) nats-servers with JetStream on loopback, each with its own store and
 * server name, routes between all of them; streams should use 3 replicas (`streamReplicas`). Ready when
 * every node accepts clients and JetStream answers (a meta leader is elected). A node started again after
 * a kill waits for the same.
 */
export function natsCluster(opts: { nodes?: number; choosePorts?: (n: number) => Promise<number[]> } = {}): NatsFactory {
  return async () => {
    const n = opts.nodes ?? 3;
    const bin = findNatsServer();
    const { ports, base, nodes } = await startOnFreePorts(async () => {
      const ports = await (opts.choosePorts ?? freePorts)(2 * n);
      const base = mkdtempSync(join(tmpdir(), 'tg-nats-cluster-'));
      return { ports, base, nodes: clusterNodes(bin, base, ports.slice(0, n), ports.slice(n)), discard: () => rmSync(base, { recursive: true, force: true }) };
    });
    const urls = ports.slice(0, n).map((p) => `nats://127.0.0.1:${p}`);
    const jetstreamReady = () => clusterJetStreamReady(urls);
    await jetstreamReady();
    return {
      url: urls.join(','),
      streamReplicas: Math.min(3, n),
      nodes,
      kill: async (i = 0) => nodeAt(nodes, i).kill('SIGKILL'),
      start: async (i = 0) => {
        await nodeAt(nodes, i).start();
        await jetstreamReady();
      },
      async dispose() {
        await Promise.all(nodes.map((x) => x.stop()));
        rmSync(base, { recursive: true, force: true });
      },
    };
  };
}

/** One process per node, each with its store under `base`, its client port, and routes to all the others. */
function clusterNodes(bin: string, base: string, ports: number[], routes: number[]): ManagedProcess[] {
  return ports.map(
    (port, i) =>
      new ManagedProcess({
        name: 'nats',
        index: i,
        command: bin,
        args: [
          '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(base, `n${i}`), '-n', `tg-${i}`, '--http_port', '0',
          '--cluster_name', 'tg', '--cluster', `nats://127.0.0.1:${routes[i]}`,
          '--routes', routes.filter((_, j) => j !== i).map((r) => `nats://127.0.0.1:${r}`).join(','),
        ],
        env: { ...process.env },
        cwd: tmpdir(),
        ready: async () => waitForNats(`nats://127.0.0.1:${port}`, 30_000),
        readyTimeoutMs: 35_000,
      }),
  );
}

/** Waits until JetStream answers on the cluster (a meta leader is elected). */
async function clusterJetStreamReady(urls: string[]): Promise<void> {
  await eventually(
    async () => {
      const nc = await connect({ servers: urls, timeout: 1_000, reconnect: false });
      try {
        const jsm = await jetstreamManager(nc, { timeout: 2_000 });
        await jsm.getAccountInfo();
        return true;
      } finally {
        await nc.close();
      }
    },
    { timeoutMs: 60_000, intervalMs: 100, what: 'JetStream answering on the cluster' },
  );
}

function nodeAt(nodes: ManagedProcess[], i: number): ManagedProcess {
  const n = nodes[i];
  if (!n) throw new Error(`no nats node ${i} (have ${nodes.length})`);
  return n;
}
