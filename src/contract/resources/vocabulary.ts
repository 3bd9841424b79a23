import type { OpenAPIV3 } from 'openapi-types';
import { nonNullView } from '../schema-views.js';

/**
 * The one vocabulary of list parameters (issue 31): which query parameter names a page size, an
 * offset, a page number, a continuation token or something that is no filter, and where page
 * numbers start. The mock's generic handlers page their stored lists by it, the mock's generated
 * lists are cut by it (reflect-filters.ts), and the runner's paging and filter rules read the same
 * names, so both halves agree on what `?per_page=5&page=2` asks for.
 */

/** A name as the vocabulary compares it: lower case, letters and digits only (`per_page`, `PageSize`, `$top` → `perpage`, `pagesize`, `top`). */
export const normalName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The endings of a name that are whole words of it, normalised (`mailboxName` → `name`;
 * `network_analyzer_name` → `analyzername`, `name`; `webhook` → none): camelCase, `_`, `-` and `.`
 * separate words.
 */
export function trailingWords(name: string): string[] {
  const words = wordsOf(name);
  return words.slice(1).map((_, i) => normalName(words.slice(i + 1).join('')));
}

/** A name's words: camelCase, `_`, `-` and `.` separate them (`distribution_group_name`, `orgName`). */
function wordsOf(name: string): string[] {
  return name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [];
}

/**
 * The field a path parameter of several words addresses a record by, where its last word is one of
 * the record's fields and none before it is (appcenter's `{org_name}` and
 * `{distribution_group_name}` over a record with a UUID `id` and a `name`; GitHub's `{team_slug}`):
 * that field, though the record has an `id` the path does not carry. Never `id` itself, and none where
 * an earlier word is a field too (`{league_id_or_slug}` names either). The one rule of the model
 * (identifierProperty, over the schema's names) and of the runner (identifierField, over a value's).
 */
/**
 * The words a path names a record by besides its id (`{org_name}`, `{app_slug}`; LaunchDarkly's
 * `{projectKey}` over `{_id, key, name}`, Bitbucket's `{project_key}` and Confluence's `{spaceKey}` over
 * a record with a `uuid` or `id` and a `key`; a `{taxRateUuid}` over a record's `uuid`): `{promotion_code}` (Stripe) or `{access_token}` name
 * the id in other words, and stay with it.
 */
const ADDRESSING: ReadonlySet<string> = new Set(['name', 'slug', 'key']);

/**
 * The words a path parameter of several words may end with to name a record's field: ADDRESSING's,
 * and `uuid`, the identifier some records carry instead of (or beside) an `id` (Zettle's
 * `/v1/taxes/{taxRateUuid}` over `TaxRate {uuid, label, …}`, Zoom's `{meetingUUID}` over `{uuid, id}`):
 * the path carries that field's value, whatever the noun before it (RFC 6570 §3.2.2, RFC 9562 §4 the UUID).
 */
const ADDRESSING_LAST: ReadonlySet<string> = new Set([...ADDRESSING, 'uuid']);

export function addressedField(param: string, names: readonly string[]): string | undefined {
  const words = wordsOf(param).map(normalName);
  if (words.length < 2 || !ADDRESSING_LAST.has(words.at(-1)!)) return undefined;
  const byNormal = new Map(names.map((n) => [normalName(n), n]));
  if (words.slice(0, -1).some((w) => byNormal.has(w))) return undefined;
  return byNormal.get(words.at(-1)!);
}

/** The fields a parameter's description names as what it carries (describedField). */
const DESCRIBED_IDENTIFIERS: ReadonlySet<string> = new Set(['slug', 'uuid']);

/**
 * The field an identifier parameter's own description says it carries, where nothing else names
 * one: the first of the record's `slug` and `uuid` that the description writes as a word
 * (Bitbucket's `/workspaces/{workspace}`, "the workspace ID (slug) or the workspace UUID", over
 * `{slug, uuid, name, …}`: `slug`; its `{repo_slug}`, "the repository slug or the UUID of the
 * repository", over a record with `uuid` and no `slug`: `uuid`). Only words that name an identifier
 * wherever they stand: a `key` or `name` in prose names other things (Bitbucket's deploy key
 * `{key_id}`, "The key ID matching the deploy key", is not the key's text). OAS 3.0.3 §4.7.12: a
 * parameter's `description` is what the contract says the value is.
 */
export function describedField(description: string | undefined, names: readonly string[]): string | undefined {
  if (description === undefined) return undefined;
  const said = wordsOf(description.replace(/\{[^}]*\}/g, ' ')).map(normalName);
  const fields = names.filter((n) => DESCRIBED_IDENTIFIERS.has(normalName(n)));
  const at = (n: string): number => said.indexOf(normalName(n));
  const found = fields.filter((n) => at(n) >= 0).sort((a, b) => at(a) - at(b));
  return found[0];
}

/**
 * The field a one-word addressing parameter names, where the field qualifies that word and the
 * contract says so (gitea's `/repos/{owner}/{repo}/push_mirrors/{name}`, the parameter "remote name
 * of push mirror", the read "Get push mirror of the repository by remoteName", over `{remote_name,
 * repo_name, …}`): the one field whose last word is the parameter, whose words before it name no
 * other parameter of the path (`repo_name` is the `{repo}`'s), and whose words the parameter's or
 * the operation's text writes, a template in it aside. Only `name` and `slug` (ADDRESSING); without
 * those words (Kubernetes' `{name}`, "name of the ResourceClass", over `driverName`) none.
 */
export function qualifiedField(
  param: string,
  names: readonly string[],
  otherParams: readonly string[],
  texts: readonly string[],
): string | undefined {
  const word = normalName(param);
  if (wordsOf(param).length !== 1 || !ADDRESSING.has(word)) return undefined;
  const others = new Set(otherParams.map(normalName));
  const said = texts.map((text) => normalName(text.replace(/\{[^}]*\}/g, ' ')));
  const found = names.filter((n) => {
    const words = wordsOf(n).map(normalName);
    return (
      words.length > 1 &&
      words.at(-1) === word &&
      !others.has(words.slice(0, -1).join('')) &&
      said.some((text) => text.includes(normalName(n)))
    );
  });
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The field a parameter names after the records' noun, where no literal segment of the path names
 * them (tcgdex's `/sets/{set}/{cardLocalId}`, the cards a set holds, over `{id, localId, …}`:
 * `card` + `localId`): the record's field of two words or more that ends the parameter's words, the
 * words before it being no field. Only there: after a literal segment the parameter's words repeat
 * that noun, and its last ones may be another field (GitHub's `/user/gpg_keys/{gpg_key_id}` over
 * `{id, key_id}`, the id of the key's GPG text), which the model reads by `id` as before.
 */
export function nounedField(param: string, names: readonly string[]): string | undefined {
  const words = wordsOf(param).map(normalName);
  const byNormal = new Map(names.map((n) => [normalName(n), n]));
  for (let cut = 1; cut <= words.length - 2; cut++) {
    const field = byNormal.get(words.slice(cut).join(''));
    if (field !== undefined && !byNormal.has(words.slice(0, cut).join(''))) return field;
  }
  return undefined;
}

/**
 * Page size: at most this many items (`limit`, `per_page`, `page_size`, `PageSize`, `maxResults`, `$top`;
 * `take` beside `skip`, the pair Prisma and TypeORM page by, which the services built on them expose as
 * they are, ts-rest's own example contract among them).
 */
export const LIMIT_NAMES: ReadonlySet<string> = new Set([
  'limit',
  'take',
  'perpage',
  'pagesize',
  'size',
  'maxresults',
  'max',
  'top',
  'pagelimit',
  'maxitems',
]);
/** Items to skip before the page (`offset`, `$skip`, `start_index`). */
export const OFFSET_NAMES: ReadonlySet<string> = new Set(['offset', 'skip', 'start', 'startindex', 'from']);
/** The page's number, counted from `pageBase`. */
export const PAGE_NAMES: ReadonlySet<string> = new Set(['page', 'pagenumber', 'pageno', 'pageindex']);
/** Opaque continuation tokens: followed only as the answer gives them, never invented. */
export const CURSOR_NAMES: ReadonlySet<string> = new Set([
  'cursor',
  'pagetoken',
  'nextpagetoken',
  'startingafter',
  'endingbefore',
  'after',
  'before',
  'continuationtoken',
  'nexttoken',
  'marker',
  'pagecursor',
]);
/** Not filters, whatever property they share a name with (ordering, projection, full-text search). */
export const NOT_FILTER_NAMES: ReadonlySet<string> = new Set([
  'sort',
  'sortby',
  'order',
  'orderby',
  'expand',
  'include',
  'fields',
  'select',
  'format',
  'q',
  'query',
  'search',
  'consistency',
]);
/** Members of a list envelope that carry the number of items in the whole list. */
export const TOTAL_NAMES: ReadonlySet<string> = new Set([
  'total',
  'totalcount',
  'totalitems',
  'totalresults',
  'totalsize',
  'count',
]);

/**
 * A response header that carries a list's total (`X-Total-Count`, `totalrecordcount`, `X-Total-Pages`):
 * the runner's paging probe reads one by this name, and the mock leaves an optional one out where no
 * state wrote it, so both halves agree on which headers say a total.
 */
export const namesTotalHeader = (name: string): boolean => /total/i.test(name);

export type ListParameterRole = 'limit' | 'offset' | 'page' | 'cursor' | 'not-filter';

/** What a query parameter's name says it does to a list, or undefined (a candidate filter). */
export function listParameterRole(name: string): ListParameterRole | undefined {
  const key = normalName(name);
  if (LIMIT_NAMES.has(key)) return 'limit';
  if (OFFSET_NAMES.has(key)) return 'offset';
  if (PAGE_NAMES.has(key)) return 'page';
  if (CURSOR_NAMES.has(key)) return 'cursor';
  if (NOT_FILTER_NAMES.has(key)) return 'not-filter';
  return undefined;
}

/**
 * The number of the first page for a page-number parameter: 0 when its schema says pages count
 * from 0 (`minimum: 0`, or no minimum and `default: 0`), else 1, the common reading when the
 * contract is silent. A stated minimum wins over a default that contradicts it.
 */
export function pageBase(schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject | undefined): 0 | 1 {
  const s = schema && !('$ref' in schema) ? nonNullView(schema) : undefined;
  if (!s) return 1;
  const min = s.exclusiveMinimum === true && s.minimum !== undefined ? s.minimum + 1 : s.minimum;
  if (min !== undefined) return min <= 0 ? 0 : 1;
  return s.default === 0 ? 0 : 1;
}

/**
 * The index an offset parameter gives the first item: 0, unless its schema's smallest value is 1
 * or more (nordigen's `offset`, "The initial index from which to return the results", `minimum: 1,
 * default: 1`): such an offset counts from 1, and the first page is asked for at 1, not past it.
 * With no lower bound, a default of 1 says the same (zuora's `start`, "The first index of the query
 * result", `default: 1`; SCIM's `startIndex`, RFC 7644 §3.4.2.4, and OpenSearch 1.1's, both
 * 1-based): the default asks for the first item, which no 0-based default skips.
 */
export function offsetBase(schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject | undefined): 0 | 1 {
  const s = schema && !('$ref' in schema) ? nonNullView(schema) : undefined;
  const min = s?.exclusiveMinimum === true && s.minimum !== undefined ? s.minimum + 1 : s?.minimum;
  if (min !== undefined) return min >= 1 ? 1 : 0;
  return s?.default === 1 ? 1 : 0;
}

/**
 * Whether a record field is the Amazon Resource Name a path parameter takes, where the record has
 * no field of the parameter's name: AWS's `{appBundleIdentifier}` ("The Amazon Resource Name (ARN)
 * or Universally Unique Identifier (UUID) of the app bundle") over `{arn}`, `{appAuthorizationIdentifier}`
 * over `{appAuthorizationArn}`.
 */
export function arnFieldOf(param: string, field: string): boolean {
  const name = normalName(param);
  if (!name.endsWith('identifier') && !name.endsWith('arn')) return false;
  const stem = name.replace(/(identifier|arn)$/, '');
  const own = normalName(field);
  return own === 'arn' || own === `${stem}arn`;
}
