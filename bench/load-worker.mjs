// Runs autocannon in its own process (so the load generator does not compete with the server for the
// event loop) and prints its summary as JSON. Bodies may contain [<id>] for a unique id per request.
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
if (template !== undefined) {
  config.body = template;
  if (template.includes('[<id>]')) {
    const prefix = `${process.pid}-${Date.now()}`;
    config.requests = [{ setupRequest: (req) => ({ ...req, body: template.replaceAll('[<id>]', `${prefix}-${n++}`) }) }];
  }
}
const result = await autocannon(config);
process.stdout.write(
  JSON.stringify({ p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors, non2xx: result.non2xx, requests: result.requests.total }),
);
