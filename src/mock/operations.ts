import type { Contract, Operation } from '../contract/index.js';
import {
  bySpecificity,
  contentText,
  documentedMediaFor,
  samePath,
  selectorsOf,
  type KeySelector,
} from '../contract/index.js';
import { groupBy } from '../contract/group-by.js';
import { HttpError } from './errors.js';

export type RouteMatch =
  | {
      readonly kind: 'operation';
      readonly operation: Operation;
      readonly params: Readonly<Record<string, string>>;
      readonly head?: boolean;
      /**
       * The other overloads of the path and method that nothing the request's headers, query or
       * media type tells apart (Azure Face's `/verify` and `/verify#overload=person`, both JSON):
       * the body decides, once it is read (validate-request stage).
       */
      readonly overloads?: readonly Operation[];
    }
  | { readonly kind: 'options'; readonly allow: string }
  | { readonly kind: 'method-not-allowed'; readonly allow: string }
  | { readonly kind: 'unknown-path' };

/** One operation a method may reach on a path, with what its key's fragment asks of the request. */
interface Candidate {
  readonly operation: Operation;
  /** The names its own template gives the parameters. */
  readonly names: readonly string[];
  /** `name=value` (or `name`) pairs of the key's fragment (`/#X-Amz-Target=DynamoDB_20120810.GetItem`, `/#Action=BuildSuggesters`). */
  readonly conditions: readonly KeySelector[];
}

/** What of the request tells apart operations written on one path and method with different fragments. */
export interface RequestSelectors {
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

interface CompiledPath {
  readonly template: string;
  /** The path's operations, as the contract writes them. */
  readonly operations: readonly Operation[];
  readonly regexp: RegExp;
  /**
   * The template read strictly: an expression sharing its segment with other text whose schema lists
   * its values (gitea's `{index}.{diffType}`, `diffType: {enum: [diff, patch]}`) takes only those.
   */
  readonly strict: RegExp;
  /** Each method's operations: one, or several told apart by their keys' fragments (the first without one first). */
  readonly byMethod: ReadonlyMap<string, readonly Candidate[]>;
  readonly allow: string;
  /** Allow for OPTIONS: the documented methods, HEAD beside GET, and OPTIONS itself. */
  readonly allowAll: string;
  /** Per expression, in order: the values its schema lists where it is a whole segment, else undefined. */
  readonly segmentLists: readonly (readonly string[] | undefined)[];
  /** How many whole segments are one expression (path-template.ts bySpecificity's first key). */
  readonly bare: number;
  /** How many of those list their values (segmentLists' defined entries). */
  readonly listed: number;
  /**
   * The `/` of its literal text: every path it matches has exactly these, since an expression takes
   * no `/` (RFC 6570 §3.2.2, templateSource). Two paths with different counts never share a template.
   */
  readonly slashes: number;
  /** Its place in the matcher's order (bySpecificity). */
  readonly order: number;
}

/**
 * Finds the contract operation of a request. A path matches exactly as the contract writes it:
 * case-sensitive and without a trailing slash (RFC 3986 §6.2.2.1: the path is case-sensitive), so
 * `/PETS` and `/pets/1/` are 404 like any other path the contract does not name. Literal paths
 * are tried before templated ones.
 */
export class OperationMatcher {
  private readonly paths: readonly CompiledPath[];
  /** The base path of the contract's `servers` (OAS 3.0.3 §4.7.5); paths are served under it. */
  private readonly basePath: string;

  constructor(contract: Contract) {
    this.basePath = contract.basePath;
    const grouped = new Map<string, Operation[]>();
    // A fragment in a path key (`/files/{id}#get_shared_link`) is never sent (RFC 3986 §3.5), and
    // templates that differ only in their parameters' names (`/Files/{FileId}`, `/Files/{FolderId}`)
    // are the same path (OAS 3.0.3 §4.7.8 forbids them; Xero writes them): their operations are
    // served together, the ones written first (and without a fragment) first.
    // A query in a key (`/rest?method=flickr.photos.getInfo`) is read the same way: the path is
    // the part before it (RFC 3986 §3.4), and the query's members tell the operations apart.
    const byFragment = [...contract.operations].sort((a, b) => Number(selects(a.path)) - Number(selects(b.path)));
    for (const op of byFragment) {
      const shape = routeShape(op.path);
      grouped.set(shape, [...(grouped.get(shape) ?? []), op]);
    }
    this.paths = [...grouped.values()]
      .map((ops) => {
        const template = routedPath(ops[0]!.path);
        const source = templateSource(template, ops[0]!);
        const namesOf = (op: Operation): string[] =>
          [...routedPath(op.path).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
        return {
          template,
          operations: ops,
          regexp: new RegExp(`^${source}$`),
          strict: new RegExp(`^${templateSource(template, ops[0]!, true)}$`),
          byMethod: candidatesByMethod(ops, namesOf),
          // RFC 9110 §10.2.1: Allow lists the methods the target resource supports.
          allow: [...new Set(ops.map((op) => op.method.toUpperCase()))].join(', '),
          allowAll: allowAll([...new Set(ops.map((op) => op.method.toUpperCase()))]),
          ...segmentsOf(template, ops[0]!),
          slashes: slashesOf(template.replace(/\{[^}]+\}/g, '')),
        };
      })
      // The more specific template first (path-template.ts bySpecificity): custom methods and
      // segments of several expressions before a segment of one expression alone.
      .sort((a, b) => bySpecificity(a.template, b.template))
      .map((compiled, order) => ({ ...compiled, order }));
    this.bySlashes = groupBy(this.paths, (compiled) => compiled.slashes);
    this.openFirst = this.paths.filter((c) => literalFirst(c.template) === undefined);
    this.literalFirsts = new Set(this.paths.flatMap((c) => literalFirst(c.template) ?? []));
  }

  /** The templates whose first segment holds an expression (or that do not start with `/`), in order. */
  private readonly openFirst: readonly CompiledPath[];
  /** The literal first segments of the templates. */
  private readonly literalFirsts: ReadonlySet<string>;
  /** startingWith's lists, per literal first segment (keys from the contract only). */
  private readonly byFirst = new Map<string, readonly CompiledPath[]>();
  /** The templates, in order, by their literal `/` count (CompiledPath.slashes). */
  private readonly bySlashes: ReadonlyMap<number, readonly CompiledPath[]>;
  /** candidates' lists, per first-segment list and `/` count (counts some template has only). */
  private readonly byFirstAndSlashes = new Map<readonly CompiledPath[], Map<number, readonly CompiledPath[]>>();

  /** The request path without the base path; undefined when it is outside the base path. */
  private local(path: string): string | undefined {
    if (this.basePath === '') return path;
    if (path === this.basePath) return '/';
    return path.startsWith(`${this.basePath}/`) ? path.slice(this.basePath.length) : undefined;
  }

  match(method: string, fullPath: string, request?: RequestSelectors): RouteMatch {
    const path = this.local(fullPath);
    if (path === undefined) return { kind: 'unknown-path' };
    const first = this.find(path);
    if (!first) return { kind: 'unknown-path' };
    const upper = method.toUpperCase();
    const serves = (c: CompiledPath): boolean => c.byMethod.has(upper) || (upper === 'HEAD' && c.byMethod.has('GET'));
    // Later templates whose own lists name the values the path carries serve it too (named, below).
    const others = serves(first.compiled) ? [] : this.named(path, first.compiled);
    const { compiled, m } = others.find((o) => serves(o.compiled)) ?? first;
    let found = choose(compiled.byMethod.get(upper), request);
    // RFC 9110 §9.3.2: HEAD is GET without the body, wherever GET is served.
    const head = !found && upper === 'HEAD' && compiled.byMethod.has('GET');
    if (head) found = choose(compiled.byMethod.get('GET'), request);
    // RFC 9110 §10.2.1: Allow lists every method the target resource supports, through any template.
    const methods = [compiled, ...others.map((o) => o.compiled)].flatMap((c) => c.allow.split(', '));
    // RFC 9110 §9.3.7: OPTIONS describes the resource; answered here unless the contract defines it.
    if (!found && upper === 'OPTIONS') return { kind: 'options', allow: allowAll([...new Set(methods)]) };
    if (!found) return { kind: 'method-not-allowed', allow: [...new Set(methods)].join(', ') };
    const { operation, names, conditions } = found;
    const overloads = found.alike?.filter((c) => c.names.join() === names.join()).map((c) => c.operation) ?? [];
    const params: Record<string, string> = {};
    try {
      // A path parameter given as JSON `content` carries JSON text (OAS 3.0.3 §4.7.12): the record
      // it names is kept under the decoded value (`%22Wallaby%22` names Wallaby), as a service reads it.
      names.forEach((name, i) => {
        const declared = operation.parameters.find((p) => p.in === 'path' && p.name === name);
        const written = decodeURIComponent(m[i + 1]!);
        params[name] = declared ? contentText(declared, written) : written;
      });
      // The parameters a key's query carries (`/alerts?lat={lat}`): the values the request's query gives them.
      for (const { name, param } of conditions) {
        const value = param === undefined ? null : (request?.query.get(name) ?? null);
        if (param !== undefined && value !== null) params[param] = value;
      }
    } catch {
      throw new HttpError(400, 'validation_failed', `The path ${path} is not correctly percent-encoded.`);
    }
    return {
      kind: 'operation',
      operation,
      params,
      ...(head ? { head } : {}),
      ...(overloads.length > 0 ? { overloads } : {}),
    };
  }

  /**
   * The operation on the request's path that documents this status itself (`405`, not a range or
   * `default`): an answer to the resource rather than to one operation (a 405 to a method none
   * defines, RFC 9110 §15.5.6) is written in the error shape the path documents for it, as the
   * runner's error_shape holds it.
   */
  documenting(fullPath: string, status: number): Operation | undefined {
    const path = this.local(fullPath);
    const compiled = path === undefined ? undefined : this.find(path)?.compiled;
    return compiled?.operations.find((op) => op.responses[String(status)] !== undefined);
  }

  allowFor(fullPath: string): string | undefined {
    const path = this.local(fullPath);
    return path === undefined ? undefined : this.find(path)?.compiled.allow;
  }

  /**
   * Later templates whose own parameter schemas list the very values the path carries, where the
   * first template the path names lacks the method: GitLab writes GET and DELETE
   * `/projects/{id}/services/{service_slug}`, `service_slug` an enum of `asana`, `jira`, …, beside a
   * PUT-only `/projects/{id}/services/asana` for each. Concrete paths come first (OAS 3.0.3 §4.7.8),
   * but the document itself names `GET /services/asana` as the template's request, as a router keyed
   * by method and path serves it. A value no list names (Google's `/v1/x:query` for the item
   * `/v1/{name}`, VTEX's example `Client`) leaves the request the first path's: its 405.
   */
  private named(path: string, first: CompiledPath): { compiled: CompiledPath; m: RegExpExecArray }[] {
    const out: { compiled: CompiledPath; m: RegExpExecArray }[] = [];
    for (const compiled of this.bySlashes.get(slashesOf(path)) ?? []) {
      if (compiled.order <= first.order) continue;
      const m = compiled.regexp.exec(path);
      if (!m) continue;
      const lists = compiled.operations.some((operation) => {
        const names = [...routedPath(operation.path).matchAll(/\{([^}]+)\}/g)].map((n) => n[1]!);
        let listed = 0;
        const admitted = names.every((name, i) => {
          const values = listedValues(operation, name);
          if (values === undefined) return true;
          listed++;
          return values.some((v) => v === m[i + 1] || encodeURIComponent(v) === m[i + 1]);
        });
        return admitted && listed > 0;
      });
      if (lists) out.push({ compiled, m });
    }
    return out;
  }

  /**
   * The template a path names. Concrete paths come before templated ones (OAS 3.0.3 §4.7.8), and a
   * literal beside an expression in a segment names the template only where the expression's own
   * schema admits the value (`/pulls/1.5` is not gitea's `/pulls/{index}.{diffType}`, whose
   * `diffType` is `diff` or `patch`, but `/pulls/{index}`'s, which serves PATCH); a literal suffix
   * (`/v1/{name}:query`) still names its template first. Failing every strict reading, the first
   * template the path fits answers, so a wrong value still gets that template's refusal.
   */
  private find(path: string): { compiled: CompiledPath; m: RegExpExecArray } | undefined {
    const candidates = this.candidates(path);
    for (const read of ['strict', 'regexp'] as const) {
      let best: { compiled: CompiledPath; m: RegExpExecArray; open: number } | undefined;
      for (const compiled of candidates) {
        // A template with fewer open segments for this path comes first, as bySpecificity orders them.
        if (best && compiled.bare - compiled.listed >= best.open) continue;
        const m = compiled[read].exec(path);
        if (!m) continue;
        // Only fewer segments left open by the values this path carries wins: a template listing values
        // that this path does not carry (GitHub's `/orgs/{org}/{security_product}/{enablement}` for
        // `/orgs/o/hooks/1`) is as open as its expressions, and the earlier, more specific one stays.
        const open = openSegments(compiled, m);
        if (!best || open < best.open) best = { compiled, m, open };
      }
      if (best) return best;
    }
    return undefined;
  }

  /**
   * startingWith's templates with as many `/` as the path (CompiledPath.slashes), in order: the others
   * cannot match it. Microsoft Graph's `/users` starts some 2,000 templates of 2 to 9 segments.
   */
  private candidates(path: string): readonly CompiledPath[] {
    const slashes = slashesOf(path);
    if (!this.bySlashes.has(slashes)) return [];
    const starting = this.startingWith(path);
    let counted = this.byFirstAndSlashes.get(starting);
    if (!counted) {
      counted = new Map();
      this.byFirstAndSlashes.set(starting, counted);
    }
    let kept = counted.get(slashes);
    if (!kept) {
      kept = starting.filter((c) => c.slashes === slashes);
      counted.set(slashes, kept);
    }
    return kept;
  }

  /**
   * The templates a path can match, in find's order: a template whose first segment is literal text
   * matches only paths whose first segment is that text (its expression-free start is matched as
   * written), so each path is tried against those and the templates opening with an expression.
   * Each request tried every template (Microsoft Graph: 5,800 paths, two expressions each).
   */
  private startingWith(path: string): readonly CompiledPath[] {
    if (!path.startsWith('/')) return this.paths;
    const first = path.split('/', 2)[1]!;
    if (!this.literalFirsts.has(first)) return this.openFirst;
    let kept = this.byFirst.get(first);
    if (!kept) {
      kept = this.paths.filter((c) => {
        const literal = literalFirst(c.template);
        return literal === undefined || literal === first;
      });
      this.byFirst.set(first, kept);
    }
    return kept;
  }

  /** Where the contract's paths are served, for a 404 outside it. */
  get base(): string {
    return this.basePath;
  }
}

/**
 * The whole-segment expressions of a template, each with the values its schema lists. A listed
 * value is a concrete path the template stands for (mist.com's `/sites/{site_id}/{zone_type}/count`,
 * `zone_type: {enum: [zones, rssizones]}`, is `/sites/{site_id}/zones/count` and
 * `/sites/{site_id}/rssizones/count`), and concrete paths match before templated ones (OAS 3.0.3
 * §4.7.8): so `/sites/1/zones/count` is that path's, not `/sites/{site_id}/zones/{zone_id}`'s.
 */
function segmentsOf(template: string, operation: Operation): Pick<CompiledPath, 'segmentLists' | 'bare' | 'listed'> {
  const segments = template.split('/');
  const whole = (name: string): boolean => segments.includes(`{${name}}`);
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return {
    segmentLists: names.map((name) => (whole(name) ? listedValues(operation, name) : undefined)),
    bare: names.filter(whole).length,
    listed: names.filter((name) => whole(name) && listedValues(operation, name) !== undefined).length,
  };
}

/** How many `/` a text holds. */
function slashesOf(text: string): number {
  let count = 0;
  for (let i = text.indexOf('/'); i !== -1; i = text.indexOf('/', i + 1)) count++;
  return count;
}

/** The whole segments of a path a template's expressions take without listing the value carried. */
function openSegments(compiled: CompiledPath, m: RegExpExecArray): number {
  const concrete = compiled.segmentLists.filter((values, i) => {
    const carried = m[i + 1];
    return (
      values !== undefined &&
      carried !== undefined &&
      values.some((v) => v === carried || encodeURIComponent(v) === carried)
    );
  }).length;
  return compiled.bare - concrete;
}

/** A template's first segment where it is literal text (no expression), else undefined. */
function literalFirst(template: string): string | undefined {
  if (!template.startsWith('/')) return undefined;
  const first = template.split('/', 2)[1]!;
  return first.includes('{') ? undefined : first;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The regular expression source of a path template: each expression takes a run of characters other
 * than `/` (RFC 6570 §3.2.2), the rest is literal. Where two expressions stand side by side in one
 * segment (`/profiles/{id}{mediaTypeExtension}`, bufferapp, healthcare.gov) nothing between them
 * says where one ends: an expression whose schema lists its values (`enum: [".json"]`) takes one of
 * those, written as is or percent-encoded (RFC 3986 §2.1), and the other the rest; an integer takes
 * its digits (besideRun); otherwise the first takes all it can.
 */
function templateSource(template: string, operation: Operation, strict = false): string {
  const parts = template.split(/(\{[^}]+\})/);
  // split keeps its captured separators at the odd indices: those are the expressions.
  const expression = (i: number): boolean => i >= 0 && i < parts.length && i % 2 === 1;
  // Whether an expression shares its segment with other text (`{index}.{diffType}`, `{name}:verb`).
  const shares = (i: number): boolean => {
    const before = parts[i - 1] ?? '';
    const after = parts[i + 1] ?? '';
    return (
      (before === '' ? expression(i - 2) : !before.endsWith('/')) ||
      (after === '' ? expression(i + 2) : !after.startsWith('/'))
    );
  };
  return parts
    .map((part, i) => {
      if (!expression(i)) return escapeRegExp(part);
      const beside = (parts[i - 1] === '' && expression(i - 2)) || (parts[i + 1] === '' && expression(i + 2));
      const values = beside || (strict && shares(i)) ? listedValues(operation, part.slice(1, -1)) : undefined;
      if (!values) return beside ? (besideRun(operation, part.slice(1, -1)) ?? '([^/]+)') : '([^/]+)';
      const written = new Set(values.flatMap((v) => [v, encodeURIComponent(v)]));
      return `(${[...written].map(escapeRegExp).join('|')})`;
    })
    .join('');
}

/**
 * What an integer path parameter beside another expression takes: a decimal integer's characters
 * alone (nasa.gov's `/api/projects/{id}{.format}`, `id` an int64 and `.format` any string): the
 * first expression took all but the last character of `357xml`, and `357xm` was refused as no
 * integer. A split where the integer's digits run into the next value stays ambiguous; the
 * document's template gives nothing to tell it (OAS 3.0.3 §4.7.8).
 */
function besideRun(operation: Operation, name: string): string | undefined {
  const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
  return schema && !('$ref' in schema) && schema.type === 'integer' ? '(-?[0-9]+)' : undefined;
}

/** The values a path parameter's schema lists (`enum`, `const`) as text; undefined when it lists none. */
function listedValues(operation: Operation, name: string): string[] | undefined {
  const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
  if (!schema || '$ref' in schema) return undefined;
  const listed: unknown[] | undefined =
    schema.enum ?? ('const' in schema ? [(schema as { const: unknown }).const] : undefined);
  if (!listed || listed.length === 0) return undefined;
  const texts = listed.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)).map(String);
  return texts.length === listed.length && texts.every((t) => t !== '' && !t.includes('/')) ? texts : undefined;
}

/** The path a template names and a key's selectors (kept here for the mock's modules; the rules are the kernel's). */
export { samePath, selectorsOf, type KeySelector };

/** The path a key routes: without its query (`/rest?method=…`) or fragment (`/#Action=…`). */
export function routedPath(key: string): string {
  return key.split('#')[0]!.split('?')[0]!;
}

/** The path a key names, parameters unnamed, as samePath reads it, without its query too. */
export function routeShape(key: string): string {
  return samePath(routedPath(key));
}

/** Whether a key carries a query or a fragment beyond its path. */
export function selects(key: string): boolean {
  return key.includes('#') || key.split('#')[0]!.includes('?');
}

/** A method's operations on one path, the one written first (a key without a fragment first) first. */
function candidatesByMethod(ops: readonly Operation[], namesOf: (op: Operation) => string[]): Map<string, Candidate[]> {
  const out = new Map<string, Candidate[]>();
  for (const op of ops) {
    const conditions = selectorsOf(op.path);
    const method = op.method.toUpperCase();
    out.set(method, [...(out.get(method) ?? []), { operation: op, names: namesOf(op), conditions }]);
  }
  return out;
}

/**
 * The operation a request reaches among those written on one path and method: the one whose key's
 * fragment names a query parameter or header the request carries with that value (AWS's JSON
 * protocol: `POST /#X-Amz-Target=DynamoDB_20120810.GetItem`; its query protocol:
 * `/#Action=BuildSuggesters`), the most specific first; else the first written.
 */
function choose(
  candidates: readonly Candidate[] | undefined,
  request: RequestSelectors | undefined,
): (Candidate & { readonly alike?: readonly Candidate[] }) | undefined {
  if (!candidates || candidates.length < 2 || !request) return candidates?.[0];
  const holds = ({ name, value }: Candidate['conditions'][number]): boolean => {
    const header = request.headers[name.toLowerCase()];
    const sent = [
      ...request.query.getAll(name),
      ...(header === undefined ? [] : Array.isArray(header) ? header : [header]),
    ];
    return value === undefined ? sent.length > 0 : sent.includes(value);
  };
  const matching = candidates.filter((c) => c.conditions.length > 0 && c.conditions.every(holds));
  const named = matching.sort((a, b) => b.conditions.length - a.conditions.length)[0];
  if (named) return named;
  // No fragment names what the request carries (Azure's `/analyze#overload=stream` beside
  // `/analyze`: the fragment only tells the overloads apart): the first whose request body takes the
  // request's Content-Type (OAS 3.0.3 §4.7.13: the content map is keyed by the media types the
  // operation accepts), else the first written.
  const sent = request.headers['content-type'];
  const type = Array.isArray(sent) ? sent[0] : sent;
  const takes = (c: Candidate): boolean =>
    documentedMediaFor(type ?? '', Object.keys(c.operation.requestBody?.content ?? {})) !== undefined;
  const takers = type === undefined ? [] : candidates.filter(takes);
  const pool = takers.length > 0 ? takers : candidates;
  // Among those, the first whose required query parameters and headers the request carries (Azure
  // Content Moderator's `/reviews`, which requires `UrlContentType`, beside `/reviews#overload=video`,
  // which does not: a video review went to the first and was refused for the header it need not send).
  const carries = (c: Candidate): boolean =>
    c.operation.parameters.every((p) => {
      if (p.required !== true) return true;
      if (p.in === 'query') return request.query.has(p.name);
      if (p.in === 'header')
        return UNSELECTED_HEADERS.has(p.name.toLowerCase()) || request.headers[p.name.toLowerCase()] !== undefined;
      return true;
    });
  const carrying = pool.filter(carries);
  const chosen = carrying[0] ?? pool[0];
  if (chosen === undefined) return undefined;
  // The others the request told apart from it by nothing: its body may still (a JSON body that fits
  // only `/verify#overload=person`'s schema).
  const alike = (carrying.length > 0 ? carrying : pool).filter((c) => c !== chosen);
  return alike.length > 0 ? { ...chosen, alike } : chosen;
}

/** Headers the client sets itself, which the contract does not describe (OAS 3.0.3 §4.7.12.1): they select no overload. */
const UNSELECTED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function allowAll(methods: readonly string[]): string {
  const all = [...methods];
  if (all.includes('GET') && !all.includes('HEAD')) all.push('HEAD');
  if (!all.includes('OPTIONS')) all.push('OPTIONS');
  return all.join(', ');
}
