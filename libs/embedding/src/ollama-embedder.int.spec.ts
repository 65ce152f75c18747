import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EmbeddingError } from './embedder';
import { OllamaEmbedder } from './ollama-embedder';

interface EmbedRequest {
  model: string;
  input: string[];
}

/**
 * A stand-in Ollama speaking `POST /api/embed`. The model name picks the behaviour, so tests can run
 * concurrently against one server.
 */
const requests: EmbedRequest[] = [];
const hanging: ServerResponse[] = [];
let growingCalls = 0;
let server: Server;
let host: string;

function vectorFor(text: string, dim: number): number[] {
  return Array.from({ length: dim }, (_, d) => ((text.charCodeAt(d % text.length) * (d + 1)) % 17) - 8);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST' || req.url !== '/api/embed') {
    res.writeHead(404).end();
    return;
  }
  const body = JSON.parse(await readBody(req)) as EmbedRequest;
  requests.push(body);
  const json = (status: number, value: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };
  switch (body.model) {
    case 'ok-model':
      return json(200, { model: body.model, embeddings: body.input.map((t) => vectorFor(t, 8)) });
    case 'zero-model':
      return json(200, { embeddings: body.input.map(() => new Array(8).fill(0)) });
    case 'fail-model':
      return json(500, { error: 'model runner has unexpectedly stopped' });
    case 'missing-model':
      return json(404, { error: "model 'missing-model' not found, try pulling it first" });
    case 'badjson-model':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"embeddings": [[0.1, 0.2');
      return;
    case 'short-model':
      return json(200, { embeddings: [vectorFor('x', 8)] });
    case 'shape-model':
      return json(200, { embeddings: body.input.map(() => ['a', 'b']) });
    case 'growing-model':
      growingCalls++;
      return json(200, { embeddings: body.input.map(() => vectorFor('grow', growingCalls === 1 ? 8 : 9)) });
    case 'hang-model':
      hanging.push(res);
      return;
    default:
      return json(400, { error: 'unknown test model' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => res.writeHead(500).end(err.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function embedder(model: string, extra: Partial<ConstructorParameters<typeof OllamaEmbedder>[0]> = {}): OllamaEmbedder {
  return new OllamaEmbedder({ host, model, timeoutMs: 2_000, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmbeddingError);
  return err as EmbeddingError;
}

describe('OllamaEmbedder', () => {
  it('probes the dimension and returns unit vectors in order', async () => {
    const e = embedder('ok-model');
    expect(e.id).toBe('ollama:ok-model');
    expect(e.dim).toBe(0);
    expect(await e.probe()).toBe(8);
    expect(e.dim).toBe(8);
    expect(requests).toContainEqual({ model: 'ok-model', input: ['dimension probe'] });

    const [a, b] = await e.embed(['jazz club', 'tax return']);
    for (const [v, text] of [[a, 'jazz club'], [b, 'tax return']] as const) {
      const raw = vectorFor(text, 8);
      const norm = Math.hypot(...raw);
      expect(Math.hypot(...v!)).toBeCloseTo(1, 6);
      v!.forEach((x, d) => expect(x).toBeCloseTo(raw[d] / norm, 6));
    }
  });

  it('sends no blank text, answers null for it, and splits large inputs into batches', async () => {
    const e = embedder('ok-model', { batchSize: 2, host: `${host}/` });
    const before = requests.length;
    const out = await e.embed(['one', '  ', 'two', 'three', '', 'four', 'five']);
    expect(out.map((v) => v === null)).toEqual([false, true, false, false, true, false, false]);
    expect(requests.slice(before).map((r) => r.input)).toEqual([['one', 'two'], ['three', 'four'], ['five']]);
    expect(await e.embed([])).toEqual([]);
    expect(await e.embed([' '])).toEqual([null]);
    expect(requests.length).toBe(before + 3);
  });

  it('maps an all-zero vector to null', async () => {
    expect(await embedder('zero-model').embed(['anything'])).toEqual([null]);
  });

  it('reports a 500 as ollama_unavailable with the status and Ollama message', async () => {
    const err = await failure(embedder('fail-model').embed(['x']));
    expect(err.code).toBe('ollama_unavailable');
    expect(err.status).toBe(500);
    expect(err.message).toContain('model runner has unexpectedly stopped');
  });

  it('reports a missing model (404) as ollama_unavailable', async () => {
    const err = await failure(embedder('missing-model').embed(['x']));
    expect(err).toMatchObject({ code: 'ollama_unavailable', status: 404 });
    expect(err.message).toContain('not found');
  });

  it.each([
    ['badjson-model', /invalid JSON/],
    ['short-model', /without 2 embeddings/],
    ['shape-model', /malformed vector/],
  ])('reports %s as ollama_bad_response', async (model, message) => {
    const err = await failure(embedder(model).embed(['x', 'y']));
    expect(err.code).toBe('ollama_bad_response');
    expect(err.message).toMatch(message);
  });

  it('rejects an answer whose dimension differs from the probed one', async () => {
    const e = embedder('growing-model');
    await e.probe();
    const err = await failure(e.embed(['a']));
    expect(err.code).toBe('ollama_bad_response');
    expect(err.message).toMatch(/9-d vector, expected 8/);
  });

  it('times out as ollama_timeout', async () => {
    const started = performance.now();
    const err = await failure(embedder('hang-model', { timeoutMs: 150 }).embed(['x']));
    expect(err.code).toBe('ollama_timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('reports a closed port as ollama_unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(new OllamaEmbedder({ host: `http://127.0.0.1:${port}`, model: 'ok-model', timeoutMs: 2_000 }).embed(['x']));
    expect(err.code).toBe('ollama_unavailable');
    expect(err.status).toBeUndefined();
  });

  it('uses the injected fetch', async () => {
    const seen: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    await embedder('ok-model', { fetchImpl }).embed(['x']);
    expect(seen).toEqual([`${host}/api/embed`]);
  });
});
