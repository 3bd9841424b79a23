import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { isRecord, walkRecords } from './guards.js';
import { portablePattern } from './patterns.js';
import type { SchemaDialect } from './version.js';
import { applyNullable, readNullable } from './nullable.js';
import { boundsContradictingEnum } from './enum-bounds.js';

// ajv-formats is CommonJS: Node hands an ES module the plugin function itself, which also
// carries itself as `.default`; TypeScript (NodeNext) sees the module object. `.default` is right for both.
const addFormats: FormatsPlugin = addFormatsModule.default;

/** Which side of the exchange a schema is applied to: it decides what readOnly / writeOnly mean (OAS 3.0.3 §4.7.24). */
export type Direction = 'request' | 'response';

export interface SchemaViolation {
  /** JSON pointer into the value, `""` for the value itself. */
  readonly path: string;
  readonly message: string;
}

export type SchemaCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly violations: readonly SchemaViolation[] };

/**
 * A validation with its third outcome said: `unknown` when the schema could not be checked at all
 * (an unresolved `$ref`, a schema ajv refuses to compile), with the reason. A runner turns it into
 * a skip with that reason and the mock into a notice, never into a silent pass.
 */
export type ValidationResult =
  | { readonly state: 'valid' }
  | { readonly state: 'invalid'; readonly violations: readonly SchemaViolation[] }
  | { readonly state: 'unknown'; readonly reason: string };

type Schema = OpenAPIV3.SchemaObject;

/**
 * What compiling one schema (or one shared sub-schema) said the validator could not enforce, in the
 * order it was found: a notice, an unknown format, or the shared sub-schema referred to at that point
 * (its own record, read when the record is replayed: a recursive one may still be in the making).
 */
type Said = { readonly skipped: string } | { readonly format: string } | { readonly ref: string };

interface Compiled {
  readonly validate: ValidateFunction;
  /** Why the schema could not be checked; undefined when it can be. */
  readonly uncheckable: string | undefined;
  readonly said: readonly Said[];
}

/**
 * The compiled validators of one dialect, by schema object and direction, with what each compile
 * said it could not enforce: the expensive half of a SchemaValidator (ajv's compile is most of a
 * validator's CPU on a large contract), shared by every SchemaValidator given it. A run's notices
 * stay the run's own: each SchemaValidator replays the records of the schemas it uses, so it says
 * exactly what a fresh one would (the same notices, in the same order). Keyed by object identity,
 * it is never stale: a schema object of a contract is never changed (contracts are read-only).
 */
export class CompiledSchemas {
  /**
   * ajv, made on first use (`ajv`): making one compiles its meta-schema (~5 ms of CPU), and an app
   * makes validators it may never use (app.ts's checks only a --state).
   */
  private made: Ajv | Ajv2020 | undefined;
  private readonly cache = new Map<Direction, WeakMap<object, Compiled>>([
    ['request', new WeakMap()],
    ['response', new WeakMap()],
  ]);

  /**
   * Shared sub-schemas (sharedNodes) converted once per direction and added to ajv under a key of
   * their own: every schema that reaches one refers to it, so ajv compiles it once for them all.
   */
  private readonly registered = new Map<Direction, WeakMap<object, string>>([
    ['request', new WeakMap()],
    ['response', new WeakMap()],
  ]);
  private registeredCount = 0;
  private readonly pending: Array<[string, object]> = [];
  /** What converting each shared sub-schema said, by its key. */
  private readonly saidByKey = new Map<string, Said[]>();
  /** The validators of the small scalar schemas `admits` asks about, by their text. */
  private readonly scalarChecks = new Map<string, ValidateFunction>();

  constructor(readonly dialect: SchemaDialect = 'openapi-3.0') {}

  private get ajv(): Ajv | Ajv2020 {
    if (this.made) return this.made;
    // strict: false lets the OpenAPI-only keywords (example, xml, externalDocs, x-*) through;
    // every one of them is an annotation that does not constrain the value. `discriminator` is
    // not given to ajv (its support refuses `mapping` and anyOf): see toJsonSchema.
    // Unknown formats are ignored (JSON Schema Validation §7.2: formats are open) and reported
    // once through `notices`, never logged: a library does not print.
    // No optimisation passes over the generated code (`code.optimize`): they change no outcome and
    // were about half of each compile; validators are compiled per schema as the run meets them.
    // A referenced schema (a shared sub-schema's key) is compiled once as a function of its own that
    // the schemas referring to it call (`inlineRefs: false`), not copied into each: same outcome.
    const options = {
      strict: false,
      allErrors: true,
      validateFormats: true,
      logger: false,
      code: { optimize: false },
      inlineRefs: false,
    } as const;
    const ajv = this.dialect === 'json-schema-2020-12' ? new Ajv2020(options) : new Ajv(options);
    addFormats(ajv);
    // OpenAPI 3.0 formats that ajv-formats does not define: annotations, never constraints.
    for (const format of ['password', 'binary']) ajv.addFormat(format, true);
    // `url` is no JSON Schema format (Validation §7.3 names `uri`); ajv-formats reads it as a pattern
    // for public web addresses that refuses loopback and private hosts, so a server on 127.0.0.1 could
    // never write its own address there (Figshare's `Location`, `format: url`). Read as what a URL is:
    // an absolute URL (WHATWG URL Standard §4.3) with a web scheme, no spaces.
    ajv.addFormat('url', { type: 'string', validate: isWebUrl });
    this.made = ajv;
    return ajv;
  }

  /**
   * The compiled validator of a schema, compiled on first use; never throws. A schema ajv still
   * refuses (a construct it does not handle) validates nothing and says so in its record.
   */
  compiled(schema: Schema | OpenAPIV3.ReferenceObject, direction: Direction): Compiled {
    const cache = this.cache.get(direction)!;
    const hit = cache.get(schema);
    if (hit) return hit;
    let made: Compiled;
    if ('$ref' in schema) {
      made = {
        validate: this.ajv.compile(true),
        uncheckable: `the schema is an unresolved $ref (${schema.$ref})`,
        said: [{ skipped: `a schema with an unresolved $ref (${schema.$ref}) is not enforced` }],
      };
    } else {
      const registered = this.registered.get(direction)!;
      // What is said is written to the record being made: the root's, or a shared sub-schema's while
      // it is converted (then the root's record refers to it).
      let said: Said[] = [];
      const known = (name: string): boolean => name in this.ajv.formats;
      // Compiled once per distinct set of keywords (Stripe's `maxLength: 5000` beside thousands of enums).
      const admits = (constraints: object, value: unknown): boolean => {
        const key = JSON.stringify(constraints);
        let validate = this.scalarChecks.get(key);
        if (!validate) {
          validate = this.ajv.compile(constraints);
          this.scalarChecks.set(key, validate);
        }
        return validate(value) === true;
      };
      const register = (converted: object, written: object): string => {
        const key = `${SHARED_PREFIX}${direction}_${(this.registeredCount += 1)}`;
        registered.set(written, key);
        this.pending.push([key, converted]);
        return key;
      };
      const within = (key: string, convert: () => void): void => {
        const outer = said;
        said = [];
        this.saidByKey.set(key, said);
        try {
          convert();
        } finally {
          said = outer;
          said.push({ ref: key });
        }
      };
      const context: Context = {
        dialect: this.dialect,
        direction,
        memo: new Map(),
        shared: sharedNodes(schema, registered),
        registered,
        register,
        within,
        referred: (key) => void said.push({ ref: key }),
        known,
        admits,
        skip: (notice) => void said.push({ skipped: notice }),
        unknownFormat: (format) => void said.push({ format }),
      };
      try {
        const root = toJsonSchema(schema, context) as object;
        // Added once converted whole: a recursive definition refers to itself, resolved when compiled.
        for (const [key, converted] of this.pending.splice(0)) this.ajv.addSchema(converted, key);
        made = { validate: this.ajv.compile(root), uncheckable: undefined, said };
      } catch (error) {
        const why = (error as Error).message.split('\n')[0] ?? '';
        said.push({ skipped: `a schema the validator cannot compile is not enforced (${why})` });
        made = {
          validate: this.ajv.compile(true),
          uncheckable: `the validator cannot compile the schema (${why})`,
          said,
        };
      }
    }
    cache.set(schema, made);
    return made;
  }

  /** Replays a record into `into`, the shared sub-schemas it refers to included (each once). */
  replay(said: readonly Said[], into: (said: Exclude<Said, { ref: string }>) => void, seen = new Set<string>()): void {
    for (const item of said) {
      if (!('ref' in item)) into(item);
      else if (!seen.has(item.ref)) {
        seen.add(item.ref);
        this.replay(this.saidByKey.get(item.ref) ?? [], into, seen);
      }
    }
  }
}

/**
 * Validates values against OpenAPI 3.0 schemas with ajv: `nullable`, `readOnly` / `writeOnly`,
 * the OpenAPI formats (int32, int64, float, double, byte, date-time...), `allOf` / `oneOf` /
 * `discriminator`. Compiled validators are cached per schema object and direction, so a
 * validator built once serves every request; given a CompiledSchemas, they are that store's, shared
 * with every validator given it (a run after run on one contract compiles nothing again), while the
 * notices stay this validator's own.
 */
export class SchemaValidator {
  private readonly store: CompiledSchemas;
  /** The schemas (per direction) whose records are already in the notices. */
  private readonly replayed = new Map<Direction, WeakSet<object>>([
    ['request', new WeakSet()],
    ['response', new WeakSet()],
  ]);

  /** What this validator could not enforce (unknown formats, non-ECMA patterns, schemas ajv refused), once each. */
  private readonly skipped = new Set<string>();
  private readonly unknownFormats = new Set<string>();

  /**
   * `dialect` is the contract's (`contract.version.schemaDialect`): OpenAPI 3.0's schema object,
   * or JSON Schema 2020-12 for 3.1 and 3.2 (OAS 3.1.0 §4.8.24.1): `type` arrays with "null",
   * `const`, `prefixItems`, `$ref` beside other keywords, `unevaluatedProperties`, numeric
   * exclusive bounds, `$defs`; `nullable` is then no keyword at all and is ignored. `store`: the
   * compiled validators to use and add to (schemaValidatorFor); a fresh one of the dialect by default.
   */
  constructor(
    readonly dialect: SchemaDialect = 'openapi-3.0',
    store?: CompiledSchemas,
  ) {
    if (store && store.dialect !== dialect)
      throw new Error(`a ${dialect} validator cannot share the compiled schemas of ${store.dialect}`);
    this.store = store ?? new CompiledSchemas(dialect);
  }

  /** Run-level messages: what the validator could not enforce (one line per kind of thing). */
  get notices(): string[] {
    const out = [...this.skipped];
    if (this.unknownFormats.size > 0) {
      out.unshift(
        `formats the validator does not know are not enforced: ${[...this.unknownFormats].sort().join(', ')}`,
      );
    }
    return out;
  }

  /** valid, invalid (with the violations), or unknown (with why the schema could not be checked). */
  validate(schema: Schema | OpenAPIV3.ReferenceObject, value: unknown, direction: Direction): ValidationResult {
    const compiled = this.compiled(schema, direction);
    if (compiled.uncheckable !== undefined) return { state: 'unknown', reason: compiled.uncheckable };
    const validate = compiled.validate;
    if (validate(value)) return { state: 'valid' };
    return { state: 'invalid', violations: (validate.errors ?? []).map(describe) };
  }

  /**
   * Two-state validation for callers that only choose among values: a schema that cannot be
   * checked counts as valid here. Judgements use validate(), which says `unknown`.
   */
  check(schema: Schema | OpenAPIV3.ReferenceObject, value: unknown, direction: Direction): SchemaCheck {
    const validate = this.compile(schema, direction);
    if (validate(value)) return { valid: true };
    return { valid: false, violations: (validate.errors ?? []).map(describe) };
  }

  /**
   * A compiled validator; never throws. A schema ajv still refuses (a construct it does not
   * handle) validates nothing and is reported in `notices` instead of failing the caller.
   */
  compile(schema: Schema | OpenAPIV3.ReferenceObject, direction: Direction): ValidateFunction {
    return this.compiled(schema, direction).validate;
  }

  private compiled(schema: Schema | OpenAPIV3.ReferenceObject, direction: Direction): Compiled {
    const compiled = this.store.compiled(schema, direction);
    const replayed = this.replayed.get(direction)!;
    if (!replayed.has(schema)) {
      replayed.add(schema);
      this.store.replay(compiled.said, (item) => {
        if ('skipped' in item) this.skipped.add(item.skipped);
        else this.unknownFormats.add(item.format);
      });
    }
    return compiled;
  }
}

interface Context {
  readonly dialect: SchemaDialect;
  readonly direction: Direction;
  readonly memo: Map<object, unknown>;
  /** Schema objects reached more than once (shared or recursive): each is written once, as a definition, and referenced. */
  readonly shared: ReadonlySet<object>;
  /** Shared schemas already added to ajv (this compile's or an earlier one's), by key. */
  readonly registered: WeakMap<object, string>;
  /** Adds a converted shared schema under a new key; returns the key. */
  readonly register: (converted: object, written: object) => string;
  /** Converts a shared schema just registered under `key`: what it says goes to its own record. */
  readonly within: (key: string, convert: () => void) => void;
  /** A shared schema an earlier compile converted is referred to: its record is part of this one's. */
  readonly referred: (key: string) => void;
  readonly known: (format: string) => boolean;
  /** Whether a value meets a small schema of scalar keywords (no references, no recursion). */
  readonly admits: (constraints: object, value: unknown) => boolean;
  /** Says what is not enforced (a notice), or which format is not known. */
  readonly skip: (notice: string) => void;
  readonly unknownFormat: (format: string) => void;
}

function describe(error: ErrorObject): SchemaViolation {
  const extra =
    error.keyword === 'additionalProperties' && isRecord(error.params)
      ? ` (${String(error.params['additionalProperty'])})`
      : error.keyword === 'enum' && isRecord(error.params) && Array.isArray(error.params['allowedValues'])
        ? ` (${error.params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')})`
        : '';
  return { path: error.instancePath, message: `${error.message ?? error.keyword}${extra}` };
}

/** The keys shared schemas are added to ajv under (no document's schema has such an `$id`). */
const SHARED_PREFIX = 'kit-shared-';

/**
 * The schema objects a resolved schema reaches more than once, by any path (walked once each).
 * A dereferenced document is a graph: Stripe's expandable objects share the same sub-schemas
 * hundreds of times, and recursive ones reach themselves. Written inline, the first is exponential
 * (ajv walks and generates every copy) and the second never ends; written once as a definition and
 * referenced (SchemaValidator.registered), both are linear, and the value is checked exactly as the inline schema would check it.
 */
function sharedNodes(root: unknown, registered: WeakMap<object, string>): Set<object> {
  const reached = new Set<object>();
  const shared = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    // One already added to ajv is referenced, not walked again.
    if (typeof node !== 'object' || node === null || (node !== root && registered.has(node))) continue;
    if (!Array.isArray(node)) {
      if (reached.has(node)) {
        shared.add(node);
        continue;
      }
      reached.add(node);
    }
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (
        SKIPPED_KEYS.has(key) ||
        key.startsWith('x-') ||
        key === 'enum' ||
        key === 'default' ||
        key === 'required' ||
        key === 'const'
      )
        continue;
      if (key === 'properties' && isRecord(value)) stack.push(...Object.values(value));
      else stack.push(value);
    }
  }
  return shared;
}

const SKIPPED_KEYS = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator']);

/**
 * Rewrites a resolved OpenAPI 3.0 schema as the JSON Schema ajv validates with:
 * a readOnly property is not required in a request and a writeOnly one not in a
 * response (OAS 3.0.3 §4.7.24), and a writeOnly property must not appear in a response.
 * A sub-schema reached more than once is written once, as a definition, and referenced (sharedNodes).
 */
function toJsonSchema(written: unknown, ctx: Context): unknown {
  if (Array.isArray(written)) return written.map((s) => toJsonSchema(s, ctx));
  if (!isRecord(written)) return written;
  const known = ctx.registered.get(written);
  if (known !== undefined) {
    ctx.referred(known);
    return { $ref: known };
  }
  const seen = ctx.memo.get(written);
  if (seen) return seen;
  if (!ctx.shared.has(written)) return convert(written, ctx);
  // Keyed before it is converted, so a recursive schema refers to itself.
  const converted: Record<string, unknown> = {};
  const key = ctx.register(converted, written);
  ctx.within(key, () => Object.assign(converted, convert(written, ctx)));
  return { $ref: key };
}

function convert(written: Record<string, unknown>, ctx: Context): Record<string, unknown> {
  const { direction } = ctx;
  const out: Record<string, unknown> = {};
  const opened = openClosedAllOf(written);
  if (opened) ctx.skip(opened.notice);
  const overlapping = openOverlappingOneOf(opened?.schema ?? written);
  if (overlapping) ctx.skip(overlapping.notice);
  const base = overlapping?.schema ?? opened?.schema ?? written;
  const schema = discriminatedView(base) ?? base;
  for (const [key, value] of Object.entries(schema)) {
    if (SKIPPED_KEYS.has(key) || key.startsWith('x-')) continue;
    // Every $ref is already replaced by its target, so identifiers only collide between the schemas
    // one ajv compiles (the same `$id` twice is refused), and an `$id` would move the base the shared
    // definitions are referenced from (a 3.0 schema object has no `$id` keyword at all, OAS 3.0.3
    // §4.7.24); `nullable` is not a 3.1 keyword.
    if (
      key === '$id' ||
      key === '$schema' ||
      (ctx.dialect === 'json-schema-2020-12' && (key === '$anchor' || key === '$dynamicAnchor' || key === 'nullable'))
    )
      continue;
    if (key === 'properties' && isRecord(value)) {
      const props: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value)) props[name] = toJsonSchema(sub, ctx);
      out[key] = props;
    } else if (key === 'enum' || key === 'default' || key === 'required' || key === 'const') {
      out[key] = value;
    } else if (key === 'format' && typeof value === 'string') {
      if (ctx.known(value)) out[key] = value;
      else ctx.unknownFormat(value);
    } else if (key === 'pattern' && typeof value === 'string') {
      // OAS 3.0.3 says ECMA-262; a pattern written in another dialect is made exact or not enforced.
      const portable = portablePattern(value);
      if (portable.ok) out[key] = portable.source;
      else ctx.skip(`pattern ${JSON.stringify(value)} is not enforced: ${portable.reason}`);
    } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
      // OAS 3.0.3 §4.7.24 (JSON Schema Wright-00 §5.3): a boolean beside minimum / maximum; ajv
      // reads the draft-07 form, where the bound itself is the exclusive one (§6.2.3, §6.2.5).
      const bound = schema[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
      if (value && typeof bound === 'number') out[key] = bound;
    } else if (
      (key === 'minimum' || key === 'maximum') &&
      schema[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true
    ) {
      // Written above as the exclusive bound.
    } else {
      out[key] = toJsonSchema(value, ctx);
    }
  }
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  const hidden = Object.entries(properties)
    .filter(([, sub]) => isRecord(sub) && sub[direction === 'request' ? 'readOnly' : 'writeOnly'] === true)
    .map(([name]) => name);
  if (hidden.length > 0 && Array.isArray(schema['required'])) {
    out['required'] = schema['required'].filter((name) => !hidden.includes(String(name)));
  }
  if (direction === 'response' && hidden.length > 0) {
    const forbid = { not: { anyOf: hidden.map((name) => ({ required: [name] })) } };
    if (out['not'] === undefined) Object.assign(out, forbid);
    else out['allOf'] = [...(Array.isArray(out['allOf']) ? out['allOf'] : []), forbid];
  }
  // OpenAPI 3.0 `nullable` only means something next to `type`; ajv honours it there (and refuses
  // it, `true` or `false`, anywhere else). Without `type`, the kernel's one reading (nullable.ts),
  // the same the mock's validator gets.
  const nullable = ctx.dialect === 'openapi-3.0' ? readNullable(schema) : undefined;
  if (nullable) applyNullable(out, nullable, { enum: [null] });
  // A nullable enum takes null too (the OAS 3.0.3 clarification of `nullable`).
  if (
    ctx.dialect === 'openapi-3.0' &&
    schema['nullable'] === true &&
    Array.isArray(out['enum']) &&
    !out['enum'].includes(null)
  )
    out['enum'] = [...out['enum'], null];
  if (Array.isArray(out['enum'])) keepTheEnum(out, out['enum'], ctx);
  return out;
}

/**
 * An enum none of whose values meets the schema's own bounds (enum-bounds.ts, the one reading the
 * mock's validator shares): the enum is enforced and the contradicting bounds are not, with a
 * notice that names them.
 */
function keepTheEnum(out: Record<string, unknown>, values: readonly unknown[], ctx: Context): void {
  const bounds = boundsContradictingEnum(out, ctx.admits);
  if (bounds.length === 0) return;
  const named = bounds.map((k) => `${k} ${JSON.stringify(out[k])}`).join(', ');
  for (const k of bounds) delete out[k];
  const listed =
    values
      .slice(0, 5)
      .map((v) => JSON.stringify(v))
      .join(', ') + (values.length > 5 ? ', …' : '');
  ctx.skip(
    `an enum [${listed}] admits none of its own values under ${named}: the enum is enforced, those bounds are not`,
  );
}

/** A schema an `allOf` contradiction was resolved in, and the notice that names it. */
export interface OpenedAllOf {
  readonly schema: Record<string, unknown>;
  readonly notice: string;
}

/**
 * `allOf` halves that close `additionalProperties` over fewer properties than the others declare
 * admit no object with the properties of all (JSON Schema validation §6.5.6 applies each closure to
 * the whole value, and `additionalProperties` sees only its sibling `properties`, §10.3.2.3). Two
 * shapes are real: a list declared as `allOf: [{properties: {data}, additionalProperties: false},
 * {properties: {meta}, additionalProperties: false}]` admits only `{}`; and inheritance written
 * AutoRest's way, a closed schema beside an `allOf` of its closed base (Azure's
 * `{properties: {properties}, additionalProperties: false, allOf: [ResourceDefinition]}`, the base
 * closed over `id, name, type…`), or a base closed beside a derived schema's own properties. The
 * halves are the schema itself and its `allOf` parts, theirs included (a base's base).
 * A half whose `additionalProperties` is a schema (a typed map, AutoRest's `Factory`:
 * `additionalProperties: {type: object}` beside an `allOf` of `Resource`, whose `eTag`, `id`, `name`
 * are strings) restricts the others' members as a closure does: azure.com/datafactory's factories
 * broke their own schema, "eTag must be object".
 * What the authors meant is one object of all those properties, so it is checked as one: every
 * half open, the schema closed over the union of their properties, what lies beyond it held to
 * every half's `additionalProperties` (`false` where one says so). Undefined when the schema has no
 * such contradiction. The parts are copied, never changed (a part may be shared with places where
 * its closure is right). `resolve` follows a part's `$ref` where the document keeps them.
 */
export function openClosedAllOf(
  schema: Record<string, unknown>,
  resolve: (node: unknown) => unknown = (node) => node,
): OpenedAllOf | undefined {
  if (!Array.isArray(schema['allOf'])) return undefined;
  const names = (half: Record<string, unknown>): string[] =>
    Object.keys(isRecord(half['properties']) ? half['properties'] : {});
  // Every half, the schema's own first, each once (an allOf cycle is the document's, not a hang).
  const halves: Record<string, unknown>[] = [];
  const gather = (node: unknown): void => {
    const half = resolve(node);
    if (!isRecord(half) || halves.includes(half)) return;
    halves.push(half);
    if (Array.isArray(half['allOf'])) for (const part of half['allOf']) gather(part);
  };
  gather(schema);
  const union = new Set(halves.flatMap(names));
  // A half restricts what its own `properties` do not name: `false`, or a schema other than `{}`.
  const restricts = (h: Record<string, unknown>): boolean => {
    const beyond = h['additionalProperties'];
    return beyond === false || (isRecord(beyond) && Object.keys(beyond).length > 0);
  };
  const closed = halves.filter(restricts);
  if (!closed.some((h) => names(h).length < union.size)) return undefined;
  const maps = closed.map((h) => h['additionalProperties']);
  const beyond: unknown = maps.includes(false) ? false : maps.length === 1 ? maps[0] : { allOf: maps };
  // Each part copied open, its own parts too; `seen` keeps a cycle from copying forever.
  const open = (node: unknown, seen: Set<unknown>): unknown => {
    const half = resolve(node);
    if (!isRecord(half) || seen.has(half)) return node;
    const inner = new Set(seen).add(half);
    const { additionalProperties, allOf, ...rest } = half;
    const copy: Record<string, unknown> = { ...rest };
    if (additionalProperties !== undefined && !restricts(half)) copy['additionalProperties'] = additionalProperties;
    if (Array.isArray(allOf)) copy['allOf'] = allOf.map((part) => open(part, inner));
    return copy;
  };
  const seen = new Set<unknown>([schema]);
  const opened = (schema['allOf'] as unknown[]).map((part) => open(part, seen));
  const own = isRecord(schema['properties']) ? schema['properties'] : {};
  const properties = { ...Object.fromEntries([...union].map((name) => [name, {}])), ...own };
  const listed = closed.map((h) => `{${names(h).join(', ')}}`).join(' and ');
  return {
    schema: { ...schema, allOf: opened, properties, additionalProperties: beyond },
    notice:
      beyond === false
        ? `allOf halves ${listed} close additionalProperties over fewer properties than the others declare, so no object with the properties of all fits: checked as one object closed over ${[...union].join(', ')}`
        : `allOf halves ${listed} restrict additionalProperties beyond fewer properties than the others declare, so the others' members must fit that schema too: checked as one object of ${[...union].join(', ')}, additionalProperties beyond them`,
  };
}

/** Keywords an object alternative may carry and still be read as "these properties, open to more". */
const OPEN_OBJECT_KEYS = new Set([
  'type',
  'properties',
  'required',
  'title',
  'description',
  'nullable',
  'readOnly',
  'writeOnly',
  'deprecated',
  'example',
  'examples',
  'externalDocs',
  'xml',
]);

/**
 * Whether two schemas admit the same values, as far as their text shows: the same keywords once the
 * annotations are set aside (JSON Schema Validation §9: `title`, `description`, `default`, `examples`,
 * `deprecated` and OpenAPI's `example`, `externalDocs`, `xml`, `x-*` describe a value, never constrain
 * it). Vonage's error alternatives differ only in their examples (`"API key 'abc123' not found"`
 * against `"ID '…' could not be found"`).
 */
function sameSchema(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isRecord(a) && isRecord(b) && typeof a['$ref'] === 'string') return a['$ref'] === b['$ref'];
  try {
    return JSON.stringify(constraintsOf(a, [])) === JSON.stringify(constraintsOf(b, []));
  } catch {
    return false; // a cycle: not provably the same
  }
}

/** Keywords that annotate a schema without constraining its values (JSON Schema Validation §9, OAS 3.0.3 §4.7.24). */
const ANNOTATION_KEYS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'default',
  'example',
  'examples',
  'deprecated',
  'externalDocs',
  'xml',
  '$comment',
]);
/** Keywords whose value is a map of schemas, a list of schemas, or one schema (JSON Schema Core §10). */
const SCHEMA_MAP_KEYS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);
const SCHEMA_LIST_KEYS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SCHEMA_KEYS: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
]);

/** A schema's constraining keywords, its subschemas' likewise; throws on a cycle (not provably alike). */
function constraintsOf(node: unknown, path: readonly object[]): unknown {
  if (!isRecord(node)) return node;
  if (path.includes(node)) throw new Error('cycle');
  const inner = [...path, node];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATION_KEYS.has(key) || key.startsWith('x-')) continue;
    if (SCHEMA_MAP_KEYS.has(key) && isRecord(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, constraintsOf(sub, inner)]));
    else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value))
      out[key] = value.map((sub) => constraintsOf(sub, inner));
    else if (SCHEMA_KEYS.has(key)) out[key] = constraintsOf(value, inner);
    else out[key] = value;
  }
  return out;
}

/**
 * Whether object alternative `wide` admits every object `narrow` describes: `wide` is open (no
 * additionalProperties: false, nothing but properties and required), requires nothing `narrow`
 * does not, and declares every property both name with a schema admitting every value of
 * `narrow`'s (admitsEvery: the same schema, or arrays or open objects that do, read deeper).
 */
function admitsAllOf(
  wide: Record<string, unknown>,
  narrow: Record<string, unknown>,
  resolve: (node: unknown) => unknown = (node) => node,
  depth = 0,
): boolean {
  const open = (s: Record<string, unknown>): boolean =>
    Object.keys(s).every((k) => OPEN_OBJECT_KEYS.has(k) || k.startsWith('x-')) &&
    (s['type'] === undefined || s['type'] === 'object') &&
    isRecord(s['properties']);
  if (!open(wide) || !open(narrow)) return false;
  const wideProps = wide['properties'] as Record<string, unknown>;
  const narrowProps = narrow['properties'] as Record<string, unknown>;
  const required = (s: Record<string, unknown>): unknown[] =>
    Array.isArray(s['required']) ? (s['required'] as unknown[]) : [];
  if (!required(wide).every((name) => required(narrow).includes(name))) return false;
  return Object.keys(wideProps).every(
    (name) => !(name in narrowProps) || admitsEvery(wideProps[name], narrowProps[name], resolve, depth),
  );
}

/**
 * Whether `wide` admits every value `narrow` describes, as far as the text shows: the same schema,
 * arrays (nothing but `items` constraining them) whose items do, or open objects (admitsAllOf), read
 * no deeper than 8 levels. Vonage's `SMS` and `Error` answers (`messages: [Message]` against
 * `messages: [ErrorMessage]`, open objects sharing only `status`) describe the same objects.
 */
function admitsEvery(wide: unknown, narrow: unknown, resolve: (node: unknown) => unknown, depth: number): boolean {
  if (sameSchema(wide, narrow)) return true;
  const w = resolve(wide);
  const n = resolve(narrow);
  if (depth >= 8 || !isRecord(w) || !isRecord(n)) return false;
  if (sameSchema(w, n) || sameSchema(withoutReadOnly(w), withoutReadOnly(n))) return true;
  const list = (s: Record<string, unknown>): boolean =>
    s['type'] === 'array' &&
    Object.keys(s).every((k) => k === 'type' || k === 'items' || ANNOTATION_KEYS.has(k) || k.startsWith('x-'));
  if (list(w) && list(n)) return admitsEvery(w['items'], n['items'], resolve, depth + 1);
  // An extension of `wide` (`allOf: [wide, {…}]`: InfluxDB's `CellWithViewProperties` of `Cell`,
  // the items of `Dashboard.cells` beside `DashboardWithViewProperties.cells`) admits only values
  // `wide` admits (JSON Schema Validation §10.2.1.1, allOf is a conjunction); objects composed
  // by allOf are read as the one open object they amount to, as alternatives are.
  if (extendedBy(n, wide, resolve) !== undefined) return true;
  const wideView = openObjectView(w, resolve);
  const narrowView = openObjectView(n, resolve);
  return wideView !== undefined && narrowView !== undefined && admitsAllOf(wideView, narrowView, resolve, depth + 1);
}

/**
 * A schema without its `readOnly`: it refuses no value the kernel reads, in an answer (OAS 3.0.3
 * §4.7.24, "SHOULD NOT be sent as part of the request") nor in a request, where it only leaves the
 * `required` list (toJsonSchema). Sinao's `PersonIdentity.id` (readOnly) beside `OrganizationIdentity.id`.
 */
function withoutReadOnly(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema['readOnly'] !== true) return schema;
  const { readOnly: _r, ...rest } = schema;
  return rest;
}

/**
 * A `oneOf` without a discriminator whose alternatives overlap wholly: one admits every object
 * another describes (Lob's `identity_validation`, two open objects that differ by one optional
 * property), so no value of the narrower one fits exactly one (JSON Schema validation §6.7.3) and
 * the document's own answers break it. What the authors meant is "one of these shapes", so it is
 * checked as anyOf. Undefined when the schema has no such contradiction; the schema is copied.
 * `resolve` follows an alternative's `$ref` where the document keeps them.
 */
export function openOverlappingOneOf(
  schema: Record<string, unknown>,
  resolve: (node: unknown) => unknown = (node) => node,
): OpenedAllOf | undefined {
  const alternatives = schema['oneOf'];
  if (!Array.isArray(alternatives) || isRecord(schema['discriminator'])) return undefined;
  const { oneOf: _one, ...rest } = schema;
  for (let i = 0; i < alternatives.length; i++) {
    for (let j = 0; j < alternatives.length; j++) {
      const wide = resolve(alternatives[i]);
      const narrow = resolve(alternatives[j]);
      if (i === j || !isRecord(wide) || !isRecord(narrow)) continue;
      const extended = extendedBy(narrow, alternatives[i], resolve);
      if (extended !== undefined)
        return {
          schema: { ...rest, anyOf: alternatives },
          notice: `oneOf alternative ${extended} extends another alternative, so none of its values fits exactly one: checked as anyOf`,
        };
      const wideView = openObjectView(alternatives[i], resolve);
      const narrowView = openObjectView(alternatives[j], resolve);
      if (!wideView || !narrowView || !admitsAllOf(wideView, narrowView, resolve)) continue;
      const names = (s: Record<string, unknown>): string =>
        `{${Object.keys(s['properties'] as Record<string, unknown>).join(', ')}}`;
      return {
        schema: { ...rest, anyOf: alternatives },
        notice: `oneOf alternative ${names(wideView)} admits every object alternative ${names(narrowView)} describes, so none of those fits exactly one: checked as anyOf`,
      };
    }
  }
  return sharedEmptyList(alternatives, rest, resolve);
}

/**
 * A `oneOf` (no discriminator) two of whose alternatives are arrays that may be empty (Ably's
 * `GET /channels`: `[ChannelDetails]` by value or `[string]` by id): every other list fits exactly
 * one, but the empty list (nothing to list, `limit=0`) fits both, so the document's own answer with
 * nothing in it broke "exactly one" (JSON Schema validation §6.7.3). The empty list is read as the
 * first such alternative's: each later one is checked with `minItems: 1` beside it. Undefined where
 * fewer than two alternatives admit the empty list.
 */
function sharedEmptyList(
  alternatives: readonly unknown[],
  rest: Record<string, unknown>,
  resolve: (node: unknown) => unknown,
): OpenedAllOf | undefined {
  const empties = alternatives.map((alternative) => admitsEmptyList(resolve(alternative)));
  const first = empties.indexOf(true);
  if (first < 0 || empties.lastIndexOf(true) === first) return undefined;
  return {
    schema: {
      ...rest,
      oneOf: alternatives.map((alternative, i) =>
        empties[i] && i !== first ? { allOf: [alternative, { minItems: 1 }] } : alternative,
      ),
    },
    notice: `oneOf alternatives ${empties.flatMap((e, i) => (e ? [i] : [])).join(', ')} are arrays that may be empty, so the empty list fits more than one: read as alternative ${first}'s`,
  };
}

/** Whether a schema is a plain array schema the empty list meets (no `minItems`, `contains`, `enum` or composition). */
function admitsEmptyList(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  const type = schema['type'];
  const array = type === 'array' || (Array.isArray(type) && type.includes('array'));
  const blocking = ['minItems', 'contains', 'enum', 'const', 'not', 'allOf', 'anyOf', 'oneOf', 'if', '$ref'];
  return array && !blocking.some((key) => key in schema && !(key === 'minItems' && schema['minItems'] === 0));
}

/**
 * An open object (admitsAllOf's reading) as written, or the one an `allOf` of open objects amounts
 * to (Sinao's `ContactPerson: allOf: [PersonIdentity]`; inheritance written `allOf: [Base, {properties}]`):
 * the members' properties and `required` together (JSON Schema validation §10.2.1.1, a conjunction),
 * a name two members declare differently, a `nullable` beside the allOf, or any other keyword there
 * leaving it unread (undefined). Read no deeper than 6 levels of allOf.
 */
function openObjectView(
  node: unknown,
  resolve: (node: unknown) => unknown,
  depth = 0,
): Record<string, unknown> | undefined {
  const schema = resolve(node);
  if (!isRecord(schema)) return undefined;
  const members = schema['allOf'];
  if (!Array.isArray(members)) return schema;
  const { allOf: _all, ...own } = schema;
  if (
    depth >= 6 ||
    own['nullable'] === true ||
    !Object.keys(own).every((k) => OPEN_OBJECT_KEYS.has(k) || k.startsWith('x-')) ||
    (own['type'] !== undefined && own['type'] !== 'object')
  )
    return undefined;
  const properties: Record<string, unknown> = {};
  const required = new Set<unknown>();
  const views = members.map((member) => openObjectView(member, resolve, depth + 1));
  if (isRecord(own['properties'])) views.push(own);
  for (const view of views) {
    if (
      !view ||
      !Object.keys(view).every((k) => OPEN_OBJECT_KEYS.has(k) || k.startsWith('x-')) ||
      (view['type'] !== undefined && view['type'] !== 'object') ||
      view['nullable'] === true
    )
      return undefined;
    for (const [name, sub] of Object.entries(isRecord(view['properties']) ? view['properties'] : {})) {
      // Members compared as they read, past their `$ref`s: the validator's copy keeps references, and
      // Vonage's `product` and `product_sms` are two components alike but for their examples.
      if (
        name in properties &&
        !sameSchema(properties[name], sub) &&
        !sameSchema(resolve(properties[name]), resolve(sub))
      )
        return undefined;
      properties[name] = sub;
    }
    for (const name of Array.isArray(view['required']) ? view['required'] : []) required.add(name);
  }
  return { type: 'object', properties, ...(required.size > 0 ? { required: [...required] } : {}) };
}

/**
 * How `narrow` names itself when it is an `allOf` one of whose members is the alternative `base`
 * (PeerTube's `UserWithStats: allOf: [User, {…}]` beside `User`; a `$ref` to the same component, or
 * the very object once references are resolved), else undefined. Every keyword of a schema
 * constrains its values together (JSON Schema validation §10.2.1.1: allOf is a conjunction), so
 * every value of `narrow` is one of `base`. A 3.0 `nullable: true` beside the allOf admits null
 * as well (OAS 3.0.3 §4.7.24), which the base may not: not read as an extension.
 */
function extendedBy(
  narrow: Record<string, unknown>,
  base: unknown,
  resolve: (node: unknown) => unknown,
): string | undefined {
  const members = narrow['allOf'];
  if (!Array.isArray(members) || narrow['nullable'] === true) return undefined;
  const target = resolve(base);
  if (!members.some((member) => sameSchema(member, base) || resolve(member) === target)) return undefined;
  const ref = isRecord(base) && typeof base['$ref'] === 'string' ? base['$ref'] : undefined;
  return ref === undefined ? 'allOf [the base, …]' : `allOf [${ref}, …]`;
}

/**
 * A schema with a discriminator as JSON Schema reads it, the one reading both halves validate with
 * (the kernel's ajv and the mock's express-openapi-validator). OAS 3.0.3 §4.7.25: the discriminator
 * names which alternative of a `oneOf` / `anyOf` applies, so alternatives that overlap (Pinterest's
 * retail and hotel feeds both admit `catalog_type: RETAIL`) are no error: "exactly one" is read as
 * "at least one" (`anyOf`). The discriminator itself, no JSON Schema keyword, is dropped. Undefined
 * when the schema has none; the schema is copied.
 */
export function discriminatedView(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!('discriminator' in schema)) return undefined;
  const { discriminator: _d, oneOf, ...rest } = schema;
  if (!Array.isArray(oneOf)) return oneOf === undefined ? rest : { ...rest, oneOf };
  if (rest['anyOf'] === undefined) return { ...rest, anyOf: oneOf };
  // Both written: the oneOf's "at least one" joins the anyOf rather than replacing it.
  return { ...rest, allOf: [...(Array.isArray(rest['allOf']) ? rest['allOf'] : []), { anyOf: oneOf }] };
}

/** Every contradiction `openClosedAllOf` resolves in a document, one notice each (walked once, cycles included). */
export function schemaContradictions(document: unknown): string[] {
  const out = new Set<string>();
  walkRecords(
    document,
    (node) => {
      for (const opened of [openClosedAllOf(node), openOverlappingOneOf(node)]) if (opened) out.add(opened.notice);
    },
    VALUE_KEYS,
  );
  return [...out];
}

/** Keywords whose values are data, not schemas: nothing under them is a contradiction of the document. */
const VALUE_KEYS: ReadonlySet<string> = new Set(['example', 'examples', 'enum', 'default']);

/** An absolute URL with a web scheme (`http`, `https`, `ftp`), as the WHATWG URL Standard parses it, written without spaces. */
export function isWebUrl(text: string): boolean {
  if (/\s/.test(text) || !/^(?:https?|ftp):\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}
