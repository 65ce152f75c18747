import { readFileSync } from 'node:fs';
// The topology module alone (no NATS, no services): this is a unit spec.
import { assignPartitions, parsePartitionSet } from '../libs/contracts/src/partitions';
import { DEPLOYED_TOPOLOGY, PARTITIONED_APPS, PARTITIONED_TOPOLOGY, replicasOnly, SERVICE_APPS, STACK_ENV_KEYS } from '../libs/test-stack/src/topology';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

// docker-compose.yml and deploy/ must describe the topology that `npm run stack` and the test harness run
// (libs/test-stack): same services, same variables, same ports, so the two cannot drift apart.
const root = new URL('..', import.meta.url);
const read = (p: string) => readFileSync(new URL(p, root), 'utf8');

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: number };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const appOf = (s: ComposeService) => s.environment?.['APP'];
const replicasOf = (s: ComposeService) => s.deploy?.replicas ?? 1;

describe('docker-compose.yml describes the process topology', () => {
  it('runs every service app of the stack with the same replica count, and nothing else', () => {
    const apps = Object.values(services).filter((s) => appOf(s) && appOf(s) !== 'gateway');
    expect(apps.map(appOf).sort()).toEqual([...SERVICE_APPS].sort());
    for (const s of apps) expect(replicasOf(s), appOf(s)).toBe(DEPLOYED_TOPOLOGY.replicas);
  });

  it('runs two gateways, each publishing the container gateway port on its own host port', () => {
    const gws = Object.values(services).filter((s) => appOf(s) === 'gateway');
    expect(gws.reduce((n, s) => n + replicasOf(s), 0)).toBe(DEPLOYED_TOPOLOGY.gateways);
    const hostPorts = new Set<string>();
    for (const g of gws) {
      expect(g.environment?.['PORT']).toBe(String(DEPLOYED_TOPOLOGY.gatewayPort));
      expect(g.ports).toHaveLength(1);
      const [host, container] = g.ports![0]!.split(':');
      expect(container).toBe(String(DEPLOYED_TOPOLOGY.gatewayPort));
      hostPorts.add(host!);
    }
    // One host port per gateway container: a fixed host port on a replicated service clashes with itself.
    expect(hostPorts.size).toBe(DEPLOYED_TOPOLOGY.gateways);
  });

  it('gives every app the variables the process stack gives, pointing at every NATS node, with the stack replicas', () => {
    const natsServices = Object.keys(services).filter((n) => /^nats-\d+$/.test(n)).sort();
    expect(natsServices).toHaveLength(DEPLOYED_TOPOLOGY.natsNodes);
    const expectedUrl = natsServices.map((n) => `nats://${n}:${DEPLOYED_TOPOLOGY.natsClientPort}`);
    for (const [name, s] of Object.entries(services).filter(([, s]) => appOf(s))) {
      for (const k of STACK_ENV_KEYS) expect(s.environment?.[k], `${name} ${k}`).toBeDefined();
      expect(s.environment!['NATS_URL']!.split(','), name).toEqual(expectedUrl);
      expect(s.environment!['TG_STREAM_REPLICAS'], name).toBe(String(DEPLOYED_TOPOLOGY.streamReplicas));
      expect(s.environment!['HOST'], name).toBe('0.0.0.0');
    }
  });

  it('runs a NATS cluster: each node with JetStream, its client and cluster ports, routes to all nodes', () => {
    const natsServices = Object.entries(services).filter(([n]) => /^nats-\d+$/.test(n));
    for (const [name, s] of natsServices) {
      const mount = s.volumes?.find((v) => v.includes('/etc/nats/nats.conf'));
      expect(mount, name).toBeDefined();
      const conf = read(mount!.split(':')[0]!.replace(/^\.\//, ''));
      expect(conf).toMatch(new RegExp(`server_name:\\s*${name}\\b`));
      expect(conf).toMatch(new RegExp(`^listen:\\s*0\\.0\\.0\\.0:${DEPLOYED_TOPOLOGY.natsClientPort}\\s*$`, 'm'));
      expect(conf).toMatch(/jetstream\s*\{[^}]*store_dir/);
      const cluster = /cluster\s*\{([\s\S]*?)\n\}/.exec(conf)?.[1] ?? '';
      expect(cluster).toMatch(new RegExp(`listen:\\s*0\\.0\\.0\\.0:${DEPLOYED_TOPOLOGY.natsClusterPort}`));
      const routes = [...cluster.matchAll(/nats-route:\/\/([\w-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`).sort();
      expect(routes, name).toEqual(natsServices.map(([n]) => `${n}:${DEPLOYED_TOPOLOGY.natsClusterPort}`).sort());
    }
  });

  it('builds every app from the one image that runs apps/<APP>/src/main.ts', () => {
    const dockerfile = read('deploy/Dockerfile');
    expect(dockerfile).toContain('apps/${APP}/src/main.ts');
    for (const app of [...SERVICE_APPS, 'gateway']) expect(read(`apps/${app}/src/main.ts`).length).toBeGreaterThan(0);
  });
});

describe('deploy/docker-compose.partitions.yml describes the partitioned topology', () => {
  const override = (parse(read('deploy/docker-compose.partitions.yml'), { merge: true }) as { services: Record<string, ComposeService> }).services;
  // What compose runs: the base file with the override's services merged over it (environment maps merge).
  const merged: Record<string, ComposeService> = { ...services };
  for (const [name, s] of Object.entries(override)) {
    const base = services[name] ?? {};
    merged[name] = { ...base, ...s, environment: { ...base.environment, ...s.environment }, deploy: { ...base.deploy, ...s.deploy } };
  }
  const running = Object.entries(merged).filter(([, s]) => appOf(s) && replicasOf(s) > 0);

  it('tells every app the partition count, with the variables of the base file', () => {
    for (const [name, s] of running) {
      expect(s.environment?.['TG_PARTITIONS'], name).toBe(String(PARTITIONED_TOPOLOGY.partitions));
      for (const k of STACK_ENV_KEYS) expect(s.environment?.[k], `${name} ${k}`).toBe(name.startsWith('gateway') ? s.environment?.[k] : services['entity-service']!.environment![k]);
    }
  });

  it('runs the partitioned apps as one instance per partition set, the sets the process stack gives, each partition on two', () => {
    const expected = assignPartitions(PARTITIONED_TOPOLOGY.partitions, PARTITIONED_TOPOLOGY.replicas, PARTITIONED_TOPOLOGY.copies);
    for (const app of PARTITIONED_APPS) {
      const instances = running.filter(([, s]) => appOf(s) === app);
      expect(instances.map(([, s]) => replicasOf(s)), app).toEqual(new Array(PARTITIONED_TOPOLOGY.replicas).fill(1));
      const sets = instances.map(([, s]) => parsePartitionSet(s.environment?.['TG_SERVE_PARTITIONS'], PARTITIONED_TOPOLOGY.partitions));
      expect(sets, app).toEqual(expected);
      for (let p = 0; p < PARTITIONED_TOPOLOGY.partitions; p++) expect(sets.filter((ps) => ps.includes(p)).length, `${app} partition ${p}`).toBe(PARTITIONED_TOPOLOGY.copies);
    }
    // Every other app runs as in the base file, without a partition set.
    for (const [name, s] of running.filter(([, s]) => !PARTITIONED_APPS.includes(appOf(s) as never))) {
      expect(s.environment?.['TG_SERVE_PARTITIONS'], name).toBeUndefined();
      expect(replicasOf(s), name).toBe(replicasOf(services[name]!));
    }
  });
});

describe('replicasOnly', () => {
  it('names every app of the stack: the ones given with their count, the rest with the default asked for', () => {
    const r = replicasOnly({ 'ranking-service': 3 }, 0);
    expect(Object.keys(r).sort()).toEqual([...SERVICE_APPS, 'gateway'].sort());
    expect(r['ranking-service']).toBe(3);
    for (const app of SERVICE_APPS.filter((a) => a !== 'ranking-service')) expect(r[app], app).toBe(0);
    expect(replicasOnly({ gateway: 2 }, 1)).toMatchObject({ gateway: 2, 'language-service': 1 });
  });
});
