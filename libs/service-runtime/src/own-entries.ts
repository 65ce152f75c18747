/**
 * A copy of a caller-supplied record that has only its own keys: no prototype, so that a key such as
 * `constructor`, `toString` or `__proto__` is looked up as data, never as an inherited property.
 */
export function ownEntries<T>(record: Record<string, T> | undefined): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  if (record) for (const k of Object.keys(record)) out[k] = record[k]!;
  return out;
}
