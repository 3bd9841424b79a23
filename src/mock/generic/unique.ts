import { isDeepStrictEqual } from 'node:util';
import { normalName, type Operation } from '../../contract/index.js';
import type { RecordValue } from './store.js';

/**
 * Words that say a 409 refuses a value another record already holds (RFC 9110 §15.5.10). A bare
 * "exists" is not one: "does not exist in a state that allows it" says nothing of uniqueness.
 */
const TAKEN = /\b(already|in use|taken|duplicated?|unique)\b/i;

/**
 * The body fields an operation's documented 409 says must be unique among the collection's records:
 * those its description names beside a word that says so ("SKU already in use", "A user with this
 * email address already exists"). Read from the document's own words, never assumed: a 409 that
 * names no field ("Conflict", "insufficient stock for quantity" says nothing of uniqueness) gives none.
 */
export function uniqueFields(operation: Operation, fields: readonly string[]): string[] {
  const description = operation.responses['409']?.description ?? '';
  if (!TAKEN.test(description)) return [];
  const words = description.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  // A field's name may be written as several words (`email address` for `email_address`).
  const named = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= 3 && i + n <= words.length; n++) named.add(words.slice(i, i + n).join(''));
  return fields.filter((field) => named.has(normalName(field)));
}

/** The first unique field whose value `record` shares with another stored record, and that value. */
export function takenBy(
  record: RecordValue,
  others: readonly Readonly<RecordValue>[],
  fields: readonly string[],
): { readonly field: string; readonly value: unknown } | undefined {
  for (const field of fields) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    if (others.some((other) => other !== record && isDeepStrictEqual(other[field], value))) return { field, value };
  }
  return undefined;
}
