import { effective, isRecord, type Schema } from './schema.js';

/**
 * Smaller variants of a body, simplest first: each property dropped, then each
 * string shortened to its minimum, each number moved to its minimum or 0. The
 * caller keeps a candidate only if it stays (in)valid and still fails.
 */
export function shrinkCandidates(body: unknown, schema: Schema): unknown[] {
  if (!isRecord(body)) return [];
  const props = effective(schema).properties ?? {};
  const out: unknown[] = [];
  for (const key of Object.keys(body)) {
    const copy = { ...body };
    delete copy[key];
    out.push(copy);
  }
  for (const [key, value] of Object.entries(body)) {
    const sub = props[key] && !('$ref' in props[key]) ? effective(props[key] as Schema) : undefined;
    if (typeof value === 'string' && value.length > 1) {
      const min = Math.max(sub?.minLength ?? 1, 1);
      if (value.length > min) out.push({ ...body, [key]: value.slice(0, Math.max(min, Math.floor(value.length / 2))) });
    } else if (typeof value === 'number' && value !== 0) {
      const target = sub?.minimum ?? 0;
      if (value !== target) out.push({ ...body, [key]: target });
    }
  }
  return out;
}
