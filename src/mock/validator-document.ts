import type { OpenAPIV3 } from 'openapi-types';
import { Ajv } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import {
  applyNullable,
  boundsContradictingEnum,
  DATA_KEYWORDS,
  dropReferenceSiblings,
  ContractError,
  discriminatedView,
  fixedMethod,
  isJsonMediaType,
  isRecord,
  isWebUrl,
  pathItemOperations,
  walkRecords,
  sequenceSyntax,
  openClosedAllOf,
  openOverlappingOneOf,
  portablePattern,
  readNullable,
  type Admits,
  type Contract,
  type Operation,
} from '../contract/index.js';
import { routedPath, routeShape, selectorsOf, selects } from './operations.js';
import { reachableComponents } from './reachable-components.js';

// ajv-formats is CommonJS: `.default` is the plugin both for Node and for TypeScript (src/contract/schema.ts).
const addFormats: FormatsPlugin = addFormatsModule.default;

/**
 * Formats express-openapi-validator (with ajv-formats in full mode) checks. Any other `format`
 * is an annotation (OAS 3.0.3 §4.7.24: "tools that do not recognise a format SHOULD ignore it",
 * which is what Prism does); the validator would instead refuse the whole document.
 */
const KNOWN_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
]);

/** What the validator is given: the normalised document and the formats it must take as annotations. */
export interface ValidatorDocument {
  readonly document: OpenAPIV3.Document;
  /** Formats the contract uses that no validator defines: accepted without a check. */
  readonly annotationFormats: readonly string[];
  /** What was changed, one line each (for a notice; never printed by the library). */
  readonly changes: readonly string[];
  /**
   * What the operator is told at start, one line each (checkedValidatorDocument): what the document
   * holds that the specification does not define and the mock therefore ignores.
   */
  readonly notices: string[];
  /**
   * Where each contract operation (`operationKey`) sits in `document`: its path key there (path
   * keys are merged and renamed above). An OpenAPI 3.2 QUERY or additional operation sits under the
   * method field validatorSlots gives it; one not listed is not in the copy (no field was free).
   */
  readonly pathKeys: ReadonlyMap<string, string>;
  /**
   * Per contract operation (`operationKey`), the query parameters whose names keep their brackets
   * and the names the copy gives them (literalBracketNames): the request's keys are renamed so
   * before the validator reads them.
   */
  readonly queryAliases: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** An operation by its method and its path key as the contract writes it (fragment included). */
export const operationKey = (method: string, path: string): string => `${method.toLowerCase()} ${path}`;

/** Marks each operation of the copy with where it was written, read back once the paths are normalised. */
const WRITTEN_AT = 'x-kit-written-at';

/**
 * A copy of the contract that express-openapi-validator accepts wherever Prism and
 * @readme/openapi-parser accept the original:
 * - `servers` becomes the one base path the mock serves (variables at their defaults), so the
 *   validator matches the same paths the mock does and never skips a request as undocumented;
 * - `nullable: true` without `type` (ajv refuses it) gets the type its keywords imply, else is
 *   written as an `anyOf` with a null-only schema, else dropped (an untyped schema takes null);
 *   `nullable: false` without `type` (ajv refuses it too) is dropped: it is the default and only
 *   means something next to `type` (OAS 3.0.3 §4.7.24);
 * - a `pattern` in another regular-expression dialect (`(?i)…`, `\A…\z`, `\_`) is rewritten into
 *   the exact ECMA-262 equivalent; one that has none is not enforced (listed in `changes`);
 * - a discriminator is dropped and its `oneOf` read as `anyOf`, as the kernel reads it
 *   (discriminatedView): the alternatives still validate the value;
 * - a query parameter whose name has brackets (`accounts[]`, `filter[status]`) is validated by
 *   its literal name (literalBracketNames), never split into an object or list by qs;
 * Throws one ContractError line naming the construct and where when a document is beyond repair.
 */
/**
 * Where an operation stands among those written on one path and method (keys that differ only by
 * a fragment or their parameters' names, in the order mergeSamePaths takes them): 0 for the first.
 * The validator's document holds one operation per path and method, so the others are validated
 * through documents of their own (`layer`): AWS's `POST /#X-Amz-Target=…` keys, dozens on `/`.
 */
export function layerOf(contract: Contract, operation: Pick<Operation, 'method' | 'path'>): number {
  const shape = routeShape(operation.path);
  const keys = Object.keys(contract.document.paths).sort((a, b) => Number(selects(a)) - Number(selects(b)));
  const same = keys.filter(
    (key) =>
      routeShape(key) === shape &&
      isRecord((contract.document.paths as Record<string, unknown>)[key]) &&
      isRecord((contract.document.paths as Record<string, Record<string, unknown>>)[key]?.[operation.method]),
  );
  return Math.max(0, same.indexOf(operation.path));
}

/**
 * A copy of the document holding one operation (its path item's other methods left out) and the
 * components it reaches (reachableComponents; all of them where that is not certain). An operation
 * of a later layer is validated through a document of its own, and a copy of the whole document
 * per layer cost seconds each where hundreds of operations share one path (amazonaws.com/ec2: 594
 * actions on `/`, 4.7 MB; each operation's first request took 4 s, the sweep timed out).
 * Undefined (the caller copies the whole document) where what the operation reaches is not certain
 * from `#/components/…` references alone (a `$ref` into `paths`, say), or for a method beyond the
 * fixed eight (OAS 3.2's QUERY and additional operations keep the layer's document).
 */
function oneOperation(
  source: OpenAPIV3.Document,
  only: Pick<Operation, 'method' | 'path'>,
): Record<string, unknown> | undefined {
  const item = (source.paths as Record<string, unknown>)[only.path];
  if (!isRecord(item) || !METHODS.some((method) => method === only.method)) return undefined;
  // Webhooks are not served by the mock; a reference of theirs would dangle without the components left out.
  const { paths: _paths, components, webhooks: _webhooks, ...rest } = source as unknown as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item))
    if (!METHODS.some((method) => method === key) || key === only.method) kept[key] = value;
  const paths = { [only.path]: kept };
  const reached = reachableComponents(components, [paths]);
  if (reached === undefined) return undefined;
  return structuredClone({ ...rest, paths, components: reached });
}

/** For a later layer: the operations written before it on each path and method are left out, so the layer's own come first. */
function fromLayer(document: OpenAPIV3.Document, layer: number): void {
  if (layer === 0) return;
  const paths = document.paths as Record<string, Record<string, unknown>>;
  const keys = Object.keys(paths).sort((a, b) => Number(selects(a)) - Number(selects(b)));
  const seen = new Map<string, number>();
  for (const key of keys) {
    const item = paths[key];
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      if (!isRecord(item[method])) continue;
      const slot = `${method} ${routeShape(key)}`;
      const n = seen.get(slot) ?? 0;
      seen.set(slot, n + 1);
      if (n < layer) delete item[method];
    }
  }
}

export function validatorDocument(
  contract: Contract,
  layer = 0,
  only?: Pick<Operation, 'method' | 'path'>,
): ValidatorDocument {
  const single = only ? oneOperation(contract.document, only) : undefined;
  const document = (single ?? structuredClone(contract.document)) as OpenAPIV3.Document & Record<string, unknown>;
  const changes: string[] = [];
  const formats = new Set<string>();
  withoutExtensions(document);
  // The kernel's reading of a `$ref`'s siblings (ignored in 3.0, OAS 3.0.3 §4.7.26; local-refs.ts), for both halves.
  if (contract.version.family === '2.0' || contract.version.family === '3.0') dropReferenceSiblings(document);
  unreadableComponentNames(document, changes, contract.version.family === '2.0' || contract.version.family === '3.0');
  if (contract.version.family === '2.0' || contract.version.family === '3.0') {
    accessModesOfItems(document, changes);
    accessModesOfAllOfMembers(document, changes);
  }
  // Before any path key is merged or renamed: the references name them as written.
  referencesIntoPaths(document, changes);
  for (const [key, item] of Object.entries(document.paths as Record<string, unknown>)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) if (isRecord(item[method])) item[method][WRITTEN_AT] = operationKey(method, key);
  }
  document.servers = [{ url: contract.basePath === '' ? '/' : contract.basePath }];
  if (contract.version.family === '3.2') asThreeOne(document, changes);
  if (!single) fromLayer(document, layer);
  mergeSamePaths(document, changes);
  routablePathNames(document, changes);
  optionalBodiesSaySo(document);
  rawBodiesAreBytes(document, changes);
  ignoredHeaderParameters(document, changes);
  textContentParameters(document, changes);
  headerAndCookieArrayStyles(document, changes);
  textOneOfParameters(document, changes);
  parameterAccessModes(document, changes);
  const aliased = literalBracketNames(document, changes);
  collidingFormObjects(document, changes);
  absentDeepObjects(document, changes);
  deepSchemaReferences(document, changes);
  referencedAccessModes(document, changes);
  oneSchemePerRequirement(document);
  untypedParameterEnums(document);
  // Places are named in the user's own document (a Swagger 2.0 one's pointers, not the upgraded copy's).
  // Alternatives may still be `$ref`s here: a contradiction is judged on what they point to.
  const admits = scalarAdmits();
  const resolve = (node: unknown): unknown => {
    const ref = isRecord(node) ? node['$ref'] : undefined;
    const m = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref) : null;
    return m ? document.components?.schemas?.[m[1]!] : node;
  };
  // A Server Variable Object (`{default, enum}`: OAS 3.0.3 §4.7.6, its `default` REQUIRED) is no schema:
  // read as one, it lost its `default` (pinecone.io's path-level servers), and the copy was refused.
  visit(document, '#', (node, where) =>
    /\/servers\/\d+\/variables\/[^/]+$/.test(where)
      ? undefined
      : normaliseSchema(
          node,
          contract.originalPointer(where),
          changes,
          formats,
          resolve,
          contract.version.family === '2.0' || contract.version.family === '3.0',
          admits,
        ),
  );
  parametersSharingNames(document, changes);
  const pathKeys = new Map<string, string>();
  const queryAliases = new Map<string, ReadonlyMap<string, string>>();
  for (const [key, item] of Object.entries(document.paths as Record<string, unknown>)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation) || typeof operation[WRITTEN_AT] !== 'string') continue;
      pathKeys.set(operation[WRITTEN_AT], key);
      const aliases = aliased.get(operation);
      if (aliases) queryAliases.set(operation[WRITTEN_AT], aliases);
      delete operation[WRITTEN_AT];
    }
  }
  return { document, annotationFormats: [...formats], changes, notices: [], pathKeys, queryAliases };
}

/**
 * An optional exploded form object parameter (Lob's `sort_by`) sends its members as query keys of
 * their own (OAS 3.0.3 §4.7.12.4: `date_created=asc`). Where a member shares its name with another
 * query parameter of the operation (Lob's deepObject `date_created`, its `send_date`), the query
 * cannot say whose a key is, and express-openapi-validator gives it to the object: a request with
 * only `send_date=2026-01-01` was refused as a bad `sort_by`, and one with neither was validated
 * as `sort_by: {}` and refused by its own `oneOf` of required members. The validator's copy reads
 * such an object from its bracketed keys only (`sort_by[date_created]=asc`), so the names belong
 * to the parameters that bear them; the change is named once.
 */
function collidingFormObjects(document: OpenAPIV3.Document, changes: string[]): void {
  const resolve = (p: unknown): Record<string, unknown> | undefined => {
    if (!isRecord(p)) return undefined;
    const ref = p['$ref'];
    if (typeof ref !== 'string') return p;
    const m = /^#\/components\/(parameters|schemas)\/([^/]+)$/.exec(ref);
    const found = m ? document.components?.[m[1] as 'parameters' | 'schemas']?.[m[2]!] : undefined;
    return isRecord(found) ? found : undefined;
  };
  const memberNames = (schema: Record<string, unknown> | undefined, depth = 0): string[] => {
    if (!schema || depth > 3) return [];
    const own = isRecord(schema['properties']) ? Object.keys(schema['properties']) : [];
    const parts = ['allOf', 'oneOf', 'anyOf']
      .flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []))
      .flatMap((part) => memberNames(resolve(part), depth + 1));
    return [...own, ...parts];
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const all = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
        .map(resolve)
        .filter((p): p is Record<string, unknown> => p !== undefined && p['in'] === 'query');
      const names = new Set(all.map((p) => String(p['name'])));
      const replaced = (operation.parameters ?? []).map((written) => {
        const parameter = resolve(written);
        if (
          parameter?.['in'] !== 'query' ||
          (parameter['style'] ?? 'form') !== 'form' ||
          parameter['explode'] === false
        )
          return written;
        const members = memberNames(resolve(parameter['schema']));
        const shared = members.filter((m) => m !== parameter['name'] && names.has(m));
        if (shared.length === 0) return written;
        changes.push(
          `${method.toUpperCase()} ${path}: query parameter ${String(parameter['name'])} read as ${String(parameter['name'])}[…] (its members ${shared.join(', ')} are parameters of their own)`,
        );
        return { ...parameter, style: 'deepObject', explode: true } as OpenAPIV3.ParameterObject;
      });
      operation.parameters = replaced;
    }
  }
}

/**
 * Every parameter the copy declares, as written (a `$ref` stays one): those of each path item and
 * operation, then the shared ones of `components/parameters`, each object once per place it stands.
 */
function parameterObjects(document: OpenAPIV3.Document): unknown[] {
  const holders: unknown[][] = [];
  for (const item of Object.values(document.paths ?? {})) {
    if (!item) continue;
    if (Array.isArray(item.parameters)) holders.push(item.parameters);
    for (const method of METHODS) if (Array.isArray(item[method]?.parameters)) holders.push(item[method]!.parameters!);
  }
  return [...holders.flat(), ...Object.values(document.components?.parameters ?? {})];
}

/**
 * A deepObject query parameter left out is absent: its members are its only pairs, and an empty
 * object serialises to nothing (OAS 3.0.3 §4.7.12.4), so absence is never `{}`.
 * express-openapi-validator puts `{}` in its place when the schema declares `properties`
 * (cdimascio/express-openapi-validator#734): an optional one was then refused by the object's own
 * `required` (Stripe's `automatic_tax` needs `enabled`), and a required one was never missing: a
 * request without it was refused only by a member its schema requires (Stripe's `scope` needs
 * `type`), and accepted where none is required. The validator's copy
 * wraps such a schema in an `allOf` of itself, which it does not fill in; what it admits is
 * unchanged. Named once.
 */
function absentDeepObjects(document: OpenAPIV3.Document, changes: string[]): void {
  let count = 0;
  for (const parameter of parameterObjects(document)) {
    if (!isRecord(parameter) || parameter['in'] !== 'query' || parameter['style'] !== 'deepObject') continue;
    const schema = parameter['schema'];
    if (
      !isRecord(schema) ||
      schema['default'] !== undefined ||
      (schema['$ref'] === undefined && !isRecord(schema['properties']))
    )
      continue;
    parameter['schema'] = { allOf: [schema] };
    count++;
  }
  if (count > 0)
    changes.push(
      `${count} deepObject query parameter(s) read as absent when left out, not as {} (OAS 3.0.3 §4.7.12.4)`,
    );
}

/**
 * express-openapi-validator reads 3.0 and 3.1. A 3.2.0 document's schemas are the same 2020-12
 * dialect, so it is given as 3.1 without what 3.1 has no place for:
 * - the `query` operation and `additionalOperations` (OAS 3.2.0 §4.9.1: other methods) are not
 *   operation fields of 3.1, and the validator looks an operation up by `req.method` among the
 *   eight it knows. Each is moved to a fixed field its path item leaves free (`validatorSlots`),
 *   and the mock presents its requests to the validator under that method: parameters, body and
 *   answers are then validated by the validator's own rules, unchanged. One whose path item has
 *   no free field is not validated (said in `changes`);
 * - `in: querystring` parameters (the whole query string as one value) are checked by the mock
 *   itself (src/mock/querystring.ts), since the validator reads named query parameters only;
 * - a media type's `itemSchema` (sequential media types) is not a 3.1 field: the mock writes and
 *   checks such streams item by item itself (src/mock/sequential.ts).
 */
function asThreeOne(document: OpenAPIV3.Document & Record<string, unknown>, changes: string[]): void {
  document.openapi = '3.1.0';
  delete document['$self'];
  for (const [key, item] of Object.entries(document.paths as Record<string, unknown>)) {
    if (!isRecord(item)) continue;
    const where = `#/paths/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const slots = validatorSlots(item);
    for (const { method, field, operation } of pathItemOperations(item, '3.2').operations) {
      if (fixedMethod(method)) continue;
      const slot = slots.get(method);
      if (slot === undefined) {
        changes.push(
          `${where}/${field}: not validated (its path item leaves no method field free to present it to the validator)`,
        );
        continue;
      }
      item[slot] = { ...operation, [WRITTEN_AT]: operationKey(method, key) };
    }
    delete item['query'];
    delete item['additionalOperations'];
    // The whole query string is the querystring parameter's: any query key is its business.
    const withoutQuerystring = (list: unknown): boolean => {
      if (!Array.isArray(list)) return false;
      const before = list.length;
      for (let i = list.length - 1; i >= 0; i -= 1) {
        const parameter: unknown = list[i];
        if (isRecord(parameter) && parameter['in'] === 'querystring') list.splice(i, 1);
        else if (
          isRecord(parameter) &&
          typeof parameter['$ref'] === 'string' &&
          sharedParameterIn(document, parameter['$ref']) === 'querystring'
        )
          list.splice(i, 1);
      }
      return list.length < before;
    };
    const atPath = withoutQuerystring(item['parameters']);
    for (const method of METHODS) {
      const operation = item[method];
      if (isRecord(operation) && (withoutQuerystring(operation['parameters']) || atPath))
        operation['x-eov-allow-unknown-query-parameters'] = true;
    }
  }
  visit(document, '#', (node) => {
    if (isRecord(node['itemSchema'])) delete node['itemSchema'];
  });
  // A request stream's `schema` is the items as an array (OAS 3.2.0 §4.14.3): the mock checks it
  // on the items it reads (sequence-body.ts); the validator would hold it against the raw text.
  for (const item of Object.values(document.paths as Record<string, unknown>)) {
    for (const method of METHODS) {
      const operation = isRecord(item) ? item[method] : undefined;
      const body = isRecord(operation) ? operation['requestBody'] : undefined;
      const content = isRecord(body) && isRecord(body['content']) ? body['content'] : {};
      for (const [type, media] of Object.entries(content))
        if (isRecord(media) && sequenceSyntax(type) !== undefined) delete media['schema'];
    }
  }
}

/**
 * A reference into a component schema's inside (`#/components/schemas/Order/allOf/0`, Codat) is
 * a valid JSON pointer (OAS 3.0.3 §4.7.23, RFC 6901), but the validator adds each component to ajv
 * under the id `#/components/schemas/Name`, against which such a pointer no longer resolves (every
 * answer reaching it failed "can't resolve reference"). The validator's copy gets the pointed-to
 * schema as a component of its own, and the reference names that component.
 */
function deepSchemaReferences(document: OpenAPIV3.Document, changes: string[]): void {
  const schemas = document.components?.schemas as Record<string, unknown> | undefined;
  if (!schemas) return;
  const named = new Map<string, string>();
  const nameFor = (ref: string): string | undefined => {
    const m = /^#\/components\/schemas\/([^/]+)\/(.+)$/.exec(ref);
    // A pointer through a keyword whose value is data (shutterstock: `example: {$ref:
    // '#/components/schemas/Url/example'}`) reaches a value, not a schema: no component is made of it.
    if (!m || m[2]!.split('/').some((part) => DATA_KEYWORDS.has(decodePointer(part)))) return undefined;
    const known = named.get(ref);
    if (known !== undefined) return known;
    let target: unknown = schemas[decodePointer(m[1]!)];
    for (const part of m[2]!.split('/'))
      target =
        isRecord(target) || Array.isArray(target)
          ? (target as Record<string, unknown>)[decodePointer(part)]
          : undefined;
    if (!isRecord(target)) return undefined;
    let name = `kit-inner-${`${m[1]}-${m[2]}`.replace(/[^A-Za-z0-9.\-_]/g, '-')}`;
    while (name in schemas) name += '-';
    named.set(ref, name);
    schemas[name] = structuredClone(target);
    changes.push(`${ref} is given to the validator as the component ${name}`);
    return name;
  };
  // The kernel's walk, once; an added component is reached too, for its own inner references.
  walkRecords(document, (record, reach) => {
    const ref = record['$ref'];
    const name = typeof ref === 'string' ? nameFor(ref) : undefined;
    if (name === undefined) return;
    record['$ref'] = `#/components/schemas/${name}`;
    reach(schemas[name]);
  });
}

/**
 * Component names the validator cannot look up, renamed in its copy (and every reference followed):
 * - A component named `id` in 2.0 and 3.0 (AWS Data Pipeline's `#/components/schemas/id`, a
 *   string; Mandrill's `#/components/requestBodies/id`). The 3.0 validator is draft-04 ajv, whose
 *   schema id is the `id` keyword: resolving a `$ref` it walks the pointer and reads each object's
 *   `id` as a change of base URI, so the `schemas` map's member `id` (an object) was read as one and
 *   threw "id.replace is not a function", a 500 on every operation whose schemas reach it. 3.1 is
 *   read by 2020-12 ajv, whose id is `$id`, a name no component can have.
 * - A name with a dot outside `schemas` (Kubernetes' `#/components/requestBodies/io.k8s.api.core.v1.Namespace`,
 *   BigOven's `API2.Controllers.WebAPI.ReviewController.ReviewRequest`), which OAS 3.0.3 §4.7.7
 *   allows (`^[a-zA-Z0-9\.\-_]+$`). express-openapi-validator resolves a request body's or a
 *   response's `$ref` through ajv, which holds only schemas, and then by a dotted lodash path
 *   (`components.requestBodies.io.k8s…`), which splits the name and finds nothing: such a body was
 *   never checked (`[]` accepted with 201), such an answer never checked either.
 * The new name has no dot (`id_kit`, `io_k8s_api_core_v1_Namespace`, or the first free one with a
 * number after it).
 */
function unreadableComponentNames(document: OpenAPIV3.Document, changes: string[], draft04: boolean): void {
  const components = document.components as Record<string, unknown> | undefined;
  if (!isRecord(components)) return;
  const renamed = new Map<string, string>();
  for (const [kind, members] of Object.entries(components)) {
    if (!isRecord(members)) continue;
    for (const old of Object.keys(members)) {
      const named: boolean = draft04 && old === 'id' && isRecord(members[old]);
      const dotted = kind !== 'schemas' && old.includes('.');
      if (!named && !dotted) continue;
      const base: string = named ? 'id_kit' : old.replace(/\./g, '_');
      let name: string = base;
      for (let n = 2; name in members; n++) name = `${base}${n}`;
      members[name] = members[old];
      delete members[old];
      renamed.set(`#/components/${kind}/${old}`, `#/components/${kind}/${name}`);
      changes.push(
        `#/components/${kind}/${old}: named ${name} (${named ? 'draft-04 ajv reads a member named id as a schema id' : 'the validator reads a dot in a component name as a path step'})`,
      );
    }
  }
  if (renamed.size === 0) return;
  // A reference names its component in its first four steps (`#/components/KIND/NAME`): looked up
  // there, where each reference walked every renamed one (Microsoft Graph: thousands of dotted
  // names). A name holding a '/' (never reachable by a pointer, RFC 6901 §3 writes it `~1`) keeps the walk.
  const slashed = [...renamed.keys()].some((from) => from.split('/').length > 4);
  const follow = (ref: string): string => {
    if (slashed) {
      for (const [from, to] of renamed)
        if (ref === from || ref.startsWith(`${from}/`)) return to + ref.slice(from.length);
      return ref;
    }
    const named = ref.split('/', 4).join('/');
    const to = renamed.get(named);
    return to === undefined ? ref : to + ref.slice(named.length);
  };
  walkRecords(document, (record) => {
    if (typeof record['$ref'] === 'string') record['$ref'] = follow(record['$ref']);
    const mapping = record['mapping'];
    if (isRecord(mapping))
      for (const [key, value] of Object.entries(mapping)) if (typeof value === 'string') mapping[key] = follow(value);
  });
}

/**
 * A path-level parameter whose name an operation's own parameter shares in another place
 * (Kubernetes' `path` in the path of `…/proxy/{path}` beside the operation's `path` in the query).
 * A parameter is its name and its place (OAS 3.0.3 §4.7.12), but the validator adds a path-level
 * one only where the operation has none of that name, whatever its place: the query's `path` then
 * stood alone, the path's was lost, and every request was refused "Unknown query parameter 'path'".
 * And it matches by the `name` or `$ref` written: an operation's own `Version` (an enum) beside the
 * path item's `$ref` to a plain `Version` (AWS query documents) did not override it, so any Version
 * was accepted. The validator's copy lists such a parameter in the operation itself.
 */
function parametersSharingNames(document: OpenAPIV3.Document, changes: string[]): void {
  const shared = (document.components?.parameters ?? {}) as Record<string, unknown>;
  const read = (p: unknown): { name?: unknown; in?: unknown } | undefined => {
    const ref = isRecord(p) ? p['$ref'] : undefined;
    const found = typeof ref === 'string' ? shared[ref.replace('#/components/parameters/', '')] : p;
    return isRecord(found) ? found : undefined;
  };
  const sameName = (a: unknown, b: unknown): boolean => read(a)?.name === read(b)?.name && read(a)?.in !== read(b)?.in;
  // The same parameter written two ways (the path item's `$ref: '#/components/parameters/Version'`, the
  // operation's own `Version` with an enum): the validator matches a path-level parameter by the
  // `name` or `$ref` written, so it kept both and the path item's, read last, overrode the
  // operation's (OAS 3.0.3 §4.7.9 says the operation's overrides it).
  const writtenApart = (a: unknown, b: unknown): boolean =>
    read(a)?.name === read(b)?.name &&
    read(a)?.in === read(b)?.in &&
    !(isRecord(a) && isRecord(b) && (a['$ref'] ?? a['name']) === (b['$ref'] ?? b['name']));
  for (const [key, item] of Object.entries(document.paths ?? {})) {
    if (!isRecord(item) || !Array.isArray(item['parameters'])) continue;
    const atPath = item['parameters'] as unknown[];
    const operations = METHODS.map((m) => (item as Record<string, unknown>)[m]).filter(isRecord);
    const own = (operation: Record<string, unknown>): unknown[] =>
      Array.isArray(operation['parameters']) ? (operation['parameters'] as unknown[]) : [];
    const collides =
      atPath.some((p, i) => atPath.some((q, j) => i !== j && sameName(p, q))) ||
      operations.some((operation) =>
        own(operation).some((q) => atPath.some((p) => sameName(p, q) || writtenApart(p, q))),
      );
    if (!collides) continue;
    // Every path-level parameter goes down to each operation, unless the operation has its own of that name and place.
    for (const operation of operations) {
      const list = own(operation);
      for (const p of atPath)
        if (!list.some((q) => read(q)?.name === read(p)?.name && read(q)?.in === read(p)?.in)) list.push(p);
      operation['parameters'] = list;
    }
    delete item['parameters'];
    changes.push(
      `${key}: path-level parameters listed in each operation (one name in two places, or one parameter written two ways)`,
    );
  }
}

/** The component schema a node's `$ref` names (`#/components/schemas/Name`), where it is an object; else undefined. */
function componentOf(
  schemas: Record<string, unknown>,
  node: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const ref = node['$ref'];
  const m = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref) : null;
  const target = m ? schemas[decodePointer(m[1]!)] : undefined;
  return isRecord(target) ? target : undefined;
}

/**
 * `readOnly` and `writeOnly` on an array's `items` (OSF's `copyright_holders`: a writable array whose
 * items say `readOnly: true`). In 3.0 they are "relevant only for Schema properties definitions"
 * (OAS 3.0.3 §4.7.24), and an item is no property: the validator refused every array sent with
 * items, "is read-only". The validator's copy leaves them out there; a property keeps its own.
 * Items that are a `$ref` to a component marked so (Jira's `UiModificationContextDetails`,
 * `writeOnly: true`, the items of a readOnly `contexts`) get a copy of the component without the
 * mode: the validator read it through the reference and refused every answer listing one, 500 "is
 * write-only". The component keeps it for the properties that name it.
 */
function accessModesOfItems(document: OpenAPIV3.Document, changes: string[]): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  /** The component an items `$ref` names, where it carries an access mode; else undefined. */
  const modedComponent = (items: Record<string, unknown>): Record<string, unknown> | undefined => {
    const target = componentOf(schemas, items);
    return target && (target['readOnly'] === true || target['writeOnly'] === true) ? target : undefined;
  };
  let dropped = 0;
  // A property named `items` (gsmtasks' Invoice: `items: {type: array, readOnly: true}`, required) is a
  // property, not the keyword: a `properties` map is no schema, and its members keep their modes.
  const propertyMaps = new WeakSet<object>();
  walkRecords(document, (record) => {
    if (isRecord(record['properties'])) propertyMaps.add(record['properties']);
  });
  walkRecords(document, (record) => {
    if (propertyMaps.has(record)) return;
    const written = record['items'];
    if (!isRecord(written)) return;
    const component = modedComponent(written);
    const items = component ? { ...component } : written;
    record['items'] = items;
    for (const mode of ['readOnly', 'writeOnly'])
      if (items[mode] === true) {
        delete items[mode];
        dropped++;
      }
  });
  if (dropped > 0)
    changes.push(`readOnly or writeOnly on array items: ignored ${dropped} times (OAS 3.0.3 §4.7.24: properties only)`);
}

/**
 * `readOnly` and `writeOnly` on a member of an `allOf` (Jira's `DashboardGadget.position: {allOf:
 * [{$ref: DashboardGadgetPosition}], readOnly: true}`, the component `writeOnly: true`; Azure's
 * `osProfile: {allOf: [{$ref: OSProfile}]}`, the component `readOnly: true`). In 3.0 they are
 * "relevant only for Schema properties definitions" (OAS 3.0.3 §4.7.24): the property is the node
 * that holds the allOf, and the kernel reads the mode there (schema.ts, a property's own node), as
 * the mock's answers and the runner's requests are made. The validator read it inside the member:
 * every gadget answered 500 "/response/position is write-only", every machine sent with an
 * osProfile was refused 400 "is read-only". The copy's members are without the modes (a `$ref`
 * to a component marked so becomes a copy of it without them); a property keeps its own, and a
 * property that names the component directly still takes its mode (referencedAccessModes).
 */
function accessModesOfAllOfMembers(document: OpenAPIV3.Document, changes: string[]): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const component = (member: Record<string, unknown>): Record<string, unknown> | undefined =>
    componentOf(schemas, member);
  const moded = (schema: Record<string, unknown> | undefined): boolean =>
    schema !== undefined && (schema['readOnly'] === true || schema['writeOnly'] === true);
  // A property named `allOf` is a property, not the keyword (as in accessModesOfItems).
  const propertyMaps = new WeakSet<object>();
  walkRecords(document, (record) => {
    if (isRecord(record['properties'])) propertyMaps.add(record['properties']);
  });
  let dropped = 0;
  walkRecords(document, (record) => {
    const members = record['allOf'];
    if (propertyMaps.has(record) || !Array.isArray(members)) return;
    record['allOf'] = members.map((member: unknown) => {
      if (!isRecord(member)) return member;
      const target = component(member);
      const written = moded(target) ? target : moded(member) ? member : undefined;
      if (!written) return member;
      const { readOnly: _r, writeOnly: _w, ...rest } = written;
      dropped++;
      return rest;
    });
  });
  if (dropped > 0)
    changes.push(
      `readOnly or writeOnly on allOf members: ignored ${dropped} times (OAS 3.0.3 §4.7.24: properties only)`,
    );
}

/**
 * A reference into another operation (`#/paths/~1api~1v1~1system~1countries/get/responses/default`,
 * brex; parameters, headers and schemas of other operations in 19 documents of the directory) is a
 * valid JSON pointer (OAS 3.0.3 §4.7.26, RFC 6901), but the validator resolves a response `$ref` by
 * its last segment among `components/responses` (every answer of such an operation was 500, "Cannot
 * read properties of undefined (reading 'content')"), and the path keys are merged and renamed
 * below. The validator's copy gets the pointed-to object in place of each such reference; one that
 * reaches itself again is left as written.
 */
function referencesIntoPaths(document: OpenAPIV3.Document, changes: string[]): void {
  const pointed = (ref: string): unknown => {
    let node: unknown = document;
    for (const part of ref.slice(2).split('/'))
      node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[decodePointer(part)] : undefined;
    return node;
  };
  let inlined = 0;
  const expand = (node: unknown, stack: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => expand(n, stack));
    if (!isRecord(node)) return node;
    const ref = node['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/paths/') && !stack.includes(ref)) {
      const target = pointed(ref);
      if (target !== undefined) {
        inlined += 1;
        return expand(target, [...stack, ref]);
      }
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = expand(value, stack);
    return out;
  };
  if (!JSON.stringify(document).includes('"#/paths/')) return;
  const expanded = expand(document, []) as Record<string, unknown>;
  for (const key of Object.keys(expanded)) (document as unknown as Record<string, unknown>)[key] = expanded[key];
  changes.push(`${inlined} reference(s) into #/paths are given to the validator as the objects they point to`);
}

/** A JSON pointer's reference token (RFC 6901 §4), percent-decoded as a URI fragment carries it (§6). */
function decodePointer(token: string): string {
  let text = token;
  try {
    text = decodeURIComponent(token);
  } catch {
    // Not percent-encoded after all: the token as written.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Media types whose request content the mock reads as raw bytes (engine.ts, express.raw). */
const RAW_MEDIA = /^(application\/(octet-stream|pdf|zip)|image\/[^;]+|audio\/[^;]+|video\/[^;]+)$/i;

/**
 * Raw content (`application/octet-stream`, `image/*`, …) arrives as bytes, never as a JSON value, so
 * its schema can only describe a string of octets (OAS 3.0.3 §4.7.14.3, OAS 3.1.0 §4.8.14.3: binary
 * content is `type: string, format: binary`, or no schema at all). It is validated as `format: binary`
 * is: a string schema (Xero's attachments, `format: byte`, "Byte array of file in body of request")
 * keeps its other keywords; any other (Swagger 2 Java's `byte[]` as `{type: array, items: {format:
 * byte}}`, Google's media uploads described by their resource `$ref`, AutoRest's `{type: object,
 * format: file}`) describes no bytes, and is replaced, as the body could never be that array or object.
 * Shared request bodies (`#/components/requestBodies`) are read too.
 */
function rawBodiesAreBytes(document: OpenAPIV3.Document, changes: string[]): void {
  const bodies: Array<[string, unknown]> = Object.entries(document.components?.requestBodies ?? {}).map(
    ([name, body]) => [`#/components/requestBodies/${name}`, body],
  );
  for (const [key, item] of Object.entries(document.paths as Record<string, unknown>))
    for (const method of METHODS) {
      const operation = isRecord(item) ? item[method] : undefined;
      if (isRecord(operation)) bodies.push([`${method.toUpperCase()} ${key}`, operation['requestBody']]);
    }
  for (const [where, body] of bodies) {
    const content = isRecord(body) && isRecord(body['content']) ? body['content'] : {};
    for (const [type, media] of Object.entries(content)) {
      if (!isRecord(media) || !RAW_MEDIA.test(type.split(';')[0]!.trim())) continue;
      const bytes = asBytes(media['schema']);
      if (bytes === undefined) continue;
      media['schema'] = bytes;
      changes.push(`${where} ${type}: raw content is validated as bytes (format: binary)`);
    }
  }
}

/** The bytes schema standing for a raw body's schema; undefined where it already is one or is empty. */
function asBytes(schema: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema) || schema['format'] === 'binary' || Object.keys(schema).length === 0) return undefined;
  return schema['type'] === 'string' ? { ...schema, format: 'binary' } : { type: 'string', format: 'binary' };
}

/** Where a `#/components/parameters/…` reference's parameter is carried, if it points there. */
function sharedParameterIn(document: OpenAPIV3.Document, ref: string): unknown {
  const m = /^#\/components\/parameters\/([^/]+)$/.exec(ref);
  const parameter: unknown = m
    ? document.components?.parameters?.[m[1]!.replaceAll('~1', '/').replaceAll('~0', '~')]
    : undefined;
  return isRecord(parameter) ? parameter['in'] : undefined;
}

/** Fixed fields a QUERY or additional operation may borrow, in order (any of them takes a body). */
const SLOTS = ['post', 'put', 'patch', 'delete', 'options', 'trace'] as const;

/**
 * For each OpenAPI 3.2 operation of a path item outside the eight fixed fields (`query`,
 * `additionalOperations`), the fixed field the validator's copy holds it under: the first of
 * SLOTS the path item leaves free. The mock presents such a request to the validator under that
 * method (engine.ts); both read this one function.
 */
export function validatorSlots(item: Record<string, unknown>): ReadonlyMap<string, (typeof SLOTS)[number]> {
  const free = SLOTS.filter((m) => item[m] === undefined);
  const slots = new Map<string, (typeof SLOTS)[number]>();
  for (const { method } of pathItemOperations(item, '3.2').operations) {
    if (fixedMethod(method)) continue;
    const slot = free.shift();
    if (slot !== undefined) slots.set(method, slot);
  }
  return slots;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The name literalBracketNames gives a bracketed query parameter in the validator's copy. */
const bracketAlias = (name: string): string => name.replaceAll('[', '\uff3b').replaceAll(']', '\uff3d');

/** A validator's message about such a parameter, written with the contract's own name again. */
export const literalBrackets = (text: string): string => text.replaceAll('\uff3b', '[').replaceAll('\uff3d', ']');

/**
 * A query parameter whose name has brackets (`filter[platforms]`; edrv.io's `createdAt[$gte]`;
 * apple.com's `limit[subcategories]` beside an integer `limit`). A parameter's name is matched
 * literally (OAS 3.0.3 §4.7.12.1: "The name of the parameter"), before any grouping into an
 * object; the validator groups every bracketed key it meets (express-openapi-validator 5.6
 * BracketNotationHandler: its list of literal names is read from where nothing puts it), so
 * `limit[subcategories]=0` became `limit: {subcategories: 0}`, refused "must be integer", and
 * `createdAt[$gte]` an unknown `createdAt`. Such parameters are named in the copy with fullwidth
 * brackets (`limit［subcategories］`, which it leaves alone and a message still reads), each with
 * its own style and schema, and the request's keys renamed so for the validator (queryAliases);
 * the mock reads the names the contract writes. Returns each operation's renamed parameters.
 */
function literalBracketNames(
  document: OpenAPIV3.Document,
  changes: string[],
): Map<Record<string, unknown>, ReadonlyMap<string, string>> {
  const shared = (document.components?.parameters ?? {}) as Record<string, unknown>;
  const resolved = (p: unknown): Record<string, unknown> | undefined => {
    if (!isRecord(p) || typeof p['$ref'] !== 'string') return isRecord(p) ? p : undefined;
    const m = /^#\/components\/parameters\/([^/]+)$/.exec(p['$ref']);
    const target = m ? shared[m[1]!] : undefined;
    return isRecord(target) && target['$ref'] === undefined ? target : undefined;
  };
  const bracketed = (p: unknown): boolean => {
    const r = resolved(p);
    return r?.['in'] === 'query' && String(r['name']).includes('[');
  };
  const same = (a: unknown, b: unknown): boolean => {
    const [ra, rb] = [resolved(a), resolved(b)];
    return ra !== undefined && rb !== undefined && ra['in'] === rb['in'] && ra['name'] === rb['name'];
  };
  const out = new Map<Record<string, unknown>, ReadonlyMap<string, string>>();
  for (const [key, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    // A path item's bracketed parameters are its operations' own here (each renames its copy).
    const moved = ((item.parameters ?? []) as unknown[]).filter(bracketed);
    if (moved.length > 0) {
      item.parameters = (item.parameters ?? []).filter((p) => !moved.includes(p));
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const own = (operation.parameters ?? []) as unknown[];
        operation.parameters = [
          ...own,
          ...moved.filter((p) => !own.some((o) => same(o, p))),
        ] as typeof operation.parameters;
      }
    }
    const itemLevel = (item.parameters ?? []) as unknown[];
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = (operation.parameters ?? []) as unknown[];
      const query = [...itemLevel, ...own].map(resolved).filter((p) => p?.['in'] === 'query');
      const names = new Set(query.map((p) => String(p!['name'])));
      const aliases = new Map<string, string>();
      for (const written of own) {
        if (!bracketed(written)) continue;
        const name = String(resolved(written)!['name']);
        let alias = bracketAlias(name);
        while (names.has(alias)) alias += '_';
        names.add(alias);
        aliases.set(name, alias);
      }
      if (aliases.size === 0) continue;
      operation.parameters = own.map((written) => {
        const parameter = resolved(written);
        const alias = bracketed(written) ? aliases.get(String(parameter!['name'])) : undefined;
        return alias === undefined ? written : { ...parameter, name: alias };
      }) as typeof operation.parameters;
      out.set(operation as unknown as Record<string, unknown>, aliases);
      changes.push(
        `#/paths/${key}/${method}: query parameters ${[...aliases.keys()].join(', ')} validated by their literal names (never as members of an object)`,
      );
    }
  }
  return out;
}

/**
 * Path keys that name the same path are served as one (the matcher makes the same choice): keys
 * that differ only by a fragment (`/files/{id}#get_shared_link`, Box; a fragment is never sent,
 * RFC 3986 §3.5), and templates that differ only in their parameters' names (`/Files/{FileId}`,
 * `/Files/{FolderId}`, Xero; OAS 3.0.3 §4.7.8 says they MUST NOT exist). Each operation joins the
 * first such key written without a fragment, with its path item's parameters and its path
 * parameters renamed after that key's template, where that key has no operation of the method.
 */
function mergeSamePaths(document: OpenAPIV3.Document, changes: string[]): void {
  const paths = document.paths as Record<string, OpenAPIV3.PathItemObject>;
  const components = (document.components?.parameters ?? {}) as Record<
    string,
    OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject
  >;
  const resolveParameter = (
    p: OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject,
  ): OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject => {
    if (!('$ref' in p) || !p.$ref.startsWith('#/components/parameters/')) return p;
    const target = components[decodePointer(p.$ref.slice('#/components/parameters/'.length))];
    return target ?? p;
  };
  const keys = Object.keys(paths).sort((a, b) => Number(selects(a)) - Number(selects(b)));
  const first = new Map<string, string>();
  for (const key of keys) {
    const shape = routeShape(key);
    const targetKey = first.get(shape);
    if (targetKey === undefined) {
      if (!selects(key)) {
        first.set(shape, key);
        continue;
      }
      first.set(shape, routedPath(key));
      paths[routedPath(key)] = {};
    }
    const target = paths[first.get(shape)!]!;
    const item = paths[key]!;
    const targetNames = [...first.get(shape)!.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const ownNames = [...routedPath(key).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    // The members a key's query names (`/rest?method=flickr.test.echo`) are sent in the request's
    // query (RFC 3986 §3.4): parameters of the operation, each the value the key gives, where the
    // operation does not declare them itself.
    const keyQuery = selects(key) && key.split('#')[0]!.includes('?') ? selectorsOf(key.split('#')[0]!) : [];
    const rename = (
      written: OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject,
    ): OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject => {
      // A parameter written as a `$ref` (carbone's `/render/{templateId}`, `templateId` a component
      // beside `/render/{renderId}`) is renamed too, as the object it points to: else the validator
      // required `templateId`, which the merged template no longer names (400 on every request).
      const p = resolveParameter(written);
      if ('$ref' in p || p.in !== 'path') return written;
      const at = ownNames.indexOf(p.name);
      return at < 0 || targetNames[at] === p.name ? written : { ...p, name: targetNames[at]! };
    };
    // A path parameter the key names only in its fragment (`/send/#env/v1/partners/{partnerId}/…`) is
    // never sent (RFC 3986 §3.5): no request can carry it, so the validator does not ask one for it.
    const fragment = key.includes('#') ? key.slice(key.indexOf('#') + 1) : '';
    const sendable = (written: OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject): boolean => {
      const p = resolveParameter(written);
      return (
        '$ref' in p ||
        p.in !== 'path' ||
        ownNames.includes(p.name) ||
        keyQuery.some(({ param }) => param === p.name) ||
        !fragment.includes(`{${p.name}}`)
      );
    };
    // A parameter is its name and place (OAS 3.0.3 §4.7.12), a `$ref` the one it points to: the
    // operation's own `Version` (an enum) overrides the path item's `$ref` to a plain `Version`
    // (§4.7.9), as AWS query documents write every operation. Compared as written, both were kept
    // and the path item's, read last, admitted any Version.
    const named = (written: OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject): string => {
      const p = resolveParameter(written);
      return '$ref' in p ? p.$ref : `${p.in}:${p.name}`;
    };
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || target[method]) continue;
      const own = (operation.parameters ?? []).filter(sendable).map(rename);
      const inherited = (item.parameters ?? [])
        .filter(sendable)
        .map(rename)
        .filter((p) => !own.some((o) => named(o) === named(p)));
      // A parameter the key's query carries (`/alerts?lat={lat}`, `lat` declared `in: path`) is
      // validated where the request carries it: in the query, under the member's name.
      const carried = new Map(keyQuery.flatMap(({ name, param }) => (param === undefined ? [] : [[param, name]])));
      const declared = [...own, ...inherited].map((p) =>
        '$ref' in p || p.in !== 'path' || !carried.has(p.name)
          ? p
          : { ...p, in: 'query', name: carried.get(p.name)!, required: true },
      );
      const fromKey = keyQuery
        .filter(({ name }) => !declared.some((p) => !('$ref' in p) && p.in === 'query' && p.name === name))
        .map(
          ({ name, value }): OpenAPIV3.ParameterObject => ({
            name,
            in: 'query',
            required: true,
            schema: value === undefined ? {} : { type: 'string', enum: [value] },
          }),
        );
      const mine = [...declared, ...fromKey];
      const targetLevel = (target.parameters ?? []).filter((p) => !mine.some((o) => named(o) === named(p)));
      target[method] = { ...operation, parameters: [...mine, ...targetLevel] };
      changes.push(
        `#/paths/${key.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}: served at ${first.get(shape)!}`,
      );
    }
    delete paths[key];
  }
}

/**
 * Path parameters whose names are not word characters (`{role-name}`, Keycloak) are renamed in
 * the validator's copy (`role_name_`), template and parameter objects alike: the validator routes
 * through Express, whose `:role-name` is the parameter `role` followed by the text `-name`, so the
 * request was never matched (404) though the mock's own matcher takes any name (OAS 3.0.3 §4.7.8).
 */
function routablePathNames(document: OpenAPIV3.Document, changes: string[]): void {
  const paths = document.paths as Record<string, OpenAPIV3.PathItemObject>;
  const components = (document.components?.parameters ?? {}) as Record<
    string,
    OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject
  >;
  const resolve = (
    p: OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject,
  ): OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject => {
    if (!('$ref' in p)) return p;
    const target = components[p.$ref.replace('#/components/parameters/', '')];
    return target && !('$ref' in target) ? target : p;
  };
  for (const key of Object.keys(paths)) {
    const names = [...key.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).filter((name) => !/^\w+$/.test(name));
    if (names.length === 0) {
      quoteJoinedNames(paths, key, changes);
      continue;
    }
    const safe = new Map(names.map((name) => [name, `${name.replace(/\W/g, '_')}_`]));
    const rename = (
      p: OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject,
    ): OpenAPIV3.ParameterObject | OpenAPIV3.ReferenceObject => {
      const resolved = resolve(p);
      if ('$ref' in resolved || resolved.in !== 'path' || !safe.has(resolved.name)) return p;
      return { ...resolved, name: safe.get(resolved.name)! };
    };
    const item = paths[key]!;
    const renamed: OpenAPIV3.PathItemObject = {
      ...item,
      ...(item.parameters ? { parameters: item.parameters.map(rename) } : {}),
    };
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.parameters) renamed[method] = { ...operation, parameters: operation.parameters.map(rename) };
    }
    const newKey = key.replace(/\{([^}]+)\}/g, (whole, name: string) =>
      safe.has(name) ? `{${safe.get(name)!}}` : whole,
    );
    delete paths[key];
    paths[newKey] = renamed;
    changes.push(
      `#/paths/${key.replaceAll('~', '~0').replaceAll('/', '~1')}: path parameters ${names.join(', ')} validated as ${[...safe.values()].join(', ')} (Express cannot route a parameter name with ${'`-`'} or other non-word characters)`,
    );
    quoteJoinedNames(paths, newKey, changes);
  }
}

/** A name character of path-to-regexp 8 (`[$\u200c\u200d\p{ID_Continue}]`): one after `:name` lengthens the name. */
const JOINED = /\{([^}"]+)\}(?=\$|\u200c|\u200d|\p{ID_Continue})/gu;

/**
 * A parameter followed by a name character (prss.org's `/radiodns/spi/3.1/id/{fqdn}/{sid}/{date}_PI.xml`)
 * is quoted in the validator's copy (`{"date"}_PI.xml`): express-openapi-validator writes the template
 * as `:date_PI.xml`, which path-to-regexp reads as the parameter `date_PI`, so `date` was missing
 * from every request (400 "must have required property 'date'"). Its quoted form `:"date"` ends the
 * name (path-to-regexp 8); the template's segments are literal text and parameters (OAS 3.0.3 §4.7.8).
 */
function quoteJoinedNames(paths: Record<string, OpenAPIV3.PathItemObject>, key: string, changes: string[]): void {
  const quoted = key.replace(JOINED, '{"$1"}');
  if (quoted === key) return;
  paths[quoted] = paths[key]!;
  delete paths[key];
  changes.push(
    `#/paths/${key.replaceAll('~', '~0').replaceAll('/', '~1')}: validated at ${quoted} (a parameter name followed by a name character is quoted for Express's router)`,
  );
}

/**
 * A request body is optional unless it says `required: true` (OAS 3.0.3 §4.7.13, "Defaults to
 * false"); express-openapi-validator lets a request without one through only when `required`
 * is written as false, and answered 415 otherwise.
 */
function optionalBodiesSaySo(document: OpenAPIV3.Document): void {
  const bodies: unknown[] = Object.values(document.components?.requestBodies ?? {});
  for (const item of Object.values(document.paths))
    for (const method of METHODS) bodies.push(item?.[method]?.requestBody);
  for (const body of bodies)
    if (isRecord(body) && body['$ref'] === undefined && body['required'] === undefined) body['required'] = false;
}

/**
 * A parameter's value is text on the wire (RFC 6570 §3.2), and a schema without `type` gives the
 * validator nothing to read the text as: nexmo.com/conversion's `delivered`, `{enum: [true, false,
 * 0, 1]}`, refused `delivered=true` as "must be equal to one of the allowed values". In the
 * validator's copy such an enum also admits each member's text (`"true"`, `"1"`).
 */
function untypedParameterEnums(document: OpenAPIV3.Document): void {
  const widen = (parameter: unknown): void => {
    if (!isRecord(parameter) || parameter['in'] === undefined) return;
    const schema = parameter['schema'];
    if (!isRecord(schema) || schema['type'] !== undefined || !Array.isArray(schema['enum'])) return;
    const members: unknown[] = schema['enum'];
    const texts = members
      .filter((m) => typeof m === 'number' || typeof m === 'boolean')
      .map(String)
      .filter((t) => !members.includes(t));
    if (texts.length > 0) schema['enum'] = [...members, ...new Set(texts)];
  };
  for (const parameter of Object.values(document.components?.parameters ?? {})) widen(parameter);
  for (const item of Object.values(document.paths)) {
    if (!item) continue;
    for (const parameter of item.parameters ?? []) widen(parameter);
    for (const method of METHODS) for (const parameter of item[method]?.parameters ?? []) widen(parameter);
  }
}

/**
 * A parameter whose schema is a `oneOf` of alternatives of different JSON types, one a string
 * (pandascore's `LeagueIDOrSlug`: an integer id or a `^[a-z0-9:_-]+$` slug): a path, query, header
 * or cookie value is text, which the validator coerces to each alternative, so `123` fitted both and
 * was refused "must match exactly one schema", 400 where the lookup's 404 was due. As JSON
 * alternatives of different types cannot overlap, so between types "exactly one" and "at least one"
 * agree: the parameter's own copy is checked as `anyOf` of the types (the shared schema, which bodies
 * use, is untouched). Alternatives of one type (PeerTube's `idOrUUID`: an integer id, a UUID or a
 * short UUID, two strings) can overlap as JSON too: among themselves they stay a `oneOf`.
 */
function textOneOfParameters(document: OpenAPIV3.Document, changes: string[]): void {
  const schemaOf = (node: unknown): unknown => {
    const ref = isRecord(node) ? node['$ref'] : undefined;
    const m = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref) : null;
    return m ? document.components?.schemas?.[decodePointer(m[1]!)] : node;
  };
  const typeOf = (node: unknown): string | undefined => {
    const target = schemaOf(node);
    return isRecord(target) && typeof target['type'] === 'string' ? target['type'] : undefined;
  };
  /** The JSON type an alternative's values have (an integer is a number), else undefined. */
  const jsonTypeOf = (node: unknown): string | undefined => {
    const type = typeOf(node);
    return type === 'integer' ? 'number' : type;
  };
  /** The alternatives' types where the oneOf is such a one (a string and another type), else undefined. */
  const textOneOf = (schema: Record<string, unknown>): string[] | undefined => {
    if (!Array.isArray(schema['oneOf']) || isRecord(schema['discriminator'])) return undefined;
    const types = schema['oneOf'].map(typeOf);
    const distinct = new Set(schema['oneOf'].map(jsonTypeOf));
    return types.some((t) => t === undefined) || distinct.size < 2 || !distinct.has('string')
      ? undefined
      : (types as string[]);
  };
  /** The oneOf's alternatives grouped by JSON type, in order: one alternative as is, several as their own oneOf. */
  const byType = (alternatives: unknown[]): unknown[] => {
    const groups = new Map<string | undefined, unknown[]>();
    for (const alternative of alternatives) {
      const type = jsonTypeOf(alternative);
      groups.set(type, [...(groups.get(type) ?? []), alternative]);
    }
    return [...groups.values()].map((group) => (group.length === 1 ? group[0] : { oneOf: group }));
  };
  // The same reading inside the parameter's value: a member of a deepObject or exploded object,
  // an array's items (pandascore's `filter[opponent_id]`, an array of `TeamIDOrSlug`). The path to
  // such a oneOf is copied into the parameter's own schema; shared schemas are left as they are.
  // Undefined where nothing below changes.
  const loosened = (node: unknown, depth: number, seen: ReadonlySet<unknown>, found: string[]): unknown => {
    const schema = schemaOf(node);
    if (!isRecord(schema) || depth > 6 || seen.has(schema)) return undefined;
    const inner = new Set([...seen, schema]);
    const types = textOneOf(schema);
    let copy: Record<string, unknown> | undefined;
    if (types) {
      const { oneOf, ...rest } = schema;
      copy = { ...rest, anyOf: byType(oneOf as unknown[]) };
      found.push(types.join(', '));
    }
    const properties = schema['properties'];
    if (isRecord(properties)) {
      const changed = Object.entries(properties).map(
        ([name, sub]) => [name, loosened(sub, depth + 1, inner, found)] as const,
      );
      if (changed.some(([, sub]) => sub !== undefined)) {
        copy ??= { ...schema };
        copy['properties'] = Object.fromEntries(changed.map(([name, sub]) => [name, sub ?? properties[name]]));
      }
    }
    for (const key of ['items', 'additionalProperties'] as const) {
      const sub = loosened(schema[key], depth + 1, inner, found);
      if (sub === undefined) continue;
      copy ??= { ...schema };
      copy[key] = sub;
    }
    return copy;
  };
  const loosen = (parameter: unknown, where: string): void => {
    if (!isRecord(parameter) || parameter['in'] === undefined || parameter['content'] !== undefined) return;
    const found: string[] = [];
    const schema = loosened(parameter['schema'], 0, new Set(), found);
    if (schema === undefined) return;
    parameter['schema'] = schema;
    for (const types of found)
      changes.push(
        `${where}: parameter ${String(parameter['name'])}'s oneOf of ${types} checked as anyOf (a text value is coerced to each)`,
      );
  };
  for (const [name, parameter] of Object.entries(document.components?.parameters ?? {}))
    loosen(parameter, `#/components/parameters/${name}`);
  for (const [key, item] of Object.entries(document.paths)) {
    if (!item) continue;
    const at = `#/paths/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    for (const p of item.parameters ?? []) loosen(p, at);
    for (const m of METHODS) for (const p of item[m]?.parameters ?? []) loosen(p, `${at}/${m}`);
  }
}

/**
 * A security requirement naming several schemes needs all of them (OAS 3.0.3 §4.7.30): Vonage's
 * `{apiKey, apiSecret}` sends both `api_key` and `api_secret` in the query. express-openapi-validator
 * 5.6 lets through, as known query names, only the first scheme of each requirement
 * (`getSecurityQueryParams` reads `Object.keys(sec)[0]`), and refused every valid request as
 * "Unknown query parameter 'api_secret'". Credentials are the SecurityGate's (validateSecurity is
 * off), so the validator's copy lists each scheme as a requirement of its own: only the query names
 * it lets through change.
 */
function oneSchemePerRequirement(document: OpenAPIV3.Document): void {
  const split = (requirements: unknown): OpenAPIV3.SecurityRequirementObject[] | undefined =>
    Array.isArray(requirements)
      ? requirements.flatMap((r: unknown) =>
          isRecord(r) && Object.keys(r).length > 1
            ? Object.entries(r).map(([name, scopes]) => ({ [name]: scopes as string[] }))
            : [r as OpenAPIV3.SecurityRequirementObject],
        )
      : undefined;
  if (document.security) document.security = split(document.security);
  for (const item of Object.values(document.paths)) {
    if (!item) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.security) operation.security = split(operation.security);
    }
  }
}

/**
 * OAS 3.0.3 §4.7.12.1 (3.1.0 §4.8.12.1 alike): a header parameter named Accept, Content-Type or
 * Authorization "SHALL be ignored" (the media types and security schemes say those). The
 * validator would enforce it: Docker Engine's `Content-type` header with `enum: [application/x-tar]`
 * refused the `application/octet-stream` body its own `consumes` asks for.
 */
function ignoredHeaderParameters(document: OpenAPIV3.Document, changes: string[]): void {
  const ignored = new Set(['accept', 'content-type', 'authorization']);
  const resolve = (p: unknown): unknown => {
    if (!isRecord(p) || typeof p['$ref'] !== 'string' || !p['$ref'].startsWith('#/components/parameters/')) return p;
    return document.components?.parameters?.[p['$ref'].slice('#/components/parameters/'.length)];
  };
  for (const [key, item] of Object.entries(document.paths)) {
    if (!item) continue;
    const holders: Array<{ parameters?: unknown }> = [
      item,
      ...METHODS.map((m) => item[m]).filter((op): op is OpenAPIV3.OperationObject => op !== undefined),
    ];
    for (const holder of holders) {
      if (!Array.isArray(holder.parameters)) continue;
      const kept = holder.parameters.filter((p: unknown) => {
        const target = resolve(p);
        return !(
          isRecord(target) &&
          target['in'] === 'header' &&
          typeof target['name'] === 'string' &&
          ignored.has(target['name'].toLowerCase())
        );
      });
      if (kept.length !== holder.parameters.length) {
        holder.parameters = kept;
        changes.push(
          `#/paths/${key.replaceAll('~', '~0').replaceAll('/', '~1')}: header parameter Accept / Content-Type / Authorization ignored (OAS 3.0.3 §4.7.12.1)`,
        );
      }
    }
  }
}

/**
 * A header or cookie array parameter that leaves out `style` has the default OAS 3.0.3 §4.7.12.1
 * gives it (header `simple`, cookie `form`; `explode` true for form only, §4.7.12.4). express-openapi-
 * validator 5 fills in only path and query ones (parsers/util.js applyParameterStyle tests
 * `param.style === 'header'`, not `param.in`), so a header array (AWS S3's
 * `x-amz-optional-object-attributes: {type: array}`) had no delimiter and every request carrying it
 * was refused "Parameter 'style' has incorrect value 'undefined'". Only arrays: the validator reads
 * the style of no other header or cookie. The copy states the defaults; what they mean is unchanged.
 */
function headerAndCookieArrayStyles(document: OpenAPIV3.Document, changes: string[]): void {
  const styles: Readonly<Record<string, string>> = { header: 'simple', cookie: 'form' };
  const resolve = (node: unknown): unknown => {
    const ref = isRecord(node) ? node['$ref'] : undefined;
    const m = typeof ref === 'string' ? /^#\/components\/(parameters|schemas)\/([^/]+)$/.exec(ref) : null;
    return m ? document.components?.[m[1] as 'parameters' | 'schemas']?.[m[2]!] : node;
  };
  let count = 0;
  for (const written of parameterObjects(document)) {
    const parameter = resolve(written);
    if (!isRecord(parameter) || parameter['style'] !== undefined) continue;
    const style = typeof parameter['in'] === 'string' ? styles[parameter['in']] : undefined;
    const schema = resolve(parameter['schema']);
    if (style === undefined || !isRecord(schema) || schema['type'] !== 'array') continue;
    parameter['style'] = style;
    parameter['explode'] ??= style === 'form';
    count += 1;
  }
  if (count > 0)
    changes.push(`${count} header or cookie array parameter(s) given their default style (OAS 3.0.3 §4.7.12.1)`);
}

/**
 * A parameter given by `content` in a media type other than JSON (OAS 3.0.3 §4.7.12: `content`
 * names its serialisation) is its text as written (the kernel's `contentText`), which is what a
 * `schema` parameter of style simple/form is: the validator's copy says so. The validator parses
 * every such key with media-typer and throws a TypeError, outside its error handling, on a range
 * or a name that is no media type (telnyx.com's path `id` under `content: {"*\/*": {schema: uuid}}`):
 * the request crashed the mock. JSON content stays, for the validator to decode.
 */
function textContentParameters(document: OpenAPIV3.Document, changes: string[]): void {
  let changed = 0;
  const rewrite = (parameter: unknown): void => {
    if (!isRecord(parameter) || !isRecord(parameter['content'])) return;
    const [type, media] = Object.entries(parameter['content'])[0] ?? [];
    if (type === undefined || isJsonMediaType(type)) return;
    parameter['schema'] = isRecord(media) && isRecord(media['schema']) ? media['schema'] : {};
    delete parameter['content'];
    changed += 1;
  };
  for (const parameter of parameterObjects(document)) rewrite(parameter);
  if (changed > 0)
    changes.push(
      `${changed} parameter(s) given by non-JSON content read as their text, as a schema (OAS 3.0.3 §4.7.12)`,
    );
}

/**
 * Specification extensions (OAS 3.0.3 §4.9) of the document, its path items and operations are
 * left out of the validator's copy: the validator reads none of them, but its `$ref` bundler walks
 * them, and a reference there into what this copy drops (GitHub's `x-webhooks` point at
 * `components/examples`, removed below) made every request's validator build fail (GitHub AE:
 * every answer 500 after seconds, the build retried on each request).
 */
function withoutExtensions(document: Record<string, unknown>): void {
  const strip = (node: unknown): void => {
    if (!isRecord(node)) return;
    for (const key of Object.keys(node)) if (key.startsWith('x-')) delete node[key];
  };
  strip(document);
  for (const item of Object.values(isRecord(document['paths']) ? document['paths'] : {})) {
    strip(item);
    if (isRecord(item)) for (const method of METHODS) strip(item[method]);
  }
}

/**
 * A property written as a `$ref` to a readOnly (or writeOnly) schema (ijenko's `FunctionalityNew`:
 * `required: [class, endpoint]`, each a `$ref` to a component with `readOnly: true`) is readOnly: OAS
 * 3.0.3 §4.7.25, "the required will take effect on the response only". express-openapi-validator
 * drops a readOnly member from its parent's `required` only where the property's own node says
 * readOnly (schema.preprocessor.js handleReadonly: a `$ref`'s target is visited under the
 * component, not the parent), so such a request was refused for lacking it. The validator's copy
 * says it on the property, `{allOf: [{$ref}], readOnly: true}`, as the kernel reads it (schema.ts).
 */
function referencedAccessModes(document: OpenAPIV3.Document, changes: string[]): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const target = (node: unknown): Record<string, unknown> | undefined => {
    for (let hops = 0; hops < 10 && isRecord(node); hops++) {
      const ref = node['$ref'];
      if (typeof ref !== 'string') return node;
      const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
      node = m ? schemas[decodePointer(m[1]!)] : undefined;
    }
    return undefined;
  };
  let count = 0;
  walkRecords(document, (record) => {
    const properties = record['properties'];
    const required = record['required'];
    if (!isRecord(properties) || !Array.isArray(required)) return;
    for (const [name, property] of Object.entries(properties)) {
      if (!required.includes(name) || !isRecord(property) || typeof property['$ref'] !== 'string') continue;
      const resolved = target(property);
      const modes = (['readOnly', 'writeOnly'] as const).filter((mode) => resolved?.[mode] === true);
      if (modes.length === 0 || modes.some((mode) => property[mode] === true)) continue;
      properties[name] = { allOf: [{ $ref: property['$ref'] }], ...Object.fromEntries(modes.map((m) => [m, true])) };
      count += 1;
    }
  });
  if (count > 0)
    changes.push(
      `${count} required propert${count === 1 ? 'y' : 'ies'} whose $ref is readOnly or writeOnly marked so on the property`,
    );
}

/**
 * A parameter's schema that is readOnly or writeOnly, itself or through the `$ref`s and
 * alternatives it is made of (DigitalOcean's `ssh_key_identifier`: `anyOf` of the key's `id` and
 * `fingerprint` properties, both `readOnly`). OAS 3.0.3 §4.7.25: readOnly is "relevant only for
 * Schema `properties` definitions", the members of a body; a parameter is no such property, and
 * its value is sent by the client. The validator refused every request: "request/params/
 * ssh_key_identifier is read-only". Its copy gets the schema without those two keywords at those levels.
 */
function parameterAccessModes(document: OpenAPIV3.Document, changes: string[]): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const MODES = ['readOnly', 'writeOnly'];
  const plain = (node: unknown, hops: number): unknown => {
    if (!isRecord(node) || hops > 10) return node;
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
      // Or a pointer into a schema's inside (`#/components/schemas/FirewallDevices/properties/entity`).
      const target = m
        ? schemas[decodePointer(m[1]!)]
        : ref.startsWith('#/')
          ? ref
              .slice(2)
              .split('/')
              .reduce<unknown>((at, part) => (isRecord(at) ? at[decodePointer(part)] : undefined), document)
          : undefined;
      const inner = plain(target, hops + 1);
      return inner === target ? node : inner;
    }
    let changed = MODES.some((mode) => node[mode] !== undefined);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (MODES.includes(key)) continue;
      if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
        const members = value.map((member) => plain(member, hops + 1));
        if (members.some((member, i) => member !== value[i])) changed = true;
        out[key] = members;
      } else out[key] = value;
    }
    return changed ? out : node;
  };
  let count = 0;
  const fix = (parameters: unknown): void => {
    if (!Array.isArray(parameters)) return;
    for (const parameter of parameters) {
      if (!isRecord(parameter) || parameter['in'] === undefined) continue;
      const schema = parameter['schema'];
      const made = plain(schema, 0);
      if (made !== schema) {
        parameter['schema'] = made;
        count += 1;
      }
    }
  };
  // A request body's own schema is no property either (Linode's `createFirewallDevice`: `allOf:
  // [$ref FirewallDevices/properties/entity]`, a schema `readOnly: true` as a whole, refused "is
  // read-only" at the body): its root levels are read the same way; its properties keep theirs.
  let bodies = 0;
  const fixBody = (body: unknown): void => {
    if (!isRecord(body) || !isRecord(body['content'])) return;
    for (const media of Object.values(body['content'])) {
      if (!isRecord(media)) continue;
      const schema = media['schema'];
      const made = plain(schema, 0);
      if (made !== schema) {
        media['schema'] = made;
        bodies += 1;
      }
    }
  };
  fix(Object.values(document.components?.parameters ?? {}));
  for (const body of Object.values((document.components?.requestBodies ?? {}) as Record<string, unknown>))
    fixBody(body);
  for (const item of Object.values((document.paths ?? {}) as Record<string, unknown>)) {
    if (!isRecord(item)) continue;
    fix(item['parameters']);
    for (const method of METHODS) {
      if (!isRecord(item[method])) continue;
      fix((item[method] as Record<string, unknown>)['parameters']);
      fixBody((item[method] as Record<string, unknown>)['requestBody']);
    }
  }
  if (count > 0)
    changes.push(
      `${count} parameter schema(s) read without readOnly and writeOnly (OAS 3.0.3 §4.7.25: properties only)`,
    );
  if (bodies > 0)
    changes.push(
      `${bodies} request body schema(s) read without readOnly and writeOnly at their root (OAS 3.0.3 §4.7.25: properties only)`,
    );
}

/**
 * Objects whose keys are names the document chooses (a property, a header, a media type, a
 * security scheme), not fields: a key there that begins with `x-` is a name, never an extension.
 */
const NAMED_MEMBERS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'security',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'variables',
  'mapping',
  'scopes',
  'paths',
  'webhooks',
]);

/** The copy's own markers (WRITTEN_AT) and the validator's (`x-eov-…`), which it must keep. */
const kept = (key: string): boolean => key.startsWith('x-kit-') || key.startsWith('x-eov-');

/** Depth-first over every object of the document; the callback sees each object once, with its JSON pointer. */
function visit(root: unknown, where: string, callback: (node: Record<string, unknown>, where: string) => void): void {
  const stack: { node: unknown; where: string; parent?: string; grandparent?: string }[] = [{ node: root, where }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { node, where: at, parent, grandparent } = stack.pop()!;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      // The items of `security` are maps of scheme names, as `security` itself is named here.
      for (const [i, child] of node.entries())
        stack.push({ node: child, where: `${at}/${i}`, ...(parent === 'security' ? { parent } : {}) });
      continue;
    }
    if (!isRecord(node)) continue;
    // Examples are values the validator never needs, and ajv may read an `id` in one as a schema id.
    if (parent !== 'properties') {
      delete node['example'];
      delete node['examples'];
    }
    // Links (OAS 3.0.3 §4.7.20) of a Response Object or of components are runtime expressions for
    // clients, never read by the validator, and ajv took a link's `parameters: {id:
    // "$response.body#/data/owner_id"}` for a draft-04 schema id: two links naming the same one
    // (Apideck CRM's `owner` on several answers) were "reference … resolves to more than one schema",
    // a 500 on every list of activities, companies and contacts.
    if (
      (grandparent === 'responses' || (parent === 'components' && grandparent === undefined)) &&
      parent !== 'properties'
    )
      delete node['links'];
    // Specification extensions (OAS 3.0.3 §4.8: "x-" fields) say nothing the validator reads, and
    // ajv walks every key of a schema (json-schema-traverse allKeys): an `id` inside one (Apideck's
    // `x-apideck-weights: {id: critical}`) was taken for a draft-04 schema id, and two of them for
    // "reference … resolves to more than one schema", a 500 on every answer.
    if (parent === undefined || !NAMED_MEMBERS.has(parent))
      for (const key of Object.keys(node)) if (key.startsWith('x-') && !kept(key)) delete node[key];
    callback(node, at);
    // In a map of names (a Responses Object, `properties`) `default` and `enum` are names, not a
    // schema's data: the `default` response (OAS 3.0.3 §4.7.16) left unvisited kept its examples'
    // `$ref`s into `components/examples`, which this copy drops, and the validator's bundler failed
    // on every request (azure.com/iotcentral: every GET 500). A member named like such a map
    // (a property called `responses`) is a value of the map around it, not a map.
    const named = parent !== undefined && NAMED_MEMBERS.has(parent) && !NAMED_MEMBERS.has(grandparent ?? '');
    for (const [key, child] of Object.entries(node)) {
      if (((key === 'default' || key === 'enum') && !named) || key.startsWith('x-')) continue;
      stack.push({
        node: child,
        where: `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        parent: key,
        ...(parent === undefined ? {} : { grandparent: parent }),
      });
    }
  }
}

/**
 * The kernel's reading of an enum none of whose values meets the schema's own bounds (Adyen's
 * `gender: {enum: [MALE, FEMALE, UNKNOWN], maxLength: 1}`; src/contract/enum-bounds.ts, shared with
 * the runner's schemas): the listed values are what the authors meant, so the bounds are not
 * enforced. The mock answers an enum value; the validator's copy held it to the bounds, a 500 on
 * every answer carrying it.
 */
function enumBeyondItsBounds(node: Record<string, unknown>, where: string, changes: string[], admits: Admits): void {
  const bounds = boundsContradictingEnum(node, admits);
  if (bounds.length === 0) return;
  for (const key of bounds) delete node[key];
  changes.push(
    `${where}: an enum admits none of its values under ${bounds.join(', ')}: the enum is enforced, those bounds are not`,
  );
}

/**
 * A few scalar keywords read as the validator reads them: ajv with ajv-formats' full formats, as
 * express-openapi-validator compiles them. Made on first use (most documents have no enum beside
 * bounds); a keyword ajv cannot read admits the value (nothing is dropped on a guess).
 */
function scalarAdmits(): Admits {
  let ajv: Ajv | undefined;
  // Compiled once per distinct set of keywords: Stripe writes `maxLength: 5000` beside thousands of
  // enums, and a compile per node cost its suite 15 s.
  const compiled = new Map<string, ((value: unknown) => boolean) | undefined>();
  return (constraints, value) => {
    const key = JSON.stringify(constraints);
    if (!compiled.has(key)) {
      ajv ??= addFormats(new Ajv({ strict: false, logger: false, validateFormats: true })).addFormat('url', {
        type: 'string',
        validate: isWebUrl, // as validatorOptions gives it to the validator
      });
      try {
        const validate = ajv.compile(constraints);
        compiled.set(key, (v) => validate(v) === true);
      } catch {
        compiled.set(key, undefined);
      }
    }
    // A keyword ajv cannot read admits the value (nothing is dropped on a guess).
    return compiled.get(key)?.(value) ?? true;
  };
}

function normaliseSchema(
  node: Record<string, unknown>,
  where: string,
  changes: string[],
  formats: Set<string>,
  resolve: (node: unknown) => unknown,
  nullableKeyword: boolean,
  admits: Admits,
): void {
  // A contradiction of the document itself, found once at load (src/contract/schema.ts): answered
  // as close to the contract as possible rather than with a 500 on every answer.
  for (const open of [
    (n: Record<string, unknown>) => openClosedAllOf(n, resolve),
    (n: Record<string, unknown>) => openOverlappingOneOf(n, resolve),
  ]) {
    const opened = open(node);
    if (!opened) continue;
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, opened.schema);
    changes.push(`${where}: ${opened.notice}`);
  }
  // A keyword's value is a string, a boolean or a list; a property *named* like one is an object.
  // The kernel's one reading of nullable without type (src/contract/nullable.ts).
  const nullable = readNullable(node);
  if (nullable) {
    changes.push(`${where}: ${node['nullable'] === false ? 'nullable: false' : 'nullable'} without type`);
    applyNullable(node, nullable, { type: 'string', nullable: true, enum: [null] });
  }
  // A nullable enum takes null too, as the kernel reads it (schema.ts, the OAS 3.0.3 clarification of
  // `nullable`): GitHub's `dismissed_reason` (`enum: [fix_started, …], nullable: true`) answered
  // null, as its own example shows, and the validator refused it, 500 on every list of alerts.
  if (nullableKeyword && node['nullable'] === true && Array.isArray(node['enum']) && !node['enum'].includes(null))
    node['enum'] = [...node['enum'], null];
  if (typeof node['pattern'] === 'string') {
    const portable = portablePattern(node['pattern']);
    if (portable.ok) {
      if (portable.changed) {
        node['pattern'] = portable.source;
        changes.push(`${where}: pattern rewritten to ECMA-262`);
      }
    } else {
      delete node['pattern'];
      changes.push(`${where}: pattern not enforced (${portable.reason})`);
    }
  }
  // An empty `enum` is legal: the array "SHOULD have at least one element" (JSON Schema Validation
  // 2020-12 §6.1.2; Wright draft 00 §5.20 for OAS 3.0.3), and it admits no value. ajv refuses to
  // compile it, which made every request of the operation a 500 (Discord's join-request `status`):
  // the validator is given the same "no value" as `not: {}`.
  if (Array.isArray(node['enum']) && node['enum'].length === 0) {
    delete node['enum'];
    if (node['not'] === undefined) node['not'] = {};
    else node['allOf'] = [...(Array.isArray(node['allOf']) ? node['allOf'] : []), { not: {} }];
    changes.push(`${where}: enum: [] (admits no value) checked as not: {}`);
  }
  if (nullableKeyword) draftSixBounds(node, where, changes);
  enumBeyondItsBounds(node, where, changes, admits);
  if (typeof node['format'] === 'string' && !KNOWN_FORMATS.has(node['format'])) formats.add(node['format']);
  // `default` is an annotation (JSON Schema 2020-12 §9.2; OAS 3.0.3 §4.7.24: what the server
  // assumes when the value is absent), never a value the client sent: the validator's ajv fills it
  // into requests (useDefaults), which passed a missing `required` member (PayPal's product `type`)
  // and stored or refused a value nobody sent (OpenAI's `service_tier`). Only schemas lose it.
  const schemaLike =
    typeof node['type'] === 'string' ||
    Array.isArray(node['type']) ||
    typeof node['$ref'] === 'string' ||
    ['enum', 'allOf', 'oneOf', 'anyOf'].some((k) => Array.isArray(node[k]));
  if ('default' in node && schemaLike) delete node['default'];
  if (isRecord(node['discriminator'])) normaliseDiscriminator(node, where, changes);
  if (Array.isArray(node['prefixItems'])) looseTuple(node, where, changes);
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (node[key] !== undefined && typeof node[key] !== 'number' && !isRecord(node[key])) {
      throw new ContractError(`the contract has ${key}: ${JSON.stringify(node[key])} at ${where}; it must be a number`);
    }
  }
}

/**
 * A 2.0 / 3.0 schema's `exclusiveMinimum` / `exclusiveMaximum` written as a number, the form of JSON
 * Schema draft-06 onwards (the number is the exclusive bound, 2020-12 Validation §6.2.3 / §6.2.5) that
 * zod-to-OpenAPI generators write also into 3.0 documents, where OAS 3.0.3 §4.7.24 takes the boolean
 * beside `minimum` / `maximum`. The kernel reads it as the bound (src/contract/openapi-check.ts
 * numericExclusiveBound); the validator, given a 3.0 document, failed on it and answered 500 to every
 * request through such a schema. Its copy gets the 3.0 form of the same bound (schema-2020.ts lowers
 * it alike for the generators): `minimum: n, exclusiveMinimum: true`, unless a tighter `minimum` is
 * written, which then is the whole bound.
 */
function draftSixBounds(node: Record<string, unknown>, where: string, changes: string[]): void {
  for (const [exclusive, bound, tighter] of [
    ['exclusiveMinimum', 'minimum', (a: number, b: number) => a > b],
    ['exclusiveMaximum', 'maximum', (a: number, b: number) => a < b],
  ] as const) {
    const value = node[exclusive];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const written = node[bound];
    if (typeof written === 'number' && tighter(written, value)) delete node[exclusive];
    else {
      node[bound] = value;
      node[exclusive] = true;
    }
    changes.push(`${where}: numeric ${exclusive}: ${value} read as the exclusive bound`);
  }
}

/**
 * express-openapi-validator runs ajv with `strictTuples`, which refuses the document for a
 * `prefixItems` that is not a full tuple (`minItems` equal to its length and no further items): a
 * list that may be shorter, or longer, is legal JSON Schema 2020-12 (§10.3.1.1). Such a tuple is
 * given to it as "every item is one of the positions' schemas" (looser; the count bounds stay); the
 * runner's validator checks each position exactly.
 */
function looseTuple(node: Record<string, unknown>, where: string, changes: string[]): void {
  const positions = node['prefixItems'] as unknown[];
  const full =
    node['minItems'] === positions.length && (node['items'] === false || node['maxItems'] === positions.length);
  if (full) return;
  const rest = node['items'];
  delete node['prefixItems'];
  if (rest === false)
    node['maxItems'] =
      typeof node['maxItems'] === 'number' ? Math.min(node['maxItems'], positions.length) : positions.length;
  node['items'] = { anyOf: [...positions, ...(rest === undefined || rest === false ? [] : [rest])] };
  if (rest === undefined) node['items'] = true;
  changes.push(`${where}: prefixItems checked as any of its positions (not a full tuple)`);
}

/**
 * Every discriminator is given to the validator as the kernel reads it (discriminatedView, OAS
 * 3.0.3 §4.7.25): a discriminated `oneOf` is checked as `anyOf` and the discriminator dropped, so
 * the mock and the runner accept the same values. Kept, it misled express-openapi-validator 5.6 in
 * two ways: its ajv reads the `oneOf` as "exactly one", refusing Pinterest's retail feed, which
 * the hotel alternative admits too; and its schema pre-processor
 * (schema.preprocessor.js processDiscriminator) keeps a discriminator it met for the rest of its
 * walk, so the next `$ref` reached anywhere below the same root was taken as an alternative and
 * its parent was given a `_discriminator`: a request body with no such property
 * (BulkUpsertRequest, which only reaches a discriminated schema) was then refused for lacking
 * `catalog_type`, and queries and answers were checked against the wrong alternative.
 */
function normaliseDiscriminator(node: Record<string, unknown>, where: string, changes: string[]): void {
  const view = discriminatedView(node);
  if (!view) return;
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, view);
  changes.push(`${where}: discriminator read as the alternatives it names (anyOf)`);
}
