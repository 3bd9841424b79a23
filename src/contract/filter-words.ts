/**
 * A filter value naming every value rather than one (`all`, `any`, `*`: mist's `status` enum `all`,
 * `connected`, `disconnected`; GitHub's `state=all`): a list asked with it is the unfiltered list, not
 * one whose items show that value. Only where the parameter offers it among others and the record's
 * property cannot hold it (`held`, the property's own enum, if it has one): a property whose values
 * include `all` is filtered by it as by any value.
 */
export function namesEveryValue(value: unknown, held?: readonly unknown[]): boolean {
  if (typeof value !== 'string' || !EVERY.has(value.toLowerCase())) return false;
  return !held?.some((v) => String(v) === value);
}

const EVERY = new Set(['all', 'any', '*']);
