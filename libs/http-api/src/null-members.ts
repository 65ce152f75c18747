/** The parts of a JSON Schema (as TypeBox builds them) that say where a member may be absent or `null`. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** The schema and, for a union or an intersection, each of its branches, flattened. */
function branchesOf(schema: Schema, into: Schema[] = []): Schema[] {
  into.push(schema);
  for (const b of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) branchesOf(b, into);
  return into;
}

/** A schema that takes `null`: `type: 'null'` (or a list of types with it), or a branch that does; `{}` takes anything. */
function takesNull(schema: Schema): boolean {
  const branches = branchesOf(schema);
  if (branches.length === 1 && schema.type === undefined && !schema.properties && !schema.items) return true;
  return branches.some((b) => b.type === 'null' || (Array.isArray(b.type) && b.type.includes('null')));
}

/**
 * Removes, in place, every object member whose value is `null` where the schema makes that member optional and does
 * not take `null` for it: clients that serialise every field of a record (a Python dataclass, a Java bean, a database
 * row) send `null` for the fields they lack, meaning "not given". Where a member is required, or where `null` is one
 * of its values (`ids: (string | null)[]`), it is left for validation to judge. Nested objects and arrays are walked
 * with their member and item schemas, each branch of a union or intersection that describes the member.
 */
export function dropNullOptionals(schema: Schema, data: unknown): void {
  if (data === null || typeof data !== 'object') return;
  const branches = branchesOf(schema);
  if (Array.isArray(data)) {
    const items = branches.flatMap((b) => (b.items ? [b.items] : []));
    for (const item of data) for (const s of items) dropNullOptionals(s, item);
    return;
  }
  const objects = branches.filter((b) => b.properties);
  if (!objects.length) return;
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const described = objects.filter((b) => Object.hasOwn(b.properties!, key));
    if (!described.length) continue;
    if (record[key] === null) {
      const optional = described.some((b) => !b.required?.includes(key));
      if (optional && !described.some((b) => takesNull(b.properties![key]!))) delete record[key];
      continue;
    }
    for (const b of described) dropNullOptionals(b.properties![key]!, record[key]);
  }
}
