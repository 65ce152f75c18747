// Runs autocannon in its own process (so the load generator does not compete with the server for the
// event loop) and prints its summary as JSON. Bodies may contain [<id>] for a unique id per request, and
// [<words>] for three words drawn from opts.words.
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const template = opts.body === undefined ? undefined : JSON.stringify(opts.body);
let n = 0;
const config = {
  url: opts.url,
  method: opts.method ?? 'POST',
  connections: opts.connections,
  amount: opts.amount,
  headers: { 'content-type': 'application/json', ...opts.headers },
};
// [<words>] becomes three words drawn from opts.words (a fixed-seed generator, so runs ask the same queries).
let seed = 0x2545f491;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const words = () => Array.from({ length: 3 }, () => opts.words[Math.floor(rand() * opts.words.length)]).join(' ');
// __anchor__ in the URL becomes one of opts.anchors per request (another fixed-seed generator).
const ANCHOR = '__anchor__';
let anchorSeed = 0x1b873593;
const anchorOf = () => opts.anchors[Math.floor(((anchorSeed = (Math.imul(anchorSeed, 1664525) + 1013904223) >>> 0) / 2 ** 32) * opts.anchors.length)];
const perRequest = (template !== undefined && (template.includes('[<id>]') || template.includes('[<words>]'))) || (opts.anchors !== undefined && opts.url.includes(ANCHOR));
if (template !== undefined) config.body = template;
if (perRequest) {
  const prefix = `${process.pid}-${Date.now()}`;
  const path = new URL(opts.url).pathname + new URL(opts.url).search;
  config.requests = [
    {
      setupRequest: (req) => ({
        ...req,
        ...(template !== undefined ? { body: template.replaceAll('[<id>]', `${prefix}-${n++}`).replaceAll('[<words>]', () => words()) } : {}),
        ...(opts.anchors ? { path: path.replace(ANCHOR, encodeURIComponent(anchorOf())) } : {}),
      }),
    },
  ];
}
// Throughput from the first request to the last response (autocannon's own duration is rounded up to its
// one-second ticker when a run ends by `amount`).
const started = performance.now();
const cpu0 = process.cpuUsage();
let last = started;
const instance = autocannon(config);
instance.on('response', () => (last = performance.now()));
const result = await instance;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  JSON.stringify({ p50: result.latency.p50, p99: result.latency.p99, rps: (result.requests.total * 1000) / Math.max(last - started, 1), errors: result.errors, non2xx: result.non2xx, requests: result.requests.total, clientCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total) }),
);
