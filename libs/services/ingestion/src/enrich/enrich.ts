import type { EventData } from '@tg/contracts';
import { FetchError } from '@tg/fetch';
import type { Runtime } from '@tg/service-runtime';
import { fetchForIngest } from '../ingest/prepare';

/** First sentence of a text, bounded, for a readable name. */
export function firstSentence(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const m = /^(.{8,}?[.!?])(\s|$)/.exec(t);
  const s = m ? m[1]! : t;
  return s.length > max ? s.slice(0, max - 1).replace(/\s+\S*$/, '') + '…' : s;
}

/** A short description: the first ~200 characters on a word boundary. */
export function summary(text: string, max = 200): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? t.slice(0, max - 1).replace(/\s+\S*$/, '') + '…' : t;
}

/**
 * The enriched name and description of a content item: the page's own title and description when it
 * may be fetched, else the caller's title, else the text itself.
 */
export async function enrichmentFor(rt: Runtime, ev: EventData<'ContentIndexed'>): Promise<{ name: string; description: string; source: string }> {
  if (!ev.skip_url_fetch && ev.source === 'inline') {
    try {
      const doc = await fetchForIngest(rt, ev.url);
      if (doc.title || doc.description) {
        return { name: ev.title ?? doc.title ?? firstSentence(doc.text), description: doc.description ?? summary(doc.text || ev.text), source: 'page' };
      }
    } catch (e) {
      if (!(e instanceof FetchError)) throw e;
    }
  }
  return { name: ev.title ?? firstSentence(ev.text), description: ev.page_description ?? summary(ev.text), source: ev.source === 'fetched' ? 'page' : 'text' };
}
