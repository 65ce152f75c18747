import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

const EXPLAIN_DOMAINS = ['discovery', 'design', 'decisions', 'data'];
const EXPLAIN_TASKS = ['coding-agent', 'commerce-agent', 'design-agent', 'insight-agent'];

/** Ann links jazz and hiking content; the other items are either in her taste or far from it. */
const ANN = {
  jazz0: ['A Love Supreme', "John Coltrane's spiritual jazz suite for tenor saxophone, piano, bass and drums"],
  jazz1: ['Saxophone Colossus', 'Sonny Rollins plays hard bop tenor sax with a swinging rhythm section'],
  jazz2: ['Maiden Voyage', 'Herbie Hancock leads a modal jazz quintet with trumpet and piano'],
  hike0: ['John Muir Trail notes', 'Backpacking the John Muir Trail: permits, food resupply and high mountain passes'],
  hike1: ['White Mountains in winter', 'Winter hiking in the White Mountains: crampons, layers and summit trails'],
  hike2: ['Annapurna circuit', 'A trekking guide to the Annapurna circuit with teahouses, trails and a high pass'],
} as const;
const OTHERS = {
  bebop: ['Bird and Diz', 'A bebop album of fast alto saxophone and trumpet solos by Charlie Parker and Dizzy Gillespie'],
  trail: ['Colorado Rockies trail guide', 'Trail guide to the Colorado Rockies: day hikes, backpacking loops, campsites and mountain passes'],
  tax: ['Small business tax manual', 'Tax manual for small businesses: deductions, depreciation schedules and quarterly tax returns'],
  ledger: ['Payroll ledger templates', 'Payroll ledger templates for withholding tax, invoices and accounting receipts'],
  knitting: ['Knitting patterns', 'Knitting patterns for wool sweaters, mittens and scarves'],
} as const;
const PLACES = {
  club: ['Blue Note club', 'A jazz club with live saxophone and trumpet sets every night'],
  park: ['Yosemite Valley', 'A national park with hiking trails, granite cliffs, waterfalls and campsites'],
  office: ['Downtown tax office', 'An accounting office that files tax returns and payroll for small businesses'],
} as const;
const ALL = { ...ANN, ...OTHERS };
type Key = keyof typeof ALL;

let seq = 0;

/** Creates Ann's workspace: returns ids by key and Ann's id. */
async function buildWorkspace(ws: WsClient) {
  const id = {} as Record<Key, string>;
  const user = async (name: string) => {
    const r = await ws.request('POST', '/entity', { body: { type: 'user', name } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  };
  const ann = await user('Ann');
  const cy = await user('Cy');
  for (const [key, [title, text]] of Object.entries(ALL)) {
    const parent = key in ANN ? { entity_id: ann } : {};
    const r = await ws.request('POST', '/entity', {
      body: { content: { url: `https://language.test/${key}/${++seq}`, type: 'text', title, content: `${title}. ${text}`, skip_url_fetch: true }, ...parent },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id[key as Key] = r.body.entity_id;
  }
  return { id, ann, cy };
}

/** Names of the items an answer mentions, by key. */
const named = (text: string) => (Object.keys(ALL) as Key[]).filter((k) => text.toLowerCase().includes(ALL[k][0].toLowerCase()));

describe('language: ask, explain, gauge (embedded default)', () => {
  let s: TestStack;
  let ws: WsClient;
  let id: Record<Key, string>;
  let ann = '';
  let cy = '';
  const q = (anchor: string, extra: Record<string, string> = {}) => ({ relative_to_entity_id: anchor, in_terms_of_entity_type: 'content', ...extra });
  const scoreOf = async (anchor: string, entityId: string) => {
    const r = await ws.request('POST', '/score', { query: q(anchor), body: { content: { entity_id: entityId } } });
    expect(r.status).toBe(200);
    return r.body.score as number;
  };
  const ask = async (query: string, anchor = ann) => {
    const r = await ws.request('POST', '/ask', { query: q(anchor), body: { query } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.answer.role).toBe('assistant');
    expect(r.body.answer.content).toHaveLength(1);
    expect(r.body.answer.content[0].type).toBe('text');
    return r.body.answer.content[0].text as string;
  };
  const explain = async (query: Record<string, string>, body: unknown = { query: 'what is their taste?' }) => {
    const r = await ws.request('POST', '/explain', { query: { ...q(ann), ...query }, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(typeof r.body.explanation).toBe('string');
    return r.body as { explanation: string; grounding: { themes: { examples: string[] }[]; avoids: string[] } };
  };

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('language');
    ({ id, ann, cy } = await buildWorkspace(ws));
    for (const [name, description] of Object.values(PLACES)) {
      const r = await ws.request('POST', '/entity', { body: { type: 'place', name, description } });
      expect(r.status).toBe(200);
    }
  });
  afterAll(async () => s?.stop());

  describe('ask', () => {
    it('answers from the anchor taste: a music question names the bebop album, never the tax manual', async () => {
      const text = await ask('Which saxophone record should I put on tonight?');
      expect(text.length).toBeGreaterThan(40);
      expect(named(text)).toContain('bebop');
      expect(named(text)).not.toContain('tax');
      expect(text.indexOf(ALL.bebop[0])).toBeLessThan(text.indexOf(ALL.trail[0]) < 0 ? Infinity : text.indexOf(ALL.trail[0]));
    });

    it('a hiking question names the trail guide', async () => {
      const text = await ask('Where should I go walking in the mountains this summer?');
      expect(named(text)).toContain('trail');
      expect(named(text)).not.toContain('tax');
      expect(named(text)).not.toContain('ledger');
    });

    it('grounding: every item an answer names exists in the workspace and is relevant to the anchor', async () => {
      const questions = ['What should I listen to?', 'Any gear for a long trek?', 'How do I file my taxes?', 'Recommend me something to read about knitting'];
      const linked = new Set(Object.keys(ANN));
      for (const question of questions) {
        const r = await ws.request('POST', '/ask', { query: q(ann), body: { query: question } });
        expect(r.status).toBe(200);
        const text = r.body.answer.content[0].text as string;
        // Every id the answer rests on is a workspace entity.
        for (const gid of [...r.body.grounding.liked, ...r.body.grounding.suggestions]) {
          expect((await ws.request('GET', '/entity', { query: { entity_id: gid } })).status).toBe(200);
        }
        // Every named item is one of Ann's own, or scores as a fit for her.
        for (const k of named(text)) {
          if (linked.has(k)) continue;
          expect(await scoreOf(ann, id[k]), `${question}: ${k}`).toBeGreaterThanOrEqual(0.5);
        }
        expect(named(text), question).not.toContain('tax');
      }
    });

    it('a question outside the taste gets an honest answer without irrelevant items', async () => {
      const text = await ask('How do I file quarterly tax returns?');
      expect(named(text)).not.toContain('tax');
      expect(named(text)).not.toContain('ledger');
    });

    it('errors: missing parameters 400, missing query 400, unknown anchor 404, anchor without created text 404', async () => {
      let r = await ws.request('POST', '/ask', { query: { relative_to_entity_id: ann }, body: { query: 'hi' } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('bad_request');
      r = await ws.request('POST', '/ask', { query: { in_terms_of_entity_type: 'content' }, body: { query: 'hi' } });
      expect(r.body.code).toBe('bad_request');
      r = await ws.request('POST', '/ask', { query: q(ann), body: {} });
      expect(r.status).toBe(400);
      r = await ws.request('POST', '/ask', { query: q(ann), body: { query: '' } });
      expect(r.status).toBe(400);
      r = await ws.request('POST', '/ask', { query: q('nobody'), body: { query: 'hi' } });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('anchor_not_found');
      r = await ws.request('POST', '/ask', { query: q(cy), body: { query: 'hi' } });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('anchor_has_no_text');
      r = await ws.request('POST', '/ask', { query: q(ann, { domain: 'discovery' }), body: { query: 'hi' } });
      expect(r.status).toBe(400);
    });
  });

  describe('explain', () => {
    it('names both themes with examples from the anchor, and what it does not go for', async () => {
      const { explanation, grounding } = await explain({});
      const names = named(explanation);
      expect(names.some((k) => k.startsWith('jazz'))).toBe(true);
      expect(names.some((k) => k.startsWith('hike'))).toBe(true);
      // Theme examples are Ann's own items; avoided items score low for her.
      const annIds = new Set(Object.keys(ANN).map((k) => id[k as Key]));
      const examples = grounding.themes.flatMap((t) => t.examples);
      expect(examples.length).toBeGreaterThan(0);
      for (const e of examples) expect(annIds.has(e)).toBe(true);
      expect(grounding.avoids.length).toBeGreaterThan(0);
      for (const a of grounding.avoids) expect(await scoreOf(ann, a)).toBeLessThanOrEqual(0.2);
      // Items in her taste are never named as avoided.
      for (const k of ['bebop', 'trail'] as const) expect(grounding.avoids).not.toContain(id[k]);
      // Anything named outside her own items is an avoided one (the tax books), in the avoid sentence.
      for (const k of names.filter((n) => !(n in ANN))) {
        expect(grounding.avoids).toContain(id[k]);
        expect(explanation.indexOf(ALL[k][0])).toBeGreaterThan(explanation.search(/don't go for|doesn't go for|steer clear|avoid|not for/i));
      }
    });

    it('domain and task change the framing and the advice', async () => {
      const texts = new Map<string, string>();
      for (const domain of EXPLAIN_DOMAINS) texts.set(domain, (await explain({ domain })).explanation);
      expect(texts.get('data')).toMatch(/\d+%/);
      expect(texts.get('discovery')).toMatch(/surface/i);
      expect(texts.get('design')).toMatch(/look and feel/i);
      expect(texts.get('decisions')).toMatch(/tie|veto/i);
      expect(new Set(texts.values()).size).toBe(EXPLAIN_DOMAINS.length);
      const advice: Record<string, RegExp> = { 'commerce-agent': /merchandising/i, 'coding-agent': /defaults/i, 'design-agent': /Direction:/, 'insight-agent': /Patterns:/ };
      for (const task of EXPLAIN_TASKS) expect((await explain({ task })).explanation).toMatch(advice[task]!);
      const both = (await explain({ domain: 'discovery', task: 'commerce-agent' })).explanation;
      expect(both).toMatch(/surface/i);
      expect(both).toMatch(/merchandising/i);
    });

    it('in terms of another entity type: places stand for the themes', async () => {
      const { explanation } = await explain({ in_terms_of_entity_type: 'place' });
      expect(explanation).toMatch(/Blue Note club|Yosemite Valley/);
      expect(explanation).not.toMatch(/Downtown tax office[^.]*(first|lead|primary)/);
    });

    it('errors: unknown domain or task 400 listing the allowed values; missing query 400; 404s', async () => {
      let r = await ws.request('POST', '/explain', { query: q(ann, { domain: 'cooking' }), body: { query: 'x' } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('unknown_domain');
      expect(r.body.details.allowed).toEqual(EXPLAIN_DOMAINS);
      for (const d of EXPLAIN_DOMAINS) expect(r.body.error).toContain(d);
      r = await ws.request('POST', '/explain', { query: q(ann, { task: 'chef-agent' }), body: { query: 'x' } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('unknown_task');
      expect(r.body.details.allowed).toEqual(EXPLAIN_TASKS);
      r = await ws.request('POST', '/explain', { query: q(ann), body: {} });
      expect(r.status).toBe(400);
      r = await ws.request('POST', '/explain', { query: { relative_to_entity_id: ann }, body: { query: 'x' } });
      expect(r.body.code).toBe('bad_request');
      r = await ws.request('POST', '/explain', { query: q('nobody'), body: { query: 'x' } });
      expect(r.status).toBe(404);
      r = await ws.request('POST', '/explain', { query: q(cy), body: { query: 'x' } });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('anchor_has_no_text');
    });
  });

  describe('gauge', () => {
    const gauge = async (body: unknown) => ws.request('POST', '/gauge', { body });
    it('echoes response, followup and the prompt; resonance in [0, 1]', async () => {
      const body = { response: 'Try A Love Supreme by John Coltrane.', followup: 'Oh I love it, playing it now. Anything else like that?', prompt: 'Recommend a jazz record' };
      const r = await gauge(body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.response).toBe(body.response);
      expect(r.body.followup).toBe(body.followup);
      expect(typeof r.body.prompt).toBe('string');
      expect(r.body.prompt.length).toBeGreaterThan(0);
      expect(r.body.resonance).toBeGreaterThanOrEqual(0);
      expect(r.body.resonance).toBeLessThanOrEqual(1);
    });

    it('uptake scores above correction, rejection and topic change; length is not rewarded', async () => {
      const response = 'You could try the Colorado Rockies trail guide: its day hikes suit a first trip.';
      const res = async (followup: string) => {
        const r = await gauge({ response, followup });
        expect(r.status).toBe(200);
        return r.body.resonance as number;
      };
      const uptake = await res('Great, that looks perfect. Which of the day hikes is the easiest to start with?');
      const short = await res('Perfect, thanks!');
      const rejection = await res("No, that's not what I asked for at all.");
      const correction = await res('Actually I said I wanted coastal walks, not the Rockies.');
      const topic = await res("Anyway, what's the weather like in Paris?");
      const longNegative = await res(
        'I have to say that this is really not helpful at all, and I am quite disappointed, because I explained several times ' +
          'that I was looking for something completely different, and instead I keep getting the same kind of suggestion that ' +
          'I already told you I do not want, so I am going to stop here and look somewhere else for advice on this.',
      );
      expect(uptake).toBeGreaterThan(0.6);
      expect(short).toBeGreaterThan(0.6);
      for (const neg of [rejection, correction, longNegative]) expect(neg).toBeLessThan(0.4);
      expect(topic).toBeLessThan(uptake);
      expect(longNegative).toBeLessThan(short);
    });

    it('empty or missing strings are 400', async () => {
      for (const body of [
        { response: '', followup: 'ok' },
        { response: 'ok', followup: '' },
        { response: '   ', followup: 'ok' },
        { response: 'ok', followup: ' \n ' },
        { response: 'ok' },
        { followup: 'ok' },
        {},
      ]) {
        const r = await gauge(body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(['validation_failed', 'bad_request']).toContain(r.body.code);
      }
      const anon = new TastegraphClient({ baseUrl: s.baseUrl });
      expect((await anon.request('POST', '/gauge', { body: { response: 'a', followup: 'b' } })).status).toBe(401);
    });
  });
});

/**
 * A local HTTP server that speaks the two Ollama endpoints tastegraph uses: /api/embed (hashed bag-of-words
 * vectors, enough to rank these texts) and /api/chat (a scripted reply per mode).
 */
function fakeOllama() {
  const state = { mode: 'grounded' as 'grounded' | 'hallucinate' | 'error' | 'slow', chats: 0 };
  const embed = (text: string) => {
    const v = new Array(64).fill(0);
    for (const w of text.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
      let h = 2166136261;
      for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
      v[(h >>> 0) % 64] += (h & 1) * 2 - 1;
    }
    return v;
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/api/embed') {
        const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
        return send(200, { model: body.model, embeddings: input.map(embed) });
      }
      if (req.url === '/api/chat') {
        state.chats++;
        const system: string = body.messages?.map((m: { content: string }) => m.content).join('\n') ?? '';
        const first = /^- ([^(\n]+?) \(/m.exec(system)?.[1] ?? 'nothing';
        if (state.mode === 'error') return send(500, { error: 'model crashed' });
        if (state.mode === 'slow') return void setTimeout(() => send(200, { message: { role: 'assistant', content: 'late' } }), 2_000);
        const content = state.mode === 'grounded' ? `From the model: start with ${first}.` : `From the model: you will love the ${ALL.tax[0]}.`;
        return send(200, { model: body.model, message: { role: 'assistant', content }, done: true });
      }
      send(404, { error: 'not found' });
    });
  });
  return { server, state };
}

describe('language: Ollama generation with grounding and fallback', () => {
  let s: TestStack;
  let ws: WsClient;
  let ann = '';
  const ollama = fakeOllama();

  beforeAll(async () => {
    await new Promise<void>((r) => ollama.server.listen(0, '127.0.0.1', () => r()));
    const port = (ollama.server.address() as AddressInfo).port;
    s = await startStack({ ollamaHost: `http://127.0.0.1:${port}`, ollamaTimeoutMs: 500 });
    ws = await s.workspace('ollama');
    ({ ann } = await buildWorkspace(ws));
  });
  afterAll(async () => {
    await s?.stop();
    await new Promise((r) => ollama.server.close(r));
  });
  const ask = async () => {
    const r = await ws.request('POST', '/ask', { query: { relative_to_entity_id: ann, in_terms_of_entity_type: 'content' }, body: { query: 'What should I listen to tonight?' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { answer: { content: { text: string }[] }; generator: string; grounding: { liked: string[]; suggestions: string[] } };
  };

  it('uses the model when it answers from the given items', async () => {
    ollama.state.mode = 'grounded';
    const before = ollama.state.chats;
    const r = await ask();
    expect(ollama.state.chats).toBe(before + 1);
    expect(r.generator).toMatch(/^ollama:/);
    expect(r.answer.content[0]!.text).toMatch(/^From the model: start with /);
    const ex = await ws.request('POST', '/explain', { query: { relative_to_entity_id: ann, in_terms_of_entity_type: 'content' }, body: { query: 'taste?' } });
    expect(ex.status).toBe(200);
    expect(ex.body.explanation).toMatch(/^From the model/);
  });

  it('replaces a reply that names a workspace item it was not given with the grounded template', async () => {
    ollama.state.mode = 'hallucinate';
    const r = await ask();
    expect(r.generator).toBe('template');
    expect(r.answer.content[0]!.text).not.toContain(ALL.tax[0]);
    expect(r.answer.content[0]!.text).not.toMatch(/^From the model/);
  });

  it('falls back to the template on a server error or a timeout', async () => {
    for (const mode of ['error', 'slow'] as const) {
      ollama.state.mode = mode;
      const started = Date.now();
      const r = await ask();
      expect(r.answer.content[0]!.text.length).toBeGreaterThan(20);
      expect(r.answer.content[0]!.text).not.toMatch(/^From the model|^late$/);
      expect(Date.now() - started).toBeLessThan(1_900);
    }
  });
});
