import { canonicalJson } from './catalog-digest';

/** One item of a request that writes several content items (a batch, `linked_content`): what names its entity. */
export interface ContentWriteItem {
  content: { url: string; id?: string } & Record<string, unknown>;
  /** The batch's parallel `ids[i]`; the item's entity is this, or `content.id`, or whichever entity holds the URL. */
  id?: string | null;
}

/**
 * For each item of one request that writes several content items, the index of the earlier item it conflicts with,
 * or undefined: both name the same URL or the same explicit id, and their fields differ. The items of a request are
 * written in parallel, so which of two such items would be stored last depends on timing; the later one is refused
 * instead (decided from the body alone, so a retry decides the same). Items whose fields are equal write the same
 * thing and do not conflict (each may still link its own parent). An item that is refused claims nothing for the
 * items after it.
 */
export function conflictingDuplicates(items: readonly ContentWriteItem[]): (number | undefined)[] {
  const firstByKey = new Map<string, number>();
  const fields: string[] = [];
  return items.map((item, i) => {
    const id = item.id ?? item.content.id ?? undefined;
    const keys = [`url\u0000${item.content.url}`, ...(id === undefined ? [] : [`id\u0000${id}`])];
    fields[i] = canonicalJson({ content: { ...item.content, id }, id });
    const earlier = keys.map((k) => firstByKey.get(k)).filter((j) => j !== undefined);
    const conflict = earlier.find((j) => fields[j] !== fields[i]);
    if (conflict !== undefined) return conflict;
    for (const k of keys) if (!firstByKey.has(k)) firstByKey.set(k, i);
    return undefined;
  });
}
