function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Whole-name match: the name must not be glued to letters or digits on either side ("Nova" is not in "Novara").
function namePattern(name: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(fold(name).trim())}(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * Names from `candidateNames` that appear in `text` but are not in `allowedNames` (case-insensitive,
 * whole-name matches). Occurrences inside an allowed name do not count, so an allowed "Blue Note Café"
 * does not flag a candidate "Blue Note". Returns each violating candidate once, in candidate order.
 */
export function groundingViolations(text: string, allowedNames: string[], candidateNames: string[]): string[] {
  const allowed = new Set(allowedNames.map((n) => fold(n).trim()).filter(Boolean));
  let masked = fold(text);
  for (const name of [...allowed].sort((a, b) => b.length - a.length)) {
    masked = masked.replace(namePattern(name), (m) => ' '.repeat(m.length));
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const candidate of candidateNames) {
    const key = fold(candidate).trim();
    if (!key || allowed.has(key) || seen.has(key)) continue;
    seen.add(key);
    if (namePattern(candidate).test(masked)) out.push(candidate);
  }
  return out;
}

/** Every item name a generator may mention for this input: liked, suggestions and theme examples. */
export function allowedNames(input: {
  liked?: { name: string }[];
  suggestions?: { name: string }[];
  themes?: { examples: { name: string }[] }[];
  avoids?: { examples: { name: string }[] }[];
}): string[] {
  const names = [
    ...(input.liked ?? []),
    ...(input.suggestions ?? []),
    ...(input.themes ?? []).flatMap((t) => t.examples),
    ...(input.avoids ?? []).flatMap((t) => t.examples),
  ].map((i) => i.name);
  return [...new Set(names)];
}
