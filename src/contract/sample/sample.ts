import type { OpenAPIV3 } from 'openapi-types';
import RandExp from 'randexp';
import { isRecord } from '../guards.js';
import { patternRegExp } from '../patterns.js';
import type { Direction } from '../schema.js';
import { lowered, closedTuple, tuplePositions } from '../schema-2020.js';
import { asSchema, mergeAllOf, mergeTwo } from '../schema-views.js';
import type { Dice } from './dice.js';
import { formatValue, spellings } from './formats.js';
import { LONGEST_STRING, MOST_MEMBERS } from './limits.js';
import { englishWord, namedString, nameWords } from './names.js';
import { componentNameOf } from './schema-names.js';

type Schema = OpenAPIV3.SchemaObject;

/** Which valid value to make: the lower boundary, the upper boundary, or anything in between. */
export type Mode = 'min' | 'max' | 'random';

/** The mode of the i-th generated case: the boundaries first, then random values. */
export function modeFor(index: number): Mode {
  return index === 0 ? 'min' : index === 1 ? 'max' : 'random';
}

export interface SampleOptions {
  readonly dice: Dice;
  /** Boundary values (`min`, `max`: smallest / largest counts, lengths, numbers) or any value. Default `random`. */
  readonly mode?: Mode;
  /** Whose value it is: a request leaves readOnly properties out, a response writeOnly ones (OAS 3.0.3 §4.7.24). Default `response`. */
  readonly direction?: Direction;
  /** The field's name, for a value that fits it (`phone`, `email`, `city`). */
  readonly name?: string;
  /** Every optional property (the mock's data, up to a depth) instead of a choice by mode (the runner's cases). */
  readonly everyProperty?: boolean;
  /**
   * The validator's verdict on a value, so the sampler can choose among alternatives (a oneOf
   * value must fit exactly one, JSON Schema Validation §10.2.1.3) and check what it returns.
   */
  readonly fits?: (schema: Schema, value: unknown) => boolean;
  /** The component name of each schema object (for discriminator values, OAS 3.0.3 §4.7.25). */
  readonly schemaNames?: ReadonlyMap<object, string>;
  /**
   * Members that admit null are null now and then (half of them, in a `random` case only, never in the
   * random retries of a boundary case): the
   * runner's bodies, so a server is held to the nulls its contract takes (a Pydantic `Optional`, a
   * `nullable` column) as clients send them. The top-level value is never null.
   */
  readonly nulls?: boolean;
}

/** The share of null-admitting members that are null under `nulls`. */
const NULL_SHARE = 0.5;

/** Whether a (lowered) schema admits null: `nullable` (OAS 3.0.3 §4.7.24) unless an enum leaves null out, or a null alternative (3.1's `Optional`). */
function admitsNull(schema: Schema): boolean {
  if (schema.nullable === true) return schema.enum === undefined || schema.enum.includes(null);
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some((alt) => {
    const view = asSchema(alt);
    return view !== undefined && lowered(view).enum?.length === 1 && lowered(view).enum?.[0] === null;
  });
}

/**
 * The sampler's answer: a value, or the reason no value could be made (a schema that admits none,
 * or one the sampler cannot satisfy) with the closest value it made, for a caller that must answer
 * something (the mock) to send as near to the contract as it can. It never throws.
 */
export type Sampled =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: string; readonly closest: unknown };

const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;
/** Below this depth every optional property is filled (everyProperty); beyond it only required ones: values stay finite. */
const FULL_DEPTH = 4;
/** Tries of a oneOf alternative with every optional member of its object filled, after the plain ones. */
const FILLED_TRIES = 3;
const MAX_DEPTH = 12;
/** Where even what a schema requires stops (under the 32 levels of nesting a mock reads: README's limits). */
const DEEPEST = 30;

/**
 * Merged views by schema object: a pure cache (a view is a function of the objects alone). The
 * same object each time lets the validator's compiled functions (cached by identity) be reused.
 */
/** The alternative `true` (any value). */
const ANY: Schema = {};
const mergedViews = new WeakMap<object, Schema>();
const alternativeViews = new WeakMap<object, WeakMap<object, Schema>>();

function merged(schema: Schema): Schema {
  let view = mergedViews.get(schema);
  if (!view) mergedViews.set(schema, (view = mergeAllOf(schema)));
  return view;
}

/** An alternative of a oneOf / anyOf together with the schema's own keywords (what a value must also fit). */
function withAlternative(schema: Schema, alt: Schema): Schema {
  let views = alternativeViews.get(schema);
  if (!views) alternativeViews.set(schema, (views = new WeakMap()));
  let view = views.get(alt);
  if (!view) {
    const base: Schema = { ...schema };
    delete base.oneOf;
    delete base.anyOf;
    delete base.discriminator;
    views.set(alt, (view = mergeTwo(base, merged(alt))));
  }
  return view;
}

/**
 * One value of a resolved schema (3.0, or 3.1 / 3.2 read through `lowered`), deterministic for
 * the dice's seed. The same sampler makes the mock's data and the runner's valid cases (issue 18).
 */
export function sample(
  schema: Schema | OpenAPIV3.ReferenceObject | boolean | undefined,
  options: SampleOptions,
): Sampled {
  // Nulls belong to the random cases asked for, not to the random retries of a boundary case
  // (whose values would then change with every null-admitting member of the schema).
  const sampler = new Sampler(
    options.nulls === true && (options.mode ?? 'random') !== 'random' ? { ...options, nulls: false } : options,
  );
  const written = typeof schema === 'object' && schema !== null && !('$ref' in schema) ? schema : undefined;
  let value: unknown = null;
  // Made again (random draws differ: a pattern, a oneOf, unique items) when a part could not be
  // made or the validator refuses the value; the first try keeps the asked mode.
  for (let attempt = 0; attempt < 5; attempt++) {
    sampler.problems.length = 0;
    value = sampler.value(schema, options.name ?? '', 0, attempt === 0 ? (options.mode ?? 'random') : 'random');
    if (sampler.problems.length === 0 && (!written || !options.fits || options.fits(written, value)))
      return { ok: true, value };
  }
  return { ok: false, reason: sampler.problems[0] ?? 'no generated value fits the schema', closest: value };
}

/** The sampled value, else the closest one made (the mock's answers: as near to the contract as it can). */
export function sampleValue(
  schema: Schema | OpenAPIV3.ReferenceObject | boolean | undefined,
  options: SampleOptions,
): unknown {
  const result = sample(schema, options);
  return result.ok ? result.value : result.closest;
}

class Sampler {
  readonly problems: string[] = [];
  private readonly dice: Dice;
  /** The depth whose objects get every optional property (a oneOf alternative made again to tell it apart). */
  private fillDepth: number | undefined;

  constructor(private readonly options: SampleOptions) {
    this.dice = options.dice;
  }

  private problem(reason: string): void {
    this.problems.push(reason);
  }

  /**
   * `owner`: what the value is (its component's name, else its field's); `parent`: the record a
   * field belongs to, so a bare `name` is a pet's, a person's or a tag's.
   */
  value(written: unknown, name: string, depth: number, mode: Mode, owner?: string, parent?: string): unknown {
    // JSON Schema 2020-12 §4.3.2: `true` admits anything, `false` nothing. An unresolved reference has no shape.
    if (written === false) {
      this.problem('the schema `false` admits no value');
      return null;
    }
    if (!isRecord(written) || '$ref' in written) return null;
    const record = componentNameOf(written) ?? owner;
    const schema = lowered(written as Schema);
    // allOf (JSON Schema Validation §10.2.1.1): one merged schema (schema-views.ts mergeAllOf).
    if (schema.allOf && schema.allOf.length > 0) return this.value(merged(schema), name, depth, mode, record);
    // Past MAX_DEPTH (a recursive schema), an object or array stops where an empty one is valid; a
    // scalar, which recurses no further, is drawn as anywhere else. An `''` or `null` there broke
    // its enum, pattern or type: hsbc.com's Open Banking products nest enums and required members
    // deeper than that, and every answer was 500 "must be equal to one of the allowed values".
    if (depth > MAX_DEPTH) {
      const type = typeOf(schema);
      const emptyFits =
        type === 'object'
          ? (schema.required?.length ?? 0) === 0 && (schema.minProperties ?? 0) === 0
          : type === 'array'
            ? (schema.minItems ?? 0) === 0
            : false;
      if (depth > DEEPEST || emptyFits)
        return type === 'object' ? {} : type === 'array' ? [] : type === 'string' ? '' : null;
    }
    // A response value with a default is the default (OAS 3.1 §4.8.24 Schema Object: the value
    // assumed when none is given; Pydantic's `token_type: str = "bearer"`), where it fits the schema.
    if (
      this.options.direction !== 'request' &&
      mode === 'random' &&
      schema.default !== undefined &&
      (this.options.fits?.(schema, schema.default) ?? true)
    )
      return structuredClone(schema.default);
    if (
      this.options.nulls === true &&
      mode === 'random' &&
      depth > 0 &&
      admitsNull(schema) &&
      this.dice.next() < NULL_SHARE
    )
      return null;
    if ((schema.oneOf?.length ?? 0) > 0 || (schema.anyOf?.length ?? 0) > 0)
      return this.alternative(schema, name, depth, mode, record);
    if (schema.enum !== undefined) return this.enumValue(schema, mode);
    if (
      this.options.direction === 'request' &&
      mode === 'random' &&
      schema.default !== undefined &&
      this.dice.next() < 0.2
    )
      return structuredClone(schema.default);
    switch (typeOf(schema)) {
      case 'object':
        return this.object(schema, name, depth, mode, record);
      case 'array':
        return this.array(schema, name, depth, mode);
      case 'integer':
        return this.integer(schema, name, mode);
      case 'number':
        // `format: int32` / `int64` on a number (OAS 3.0.3 §4.7.4's formats) admits only integers
        // (ajv-formats' int32 and int64 are integer checks whatever the type): a number with a fraction breaks it.
        return schema.format === 'int32' || schema.format === 'int64'
          ? this.integer(schema, name, mode)
          : this.number(schema, name, mode);
      case 'boolean':
        return mode === 'min' ? false : mode === 'max' ? true : this.dice.next() < 0.5;
      case 'string':
        return this.string(schema, name, mode, parent);
      default:
        // No type: any value fits (JSON Schema Validation §6.1.1 absent); the example, else a string.
        return schema.example !== undefined
          ? structuredClone(schema.example)
          : this.string({ type: 'string' }, name, mode);
    }
  }

  /**
   * oneOf / anyOf (JSON Schema Validation §10.2.1.2–3): each alternative merged with the schema's
   * own keywords, tried in turn from the first (the one the kernel's `effective` view reads) until
   * the validator takes the value (for oneOf: exactly one alternative). With a discriminator the value carries the name
   * of the alternative it was made from (OAS 3.0.3 §4.7.25).
   */
  private alternative(schema: Schema, name: string, depth: number, mode: Mode, owner: string | undefined): unknown {
    const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
    const mark = this.problems.length;
    let first: unknown;
    let firstProblems: string[] = [];
    for (let i = 0; i < alternatives.length; i++) {
      const written: unknown = alternatives[i];
      if (written === false) continue;
      const alt = asSchema(written);
      if (!alt && written !== true) continue;
      const view = withAlternative(schema, alt ?? ANY);
      // A oneOf's alternatives may be told apart only by optional members (sinao.app's Invoice and
      // Quote, open objects differing by a `status` enum), which a value made below FULL_DEPTH never
      // carries: it then fits every alternative, never exactly one (JSON Schema Validation
      // §10.2.1.3). The last tries fill every optional member of the alternative's own object.
      const tries = !this.options.fits ? 1 : schema.oneOf ? 2 + FILLED_TRIES : 2;
      for (let attempt = 0; attempt < tries; attempt++) {
        const saved = this.fillDepth;
        if (attempt >= 2) this.fillDepth = depth + 1;
        const value = this.value(
          view,
          name,
          depth + 1,
          attempt === 0 ? mode : 'random',
          (isRecord(written) ? componentNameOf(written) : undefined) ?? owner,
        );
        this.fillDepth = saved;
        if (alt && schema.discriminator && isRecord(value)) {
          const tag = this.tagOf(schema.discriminator, written as object, alt);
          if (tag !== undefined) value[schema.discriminator.propertyName] = tag;
        }
        const problems = this.problems.splice(mark);
        if (first === undefined) [first, firstProblems] = [value, problems];
        if (problems.length === 0 && (!this.options.fits || this.options.fits(schema, value))) return value;
      }
    }
    this.problems.push(...firstProblems);
    if (firstProblems.length === 0 && this.options.fits) {
      this.problem(
        schema.oneOf
          ? 'no generated value fits exactly one alternative of the oneOf (the alternatives overlap)'
          : 'no generated value fits an alternative of the anyOf',
      );
    }
    return first ?? null;
  }

  /**
   * The discriminator value naming an alternative: its mapping key, else its component name (OAS
   * 3.0.3 §4.7.25), as long as the alternative's own property admits it; else that property's one
   * `enum` value (Spotify's `TrackObject.type: enum [track]`, no mapping: the name `TrackObject`
   * fits no alternative, and every track was left out of the answers). Undefined: the value made
   * for the property stands.
   */
  private tagOf(discriminator: OpenAPIV3.DiscriminatorObject, written: object, alt: Schema): string | undefined {
    const own = asSchema(merged(alt).properties?.[discriminator.propertyName]);
    const admitted = (tag: string): boolean => own?.enum === undefined || own.enum.includes(tag);
    // The written object (a 3.1 schema's lowered view is a copy): the component it is, by identity.
    const componentName = this.options.schemaNames?.get(written) ?? componentNameOf(written);
    if (componentName !== undefined) {
      const mapped = Object.entries(discriminator.mapping ?? {})
        .filter(([, ref]) => ref === componentName || ref.endsWith(`/${componentName}`))
        .map(([key]) => key);
      const named = (mapped.length > 0 ? mapped : [componentName]).find(admitted);
      if (named !== undefined) return named;
    }
    return own?.enum?.length === 1 && typeof own.enum[0] === 'string' ? own.enum[0] : undefined;
  }

  /** enum (JSON Schema Validation §6.1.2), values of the schema's type only; min / max: the first / last. */
  private enumValue(schema: Schema, mode: Mode): unknown {
    const all = schema.enum ?? [];
    if (all.length === 1 && all[0] === null) return null;
    const values = all.filter((v) => v !== null && (schema.type === undefined || typeFits(schema.type, v)));
    if (values.length === 0) {
      this.problem(
        all.length === 0 ? 'an empty enum admits no value' : `no value of the enum is of type ${String(schema.type)}`,
      );
      return all[0] ?? null;
    }
    const value =
      mode === 'min'
        ? values[0]
        : mode === 'max'
          ? values[values.length - 1]
          : values[this.dice.int(0, values.length - 1)];
    return structuredClone(value);
  }

  /** Whether an object is the filled alternative's own, or a member of it (a try of `alternative` filling every optional member). */
  private fillsMaps(depth: number): boolean {
    return this.fillDepth !== undefined && depth >= this.fillDepth && depth <= this.fillDepth + 1;
  }

  private object(
    schema: Schema,
    name: string,
    depth: number,
    mode: Mode,
    owner: string | undefined,
  ): Record<string, unknown> {
    const parent = owner ?? name;
    const hidden = this.options.direction === 'request' ? 'readOnly' : 'writeOnly';
    const out: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    const properties = Object.entries(schema.properties ?? {});
    const optional: Array<[string, unknown]> = [];
    for (const [key, sub] of properties) {
      const s = asSchema(sub);
      if (s?.[hidden] === true) continue;
      const include =
        required.has(key) ||
        depth === this.fillDepth ||
        (depth < FULL_DEPTH &&
          (this.options.everyProperty === true
            ? true
            : depth < 3 && (mode === 'max' || (mode === 'random' && this.dice.next() < 0.5))));
      if (!include) optional.push([key, sub]);
      else if (required.has(key)) out[key] = this.value(sub, key, depth + 1, mode, undefined, parent);
      else {
        // An optional property whose schema admits no value (Ticketmaster's `ratio: {type: string,
        // enum: [169, 32, 43]}`) is left out: an absent optional property is valid (JSON Schema
        // Validation §6.5.3), a value breaking its schema is not.
        const before = this.problems.length;
        const value = this.value(sub, key, depth + 1, mode, undefined, parent);
        if (this.problems.length === before) out[key] = value;
        else this.problems.length = before;
      }
    }
    // A name `required` lists without declaring it is still required (JSON Schema Validation
    // §6.5.3): a value of additionalProperties, else a string (an absent schema admits anything).
    const extra = schema.additionalProperties;
    for (const key of required) {
      if (key in out || schema.properties?.[key] !== undefined) continue;
      if (extra === false) {
        this.problem(
          `required property ${key} is not allowed: additionalProperties is false and properties does not declare it`,
        );
        continue;
      }
      out[key] = isRecord(extra) ? this.value(extra, key, depth + 1, mode) : this.string({ type: 'string' }, key, mode);
    }
    // oneOf alternatives told apart only by what their maps hold (a map of strings beside a map of
    // base64 bytes): an empty map fits both, never exactly one (JSON Schema Validation §10.2.1.3,
    // additionalProperties §10.3.2.3). A filled try gives the maps of the alternative's object one entry.
    if (this.fillsMaps(depth) && properties.length === 0 && isRecord(extra) && Object.keys(out).length === 0) {
      const key = `${nameWords(name).join('_') || 'key'}_1`;
      out[key] = this.value(extra, key, depth + 1, mode);
    }
    // minProperties / maxProperties (§6.5.1–2): optional properties first, then additional ones.
    const min = schema.minProperties ?? 0;
    if (min > MOST_MEMBERS) {
      this.problem(`minProperties ${min} is not built: over the ${MOST_MEMBERS} members the sampler builds`);
      return out;
    }
    while (Object.keys(out).length < min && optional.length > 0) {
      const [key, sub] = optional.shift()!;
      out[key] = this.value(sub, key, depth + 1, mode, undefined, parent);
    }
    for (let i = 1; Object.keys(out).length < min && extra !== false && i < min + 10; i++) {
      const key = `${nameWords(name).join('_') || 'key'}_${i}`;
      if (!(key in out))
        out[key] = isRecord(extra) ? this.value(extra, key, depth + 1, mode) : englishWord(this.dice.faker);
    }
    if (Object.keys(out).length < min)
      this.problem(`minProperties ${min} cannot be reached: additionalProperties is false`);
    const max = schema.maxProperties;
    if (max !== undefined) {
      for (const key of Object.keys(out).reverse())
        if (Object.keys(out).length > max && !required.has(key)) delete out[key];
      if (Object.keys(out).length > max) this.problem(`required properties exceed maxProperties ${max}`);
    }
    return out;
  }

  private array(schema: Schema, name: string, depth: number, mode: Mode): unknown[] {
    const positions = tuplePositions(schema);
    const rest: unknown = Reflect.get(schema, 'items');
    if (positions) {
      // A 2020-12 tuple (§10.3.1.1): each position its own schema; nothing beyond a closed one.
      const head = positions
        .slice(0, schema.maxItems ?? positions.length)
        .map((p) => this.value(p, name, depth + 1, mode === 'max' ? 'max' : 'random'));
      const more = closedTuple(schema) ? undefined : rest;
      while (more !== undefined && head.length < Math.min(schema.minItems ?? 0, MOST_MEMBERS))
        head.push(this.value(more, name, depth + 1, 'random'));
      if ((schema.minItems ?? 0) > MOST_MEMBERS)
        this.problem(`minItems ${schema.minItems} is not built: over the ${MOST_MEMBERS} members the sampler builds`);
      else if (head.length < (schema.minItems ?? 0))
        this.problem(`minItems ${schema.minItems} exceeds a closed tuple of ${positions.length}`);
      return head;
    }
    const lo = schema.minItems ?? 0;
    if (lo > MOST_MEMBERS) {
      this.problem(`minItems ${lo} is not built: over the ${MOST_MEMBERS} members the sampler builds`);
      return [];
    }
    if (schema.maxItems !== undefined && schema.maxItems < lo) {
      this.problem(`minItems ${lo} exceeds maxItems ${schema.maxItems}`);
      return [];
    }
    if (rest === false && lo > 0) {
      this.problem(`minItems ${lo} with items false admits no value`);
      return [];
    }
    const hi = Math.min(schema.maxItems ?? lo + 3, lo + 3);
    const floor = this.options.everyProperty === true && depth < FULL_DEPTH ? Math.min(Math.max(lo, 1), hi) : lo;
    const count = depth > 3 ? lo : mode === 'min' ? lo : mode === 'max' ? hi : this.dice.int(floor, hi);
    const itemMode: Mode = mode === 'max' ? 'max' : 'random';
    const items = rest === undefined || rest === true ? {} : rest;
    if (schema.uniqueItems !== true) {
      const before = this.problems.length;
      const out = Array.from({ length: count }, () => this.value(items, name, depth + 1, itemMode));
      // Items whose schema admits no value (britbox: `required: [start]` beside `additionalProperties:
      // false` and no `start` declared) are left out where none is required: the empty array is
      // valid (JSON Schema Validation §6.4.2, `minItems` 0), an item breaking its schema is not.
      if (this.problems.length === before || lo > 0) return out;
      this.problems.length = before;
      return [];
    }
    // uniqueItems (JSON Schema Validation §6.4.3): an enum's values shuffled, else draws that
    // repeat one already taken are drawn again, so the array still reaches minItems.
    const itemSchema = asSchema(items);
    const choices = itemSchema ? merged(itemSchema).enum?.filter((v) => v !== null) : undefined;
    if (choices) {
      const pool = [...choices];
      const out: unknown[] = [];
      while (out.length < count && pool.length > 0)
        out.push(structuredClone(pool.splice(this.dice.int(0, pool.length - 1), 1)[0]));
      if (out.length < lo) this.problem(`minItems ${lo} unique items from an enum of ${choices.length}`);
      return out;
    }
    const out: unknown[] = [];
    const seen = new Set<string>();
    for (let tries = 0; out.length < count && tries < count * 10 + 10; tries++) {
      const value = this.value(items, name, depth + 1, tries === 0 ? itemMode : 'random');
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(value);
    }
    if (out.length < lo) this.problem(`minItems ${lo} unique items could not be drawn`);
    return out;
  }

  /** integer: bounds (exclusive ones too, §6.2.2–5), multipleOf (§6.2.1), int32's range (OAS 3.0.3 §4.7.4). */
  private integer(schema: Schema, name: string, mode: Mode): number {
    const int32 = schema.format === 'int32';
    let lo =
      schema.minimum !== undefined
        ? schema.exclusiveMinimum === true
          ? Math.floor(schema.minimum) + 1
          : Math.ceil(schema.minimum)
        : undefined;
    let hi =
      schema.maximum !== undefined
        ? schema.exclusiveMaximum === true
          ? Math.ceil(schema.maximum) - 1
          : Math.floor(schema.maximum)
        : undefined;
    lo ??= hi !== undefined ? Math.min(0, hi) : isIdName(name) ? 1 : 0;
    hi ??= mode === 'max' ? (int32 ? INT32_MAX : 2 ** 32) : lo + 999;
    if (int32) [lo, hi] = [Math.max(lo, INT32_MIN), Math.min(hi, INT32_MAX)];
    lo = Math.max(lo, -Number.MAX_SAFE_INTEGER);
    hi = Math.min(hi, Number.MAX_SAFE_INTEGER);
    if (lo > hi) {
      this.problem(`no integer between ${schema.minimum} and ${schema.maximum}`);
      return lo;
    }
    const m = schema.multipleOf;
    if (m !== undefined && m > 0) {
      const k0 = Math.ceil(lo / m);
      const k1 = Math.floor(hi / m);
      if (k0 > k1 || !Number.isInteger(k0 * m)) {
        this.problem(`no integer multiple of ${m} between ${lo} and ${hi}`);
        return lo;
      }
      const k = mode === 'min' ? k0 : mode === 'max' ? k1 : this.dice.int(k0, Math.min(k1, k0 + 999));
      return k * m;
    }
    return mode === 'min' ? lo : mode === 'max' ? hi : this.dice.int(lo, Math.min(hi, lo + 999));
  }

  /** number: bounds (exclusive ones strictly inside), multipleOf, two decimals when free. */
  private number(schema: Schema, name: string, mode: Mode): number {
    const geo = nameWords(name).at(-1);
    const free =
      geo === 'latitude' || geo === 'lat'
        ? [-90, 90]
        : geo === 'longitude' || geo === 'lng' || geo === 'lon'
          ? [-180, 180]
          : undefined;
    const lo = schema.minimum ?? (schema.maximum !== undefined ? Math.min(0, schema.maximum - 1000) : (free?.[0] ?? 0));
    const hi = schema.maximum ?? free?.[1] ?? lo + 1000;
    const exLo = schema.minimum !== undefined && schema.exclusiveMinimum === true;
    const exHi = schema.maximum !== undefined && schema.exclusiveMaximum === true;
    if (lo > hi || (lo === hi && (exLo || exHi))) {
      this.problem(`no number between ${schema.minimum} and ${schema.maximum}`);
      return lo;
    }
    const inside = (v: number): boolean => (exLo ? v > lo : v >= lo) && (exHi ? v < hi : v <= hi);
    const m = schema.multipleOf;
    if (m !== undefined && m > 0) {
      const decimals = (String(m).split('.')[1] ?? '').length;
      const at = (k: number): number => Number((k * m).toFixed(decimals));
      let k0 = Math.ceil(lo / m);
      let k1 = Math.floor(hi / m);
      if (!inside(at(k0))) k0++;
      if (!inside(at(k1))) k1--;
      if (k0 > k1) {
        this.problem(`no multiple of ${m} between ${lo} and ${hi}`);
        return lo;
      }
      return at(mode === 'min' ? k0 : mode === 'max' ? k1 : this.dice.int(k0, Math.min(k1, k0 + 99_999)));
    }
    const middle = (lo + hi) / 2;
    if (mode === 'min') return exLo ? (inside(lo + 0.5) ? lo + 0.5 : middle) : lo;
    if (mode === 'max') return exHi ? (inside(hi - 0.5) ? hi - 0.5 : middle) : hi;
    const drawn = lo + this.dice.next() * (hi - lo);
    const rounded = Math.round(drawn * 100) / 100;
    return inside(rounded) ? rounded : inside(drawn) ? drawn : middle;
  }

  /**
   * string: a pattern's match (ECMA-262 after patterns.ts's translation; randexp), else the
   * format's shape, else a value that fits the field's name, fitted to minLength / maxLength
   * (exactly at the bound for the boundary modes).
   */
  private string(schema: Schema, name: string, mode: Mode, parent?: string): string {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength;
    // A length no string can reach (over LONGEST_STRING): a problem, so the caller skips with the reason.
    if (min > LONGEST_STRING) {
      this.problem(`minLength ${min} is not built: over the ${LONGEST_STRING} characters the sampler builds`);
      return '';
    }
    if (max !== undefined && min > max) {
      this.problem(`minLength ${min} exceeds maxLength ${max}`);
      return 'x'.repeat(min);
    }
    const fitsLength = (v: string): boolean => [...v].length >= min && (max === undefined || [...v].length <= max);
    if (schema.pattern !== undefined) {
      const regexp = patternRegExp(schema.pattern);
      if (typeof schema.example === 'string' && fitsLength(schema.example) && (!regexp || regexp.test(schema.example)))
        return schema.example;
      const matching = regexp ? this.fromPattern(regexp, min, max) : undefined;
      // A format and a pattern both assert (JSON Schema Validation §6.3.3, §7): a match the format
      // refuses (`0000-00-00` for `^(\d{4})-(\d{2})-(\d{2})$` and `date`, Pinterest's invoice dates)
      // gives way to a value of the format that the pattern matches. Only then are more draws made.
      if (
        matching !== undefined &&
        regexp &&
        schema.format !== undefined &&
        schema.format !== 'binary' &&
        this.options.fits &&
        !this.options.fits(schema, matching)
      ) {
        for (let i = 0; i < 5; i++) {
          const value = formatValue(schema.format, this.dice);
          if (value === undefined) break;
          // The same value in the letter case the pattern asks for: hexadecimal digits in a UUID
          // are case-insensitive (RFC 4122 §3), and loket.nl's `^[{(]?[0-9A-F]{8}…` takes upper case only.
          const spelled = [value, value.toUpperCase(), value.toLowerCase()].find(
            (v) => fitsLength(v) && regexp.test(v) && (this.options.fits?.(schema, v) ?? true),
          );
          if (spelled !== undefined) return spelled;
        }
        // No draw fits both: seldon's `format: byte` beside `pattern: '.* maxLength: 2097152'` (a space
        // and a colon, outside base64's alphabet, RFC 4648 §4) admits no value at all. A problem, so an
        // optional property is left out (object) and a required one is drawn again, not sent broken.
        this.problem(`no string of format ${schema.format} matching the pattern ${schema.pattern} could be made`);
        return matching;
      }
      if (matching !== undefined) return matching;
      this.problem(`no string matching the pattern ${schema.pattern} could be made`);
      return typeof schema.example === 'string' ? schema.example : '';
    }
    if (schema.format !== undefined && schema.format !== 'binary') {
      for (let i = 0; i < 5; i++) {
        const value = formatValue(schema.format, this.dice);
        if (value === undefined) break;
        const fitting = spellings(schema.format, value).find(fitsLength);
        if (fitting !== undefined) return fitting;
      }
    }
    // The largest value at a maxLength past LONGEST_STRING (2147483647, "no limit") cannot be built:
    // the value is made as for any mode (the bound is no boundary any request reaches).
    const bounded =
      mode === 'min' && schema.minLength !== undefined
        ? min
        : mode === 'max' && max !== undefined && max <= LONGEST_STRING
          ? max
          : undefined;
    // A format nobody checks (`phone`, `country-code`) still says what the value is, as a name does.
    // An identifier the contract shows an example of is made in that example's shape (digits for
    // digits, a `tmpl_` prefix kept), so ids look like the API's own and fit what reads them.
    if (
      bounded === undefined &&
      typeof schema.example === 'string' &&
      schema.example !== '' &&
      fitsLength(schema.example) &&
      isIdentifierName(name)
    ) {
      return this.shapedLike(schema.example);
    }
    const named =
      bounded === undefined
        ? (namedString(name, this.dice.faker, parent) ??
          (schema.format !== undefined ? namedString(schema.format, this.dice.faker) : undefined))
        : undefined;
    let text = named ?? englishWord(this.dice.faker);
    const target = bounded ?? (fitsLength(text) ? undefined : Math.max(min, Math.min(max ?? text.length, text.length)));
    if (target !== undefined) {
      while (text.length < target) text += englishWord(this.dice.faker);
      text = text.slice(0, target);
    }
    return text;
  }

  /** A string of the example's shape: each digit, lower- and upper-case letter drawn again; a leading `word_` / `word-` prefix and other characters kept. */
  private shapedLike(example: string): string {
    const prefix = /^[A-Za-z]+[_-]/.exec(example)?.[0] ?? '';
    const draw = (from: string): string => from[this.dice.int(0, from.length - 1)] ?? '';
    let out = prefix;
    for (const c of example.slice(prefix.length)) {
      out += /[0-9]/.test(c)
        ? draw('0123456789')
        : /[a-f]/.test(c) && /^[0-9a-f]+$/.test(example.slice(prefix.length))
          ? draw('0123456789abcdef')
          : /[a-z]/.test(c)
            ? draw('abcdefghijklmnopqrstuvwxyz')
            : /[A-Z]/.test(c)
              ? draw('ABCDEFGHIJKLMNOPQRSTUVWXYZ')
              : c;
    }
    // A number's first digit stays non-zero where the example's is (`2680059592705`, not `0…`).
    if (/^[1-9]/.test(example.slice(prefix.length)) && out[prefix.length] === '0')
      out = `${prefix}${draw('123456789')}${out.slice(prefix.length + 1)}`;
    return out;
  }

  /**
   * A match drawn with randexp through the dice (same seed, same string). Repetitions are drawn
   * freely first; then at the top of their range, then towards it, so a minLength is reached.
   */
  private fromPattern(regexp: RegExp, min: number, max: number | undefined): string | undefined {
    try {
      const generator = new RandExp(regexp);
      // Unbounded repetitions nested in one another multiply: each drawn up to `max` times, the
      // AWS ARN pattern `(:[a-z0-9]+([.-][a-z0-9]+)*){2}` made strings of tens of thousands of
      // characters per draw (amazonaws.com/vpc-lattice: 7 s per id drawn, its start over 100 s).
      // Each level gets the root of the length aimed at, so the whole stays near it.
      const depth = Math.max(1, unboundedDepth(Reflect.get(generator, 'tokens')));
      // A bounded repetition far past any length aimed at (seldon's `^.{1,2097152}`) was drawn at its
      // top on the last tries: two megabytes a value, 40 s of randexp per document. Drawn up to the
      // lengths aimed at below (a minLength past them stays reachable).
      capRepetitions(Reflect.get(generator, 'tokens'), Math.max(256, min));
      const perLevel = (length: number): number => Math.max(depth > 1 ? 2 : 8, Math.ceil(length ** (1 / depth)));
      for (let i = 0; i < 15; i++) {
        generator.max =
          i < 5 ? perLevel(Math.max(8, Math.min(min, 64))) : perLevel(Math.max(8, Math.min(max ?? min + 8, 256)));
        generator.randInt =
          i < 5
            ? (a: number, b: number) => this.dice.int(a, b)
            : i < 10
              ? (a: number, b: number) => this.dice.int(Math.floor((a + b) / 2), b)
              : (_a: number, b: number) => b;
        const value = generator.gen();
        const length = [...value].length;
        if (length >= min && (max === undefined || length <= max) && regexp.test(value)) return value;
      }
      // Last, every choice at its lowest: repetitions at their minimum, the first character of each
      // set. A pattern that pads a fixed-length core with free text (AWS's UUID `.*[0-9a-f]{8}-…{12}.*`
      // under minLength = maxLength = 36) is met only where the padding is empty, which the draws
      // above, free or towards the top, almost never make.
      generator.randInt = (a: number) => a;
      const lowest = generator.gen();
      const length = [...lowest].length;
      if (length >= min && (max === undefined || length <= max) && regexp.test(lowest)) return lowest;
    } catch {
      // a construct randexp does not know (lookbehind, \p{…}): no generated value
    }
    return undefined;
  }
}

/** randexp's token types (its parser `ret`): a group or the root holds tokens, a repetition one. */
const RET_ROOT = 0;
const RET_GROUP = 1;
const RET_REPETITION = 5;

/** Bounded repetitions of a randexp token tree drawn at most `cap` times (never under their own minimum). */
function capRepetitions(token: unknown, cap: number): void {
  if (!isRecord(token)) return;
  if (token['type'] === RET_REPETITION) {
    const [low, high] = [token['min'], token['max']];
    if (typeof low === 'number' && typeof high === 'number' && Number.isFinite(high) && high > cap)
      token['max'] = Math.max(low, cap);
    capRepetitions(token['value'], cap);
    return;
  }
  if (token['type'] === RET_ROOT || token['type'] === RET_GROUP) {
    const lists = Array.isArray(token['options']) ? token['options'] : [token['stack']];
    for (const list of lists) if (Array.isArray(list)) for (const t of list) capRepetitions(t, cap);
  }
}

/** How deep unbounded repetitions (`*`, `+`, `{n,}`) nest in a randexp token tree: `([.-][a-z]+)*` is 2. */
function unboundedDepth(token: unknown): number {
  if (!isRecord(token)) return 0;
  const inner = (tokens: unknown): number =>
    Array.isArray(tokens) ? Math.max(0, ...tokens.map((t) => unboundedDepth(t))) : 0;
  if (token['type'] === RET_REPETITION) {
    const unbounded = token['max'] === null || token['max'] === Number.POSITIVE_INFINITY;
    return (unbounded ? 1 : 0) + unboundedDepth(token['value']);
  }
  if (token['type'] === RET_ROOT || token['type'] === RET_GROUP) {
    const options = token['options'];
    return Array.isArray(options) ? Math.max(0, ...options.map(inner)) : inner(token['stack']);
  }
  return 0;
}

/** The type a schema's value has: its `type`, else the one its keywords imply. */
function typeOf(schema: Schema): string | undefined {
  if (schema.type !== undefined) return schema.type;
  if (
    schema.properties ||
    schema.required ||
    schema.additionalProperties !== undefined ||
    schema.minProperties !== undefined
  )
    return 'object';
  if ('items' in schema || tuplePositions(schema) || schema.minItems !== undefined || schema.uniqueItems !== undefined)
    return 'array';
  if (
    schema.pattern !== undefined ||
    schema.format !== undefined ||
    schema.minLength !== undefined ||
    schema.maxLength !== undefined
  )
    return 'string';
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined) return 'number';
  return undefined;
}

function typeFits(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return true;
  }
}

function isIdName(name: string): boolean {
  return name === 'id' || nameWords(name).at(-1) === 'id';
}

/** A field that holds an identifier or a code (`id`, `owner_id`, `FlowSid`, `api_key`, `country_code`). */
function isIdentifierName(name: string): boolean {
  return ['id', 'ids', 'uid', 'sid', 'guid', 'key', 'token', 'code', 'ref'].includes(nameWords(name).at(-1) ?? '');
}
