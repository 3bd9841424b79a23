import { isRecord } from '../guards.js';
import { normalName } from './vocabulary.js';

/**
 * The one list-envelope rule (issue 29 item 4): which member of an object answer holds the list of
 * a collection. The mock's model reads it from the answer's schema (model.ts listShape), the
 * runner from the answer's value (roles.ts listItems, the follow-ups' and list rules' walk), so both
 * halves take the same member for the page:
 * - the one array whose items carry the collection's identifier and look like its records
 *   (AWS's `{profilingGroupNames, profilingGroups, nextToken}`: the names are text, the groups
 *   carry `name`; `{applications: [ApplicationSummary], nextToken}`: a summary, `id` for `applicationId`);
 * - else, among several, the one named like the collection, singular or plural alike (`/reportDefinition`
 *   lists `reportDefinitions`; PayPal's `templates` beside `addresses`);
 * - else the one array of the records' identifiers alone (GoDaddy's `{ticketIds: [string], pagination}`);
 * - else none: a page/cursor sibling (`nextToken`, `cursor`, `total`, `errors: []`) is never the list.
 */
export interface EnvelopeMember {
  readonly name: string;
  /**
   * An array of records (objects), an array whose items say nothing (`items: {}`, an empty page), an
   * array of the records' identifiers alone (identifiersMember), or anything else.
   */
  readonly holds: 'records' | 'untyped' | 'identifiers' | 'other';
  /** Whether its items carry the collection's identifier and look like its records. */
  readonly sharesIdentifier: boolean;
  /** Whether it is an array at all (an array of text is `other`, and still an array: pageMember). */
  readonly array?: boolean;
}

/** A noun as the rule compares it: normalName's letters and digits, a plural's ending dropped (`reportDefinitions`, `policies`, `boxes`). */
export function nounStem(name: string): string {
  const n = normalName(name);
  if (n.endsWith('ies') && n.length > 4) return `${n.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(n)) return n.slice(0, -2);
  if (n.endsWith('s') && !n.endsWith('ss') && n.length > 2) return n.slice(0, -1);
  return n;
}

/** Whether a member's name names the collection, singular or plural alike (`reportDefinitions` of `/reportDefinition`). */
export function namesCollection(member: string, collection: string | undefined): boolean {
  return collection !== undefined && collection !== '' && nounStem(member) === nounStem(collection);
}

/**
 * Whether a member's name names one record of the collection: its singular, alone or qualified by
 * words before it (AWS's `{segment: Segment}` of `/segments`, `{ChannelMembership: …}` of
 * `/memberships`, `{AppInstanceAdmin: …}` of `/admins`, `{Lens: …}` of `/lenses`). The read of one
 * record named so is that record in an envelope of one member, whatever fields the record holds.
 */
export function namesRecord(member: string, collection: string | undefined): boolean {
  if (collection === undefined) return false;
  const name = normalName(member);
  const whole = normalName(collection);
  const stem = nounStem(collection);
  return stem.length > 2 && (name.endsWith(stem) || whole === `${name}s` || whole === `${name}es`);
}

/** The member of an envelope that holds the collection's list (the rule above), or undefined. */
export function listMember(members: readonly EnvelopeMember[], collection: string | undefined): string | undefined {
  const arrays = members.filter((m) => m.holds === 'records' || m.holds === 'untyped');
  const sharing = arrays.filter((m) => m.sharesIdentifier);
  if (sharing.length === 1) return sharing[0]!.name;
  // A JSON:API document (JSON:API 1.1 §7.1): `data` is its primary data, `included` the related
  // resources beside it, whose items carry identifiers alike (OPTIMADE's `{data, included, errors}`).
  const primary = arrays.find((m) => m.name === 'data');
  if (primary && arrays.some((m) => m.name === 'included')) return primary.name;
  const pool = sharing.length > 1 ? sharing : arrays;
  const named = pool.filter((m) => namesCollection(m.name, collection));
  if (named.length === 1) return named[0]!.name;
  if (sharing.length > 0 || named.length > 0) return undefined;
  const identifiers = members.filter((m) => m.holds === 'identifiers');
  return identifiers.length === 1 ? identifiers[0]!.name : undefined;
}

/**
 * The member of a page object that holds its items, as every consumer reads it (the runner's
 * listItems on values and itemSchemaOf on schemas, the mock's reflectFilters on generated lists):
 * its only array; of several, the one listMember takes; else none, for which of them is the page
 * is not stated (Discord's thread search: `threads` and `members`).
 */
export function pageMember(members: readonly EnvelopeMember[], collection: string | undefined): string | undefined {
  const arrays = members.filter((m) => m.array === true || m.holds !== 'other');
  return arrays.length === 1 ? arrays[0]!.name : listMember(members, collection);
}

/**
 * Whether a member named so holds the identifiers of the collection's records alone: `ids`, or
 * the record's noun with its identifier field in the plural (`ticketIds` of tickets identified
 * by `ticketId`; `profilingGroupNames` of profiling groups identified by `name`).
 */
export function identifiersMember(member: string, noun: string, idField: string | undefined): boolean {
  const name = normalName(member);
  const stem = nounStem(noun);
  const field = idField === undefined ? 'id' : normalName(idField);
  return ['ids', `${stem}ids`, `${stem}${field}s`, `${field}s`].includes(name);
}

/** The members of an answer's value as the rule reads them; `idField` the collection's identifier field, when known. */
export function valueMembers(value: Readonly<Record<string, unknown>>, idField?: string): EnvelopeMember[] {
  return Object.entries(value).map(([name, v]) => {
    if (!Array.isArray(v)) return { name, holds: 'other', sharesIdentifier: false };
    if (v.length === 0) return { name, holds: 'untyped', sharesIdentifier: false, array: true };
    const records = v.every((x) => isRecord(x));
    return {
      name,
      array: true,
      holds: records ? 'records' : 'other',
      sharesIdentifier:
        records && idField !== undefined && v.every((x) => (x as Record<string, unknown>)[idField] !== undefined),
    };
  });
}
