import type { OpenAPIV3 } from 'openapi-types';
import { isRecord, type SchemaValidator } from '../contract/index.js';
import { identifierField, recordProperties } from '../contract/resources/index.js';
import { schemaAccepts } from './media.js';

type Schema = OpenAPIV3.SchemaObject;

const UUID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)([0-9a-f]{12})$/i;

/** The field that names a listed record, as the kernel reads a record's identifier (an `Id` or `ID` too). */
function idFieldOf(record: Readonly<Record<string, unknown>>): string | undefined {
  return identifierField(record, undefined) ?? Object.keys(record).find((k) => k.toLowerCase() === 'id');
}

/** Values near `value` for the `step`-th repeat, most alike first: the same shape, another number. */
function variants(value: unknown, step: number): unknown[] {
  if (typeof value === 'number') return [value + step, value - step];
  if (typeof value !== 'string') return [];
  const out: string[] = [];
  const uuid = UUID.exec(value);
  if (uuid) {
    const tail = (BigInt(`0x${uuid[2]}`) + BigInt(step)) % 16n ** 12n;
    out.push(uuid[1]! + tail.toString(16).padStart(12, '0'));
  }
  const digits = /^(.*?)(\d+)$/.exec(value);
  if (digits) {
    const width = digits[2]!.length;
    for (const next of [BigInt(digits[2]!) + BigInt(step), BigInt(digits[2]!) - BigInt(step)])
      if (next >= 0n) out.push(digits[1]! + next.toString().padStart(width, '0'));
  }
  out.push(`${value}${step}`, `${value}-${step}`, `${value}_${step}`);
  return out;
}

/**
 * The made-up items of one generated list carry distinct identifiers. A generator that honours a
 * schema's `example` gives every item the same one (Pinterest's partners: id 383791336903426391
 * three times on a page), and no service lists one record twice. The first item keeps its value
 * (the document's example); each repeat takes the nearest value the identifier's schema admits (its
 * format, pattern and bounds) that no other item holds. A repeat no such value exists for (an enum
 * of one value, a `const`) is left out: a list can hold that record once. Items without an
 * identifier, and lists of scalars, are returned as they are. With `vary: false` every repeat is
 * left out (the items a request's `?id=…` filter made alike: one record has that identifier).
 */
export function distinctIdentifiers(
  items: readonly unknown[],
  itemSchema: Schema,
  validator: SchemaValidator,
  vary = true,
): readonly unknown[] {
  const first = items.find(isRecord);
  const field = first === undefined ? undefined : idFieldOf(first);
  if (field === undefined) return items;
  const sub = recordProperties(itemSchema)[field];
  const schema = sub && !('$ref' in sub) ? sub : undefined;
  const seen = new Set<string>();
  let repeats = 0;
  const out: unknown[] = [];
  for (const item of items) {
    const value = isRecord(item) ? item[field] : undefined;
    if (!isRecord(item) || value === undefined || !seen.has(JSON.stringify(value))) {
      if (value !== undefined) seen.add(JSON.stringify(value));
      out.push(item);
      continue;
    }
    repeats++;
    let fresh: unknown;
    // The n-th repeat tries the n-th value first (…391, …392, …393), then the ones after it.
    for (let step = repeats; vary && step <= repeats + items.length && fresh === undefined; step++)
      // An enum's other members are values of the same kind too (`id: {enum: [a, b, c]}`).
      fresh = [...variants(value, step), ...(schema?.enum ?? [])].find(
        (v) => !seen.has(JSON.stringify(v)) && (schema === undefined || schemaAccepts(validator, schema, v)),
      );
    if (fresh === undefined) continue;
    seen.add(JSON.stringify(fresh));
    out.push({ ...item, [field]: fresh });
  }
  return repeats > 0 ? out : items;
}
