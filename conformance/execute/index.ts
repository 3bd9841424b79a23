import type { OpenAPIV3 } from 'openapi-types';
import type { Contract, Operation, SchemaValidator } from '../../src/contract/index.js';
import { schemaNames } from '../cases/discriminator.js';
import {
  cookieParameters,
  headerParameters,
  noBodyReason,
  pathParameters,
  queryParameters,
  requestBodyOf,
  validBody,
  validParams,
  validQuery,
} from '../cases/inputs.js';
import type { MutableInput } from '../cases/mutations.js';
import type { Random } from '../cases/random.js';
import { isSuccess, referenceBase, writeRole } from '../../src/contract/index.js';
import { asSchema, isRecord } from '../cases/schema.js';
import { SeenValues, shapedLike, unknownIdProbe } from '../cases/unknown-id.js';
import { carriesOctet, NON_UTF8_DEFECT, nonUtf8Body } from '../cases/non-utf8.js';
import { isJsonMediaType, modeFor, retrievesRepresentation } from '../../src/contract/index.js';
import type { CredentialPlan } from '../credentials.js';
import type { Note, OperationCase, RunPlan } from '../plan/index.js';
import type { Resources } from '../resources.js';
import type { Session } from '../session.js';
import type { Exchange, ExchangeKind, GeneratedInput } from '../types.js';
import { readAfterDelete, readAfterReplace, readBack } from './follow-ups.js';
import { withUserInput, type UserInputs } from '../user-inputs.js';

export interface ExecuteInput {
  readonly plan: RunPlan;
  readonly contract: Contract;
  /** The run's one session: every request goes through it and is recorded there. */
  readonly session: Session;
  readonly resources: Resources;
  readonly validator: SchemaValidator;
  readonly credentials: CredentialPlan;
  /** The run's generator; each operation forks its own stream from it, in plan order. */
  readonly rng: Random;
  readonly examples: number;
  /** The user's values for valid requests, by operationId (--inputs). */
  readonly inputs?: UserInputs | undefined;
  readonly onPhase?: (phase: string) => void;
  /**
   * A shard's run (conformance/shard): the operations it replays for the others' sake and does not
   * judge. Their requests that can change the target's state are sent as the whole run sends them,
   * and so are their valid ones; the other requests of a safe method are withheld.
   */
  readonly replayOnly?: ((op: Operation) => boolean) | undefined;
}

/** What executing the plan leaves besides the exchanges the session recorded. */
export interface Execution {
  /** Why planned requests could not be made, by operation and kind. */
  readonly notes: readonly Note[];
  /** The runner's own failures while exercising an operation (exit 3). */
  readonly internalErrors: readonly string[];
}

/** Writes that change or consume the resource in their path get a fresh resource each; GET, HEAD and QUERY read it. */
const destructive = (op: Operation): boolean => !retrievesRepresentation(op.method);

/** Methods whose requests change nothing on the target (RFC 9110 §9.2.1; QUERY: draft-ietf-httpbis-safe-method-w-body §2). */
const SAFE_METHODS: ReadonlySet<string> = new Set(['get', 'head', 'options', 'trace', 'query']);

/** Kinds a secured operation cannot send without credentials that meet its requirements. */
const NEEDS_CREDENTIALS: readonly ExchangeKind[] = [
  'positive',
  'negative',
  'malformed_json',
  'non_utf8',
  'read_back',
  'read_after_delete',
  'unknown_id',
];

/**
 * Sends what the plan says, through the session, in plan order (creates first, deletes last),
 * then one undocumented method per path. Generates the values (ids come from the target's own
 * answers), records why a planned request could not be made, and judges nothing.
 */
export async function execute(input: ExecuteInput): Promise<Execution> {
  const { plan, contract, session, resources, validator, credentials, examples } = input;
  const notes: Note[] = [];
  const internalErrors: string[] = [];
  const note = (operation: string, kind: Note['kind'], reason: string): void =>
    void notes.push({ operation, kind, reason });
  const seen = new SeenValues(() => session.exchanges);
  const names = schemaNames(contract);
  const hasKey = credentials.any;

  for (const c of plan.cases) {
    const op = c.op;
    input.onPhase?.(op.id);
    const opRng = input.rng.fork(hash(op.id));
    const replaying = input.replayOnly?.(op) === true;
    if (c.clash !== undefined) {
      note(op.id, '*', c.clash);
      continue;
    }
    try {
      await exerciseOperation(c);
    } catch (error) {
      // One operation's trouble is the runner's, not the server's: say so and go on with the others.
      const message = `${op.id}: internal error while exercising it: ${error instanceof Error ? error.message : String(error)}`;
      internalErrors.push(message);
      note(op.id, '*', message);
    }

    async function exerciseOperation(c: OperationCase): Promise<void> {
      const body = c.body;
      if (c.unwritableBody !== undefined) note(op.id, 'positive', c.unwritableBody);
      const userGiven = input.inputs?.[op.id];
      // `nulls`: the positive cases' bodies may hold null members; the bases of negative cases and
      // probes stay plain, so what they change is the only thing wrong with them.
      const needsInput = async (
        fresh: boolean,
        mode: ReturnType<typeof modeFor>,
        nulls = false,
      ): Promise<GeneratedInput | string> => {
        const params = await resources.pathParamsFor(op, fresh);
        if (!params.ok) return params.reason;
        let value: unknown;
        if (body) {
          value = validBody(op, opRng, mode, validator, names, nulls);
          if (value === undefined) return noBodyReason(op);
          if (isRecord(value)) {
            const filled = await resources.fillReferences(op, value);
            if (!filled.ok) return filled.reason;
          }
        }
        const query = validQuery(op, opRng, mode, validator);
        const headerParams = validParams(headerParameters(op), opRng, mode, validator);
        const cookieParams = validParams(cookieParameters(op), opRng, mode, validator);
        // A request without a required parameter is no valid input (its absence is a defect of its
        // own, judged by negative_data_rejected): where no value the schema admits could be made,
        // the operation is not exercised, with the reason, rather than sent and blamed (issue 19 §3).
        const given: Readonly<Record<string, Record<string, unknown>>> = {
          query,
          header: headerParams,
          cookie: cookieParams,
        };
        const unmade = [...queryParameters(op), ...headerParameters(op), ...cookieParameters(op)].find(
          (p) => p.required === true && given[p.in]?.[p.name] === undefined,
        );
        if (unmade)
          return `no value its schema admits could be generated for the required ${unmade.in} parameter ${unmade.name}, so no valid request can be sent`;
        for (const p of queryParameters(op)) {
          // A reference filter (categoryId) points at a resource that exists when we can make one.
          const base = referenceBase(p.name);
          const createOp = base ? resources.createOpFor(base) : undefined;
          if (p.name in query && createOp && hasKey) {
            const created = await resources.sharedResource(createOp);
            // Only an id the parameter's schema admits: a created record's `"id": "string"` (Prism's
            // generated answer) in Pinterest's `ad_account_id` (`^\d+$`) makes the request invalid.
            if (created.ok && resources.admits(p, created.value.id)) query[p.name] = created.value.id;
          }
        }
        // The user's own values (--inputs, --oauth2) go over the generated ones: what the runner cannot invent.
        return withUserInput(
          {
            pathParams: params.value,
            query,
            body: value,
            contentType: body?.mediaType,
            headerParams,
            cookieParams,
            ...(params.guessed && !userGiven?.path ? { guessedId: true } : {}),
          },
          userGiven,
        );
      };
      const send = async (
        kind: Exchange['kind'],
        generated: GeneratedInput,
        auth: 'valid' | 'none' | 'wrong',
        context = {},
      ): Promise<Exchange | undefined> => {
        const spec = {
          reportAs: op.id,
          operation: op,
          kind,
          method: op.method,
          path: op.path,
          input: generated,
          auth,
          context: {
            ...context,
            ...(generated.guessedId ? { guessedId: true } : {}),
            ...(userGiven ? { userInput: true } : {}),
          },
        };
        // A safe method changes nothing on the target (RFC 9110 §9.2.1): another shard judges these
        // probes, and this one needs only their inputs made, so every generator and cache after
        // them is where the whole run has it. The valid requests are still sent: later parts of the
        // run (the generic rules) take the identifiers of the last accepted one.
        if (replaying && kind !== 'positive' && SAFE_METHODS.has(op.method)) {
          session.withhold(spec);
          return undefined;
        }
        return session.send(spec);
      };

      // Positive data, and the state flows that follow a success.
      if (c.authBlocked !== undefined) {
        for (const kind of NEEDS_CREDENTIALS) note(op.id, kind, c.authBlocked);
      } else if (c.positive) {
        let listed = false;
        const deletedIds = new Set<string>();
        for (let i = 0; i < examples; i++) {
          const generated = await needsInput(destructive(op), modeFor(i), true);
          if (typeof generated === 'string') {
            for (const kind of ['positive', 'read_back', 'read_after_delete'] as const) note(op.id, kind, generated);
            break;
          }
          // Each resource is deleted once per case (RFC 9110 §9.3.5: after the first, it is gone, and a
          // 404 is right): a listed or documented id that comes back again is not deleted again.
          if (op.method === 'delete') {
            const key = JSON.stringify(generated.pathParams);
            if (deletedIds.has(key)) break;
            deletedIds.add(key);
          }
          if (isRecord(generated.body)) await resources.raiseStock(op, generated.body);
          const exchange = await send('positive', generated, 'valid');
          if (exchange?.response === undefined || !isSuccess(op, exchange.response.status)) continue;
          const role = writeRole(op, contract);
          if (role === 'create' && c.readBack) {
            const cannot = await readBack(contract, session, validator, op, exchange, generated, !listed);
            if (cannot) note(op.id, 'read_back', cannot);
            listed = true;
          } else if (role === 'replace' && c.readBack) {
            const cannot = await readAfterReplace(contract, session, validator, op, generated);
            if (cannot) note(op.id, 'read_back', cannot);
          } else if ((role === 'delete' || role === 'remove-members') && c.readAfterDelete) {
            // Only a DELETE of an item (the kernel's item path: `{id}`, or `{Sid}.json` as Twilio
            // writes it; RFC 9110 §9.3.5: the target resource goes) makes its URL unreadable. A DELETE on a collection or a sub-resource (`/playlists/{id}/tracks`
            // with the tracks to remove in its body) removes members: the collection stays, and
            // reading it with 200 is right.
            // A delete answered 202 (RFC 9110 §15.3.3: accepted, "the processing has not been
            // completed") or 303 (§15.4.4: the outcome is another resource, a task to follow: Jira's
            // asynchronous deletes) has not removed the resource yet: reading it is no evidence.
            const status = exchange.response.status;
            if (role === 'delete' && (status === 202 || status === 303))
              note(
                op.id,
                'read_after_delete',
                `${op.method.toUpperCase()} ${op.path} answered ${status}: accepted, not yet done`,
              );
            else if (role === 'delete') {
              const cannot = await readAfterDelete(contract, session, validator, op, generated);
              if (cannot) note(op.id, 'read_after_delete', cannot);
            } else
              note(
                op.id,
                'read_after_delete',
                `${op.method.toUpperCase()} ${op.path} removes members of a collection, not the resource at its URL`,
              );
          }
        }
      }

      // Negative data: every single-defect mutation of a valid base, per example; the ones the plan
      // could not send are said (a note shows only where the check judged nothing else).
      for (const reason of c.unsentMutations) note(op.id, 'negative', reason);
      if (c.mutations.length > 0) {
        let victim: GeneratedInput | string | undefined;
        for (let i = 0; i < examples; i++) {
          const generated = await needsInput(false, 'random');
          if (typeof generated === 'string') {
            note(op.id, 'negative', generated);
            break;
          }
          let base = generated;
          if (destructive(op) && pathParameters(op).length > 0) {
            // One resource per operation absorbs the invalid writes (a server that wrongly accepts one changes only it).
            victim ??= await needsInput(true, 'random');
            if (typeof victim !== 'string') base = { ...base, pathParams: victim.pathParams };
          }
          for (const mutation of c.mutations) {
            const m: MutableInput = {
              pathParams: { ...base.pathParams },
              query: { ...base.query },
              body: structuredClone(base.body),
              contentType: base.contentType,
            };
            mutation.apply(m);
            const headerParams = base.headerParams;
            const cookieParams = base.cookieParams;
            // A defect that cannot be made on this base (a field of a body that is not an object, as
            // when the only valid body is the contract's example string) leaves a valid request: sent
            // as a negative it would fail a server for accepting valid input.
            const unchanged =
              m.rawBody === undefined &&
              m.contentType === base.contentType &&
              JSON.stringify(m.body) === JSON.stringify(base.body) &&
              JSON.stringify(m.query) === JSON.stringify(base.query) &&
              JSON.stringify(m.pathParams) === JSON.stringify(base.pathParams);
            if (unchanged) continue;
            const bodyChanged =
              m.rawBody === undefined &&
              m.body !== undefined &&
              body &&
              JSON.stringify(m.body) !== JSON.stringify(base.body);
            if (bodyChanged && body && validator.check(body.schema, m.body, 'request').valid) continue; // not actually invalid
            await send(
              'negative',
              { ...m, headerParams, cookieParams, ...(base.guessedId ? { guessedId: true } : {}) },
              'valid',
              { defect: mutation.defect, ...(mutation.lenient ? { lenient: mutation.lenient } : {}) },
            );
          }
        }
      }

      // Malformed JSON declared as application/json.
      if (c.malformedJson) {
        const base = await needsInput(false, 'random');
        if (typeof base !== 'string') {
          const text = JSON.stringify(base.body ?? {});
          // In the JSON media type the operation documents (JSON:API's `application/vnd.api+json`):
          // a body in a type it does not document is 415's business (RFC 9110 §15.5.16), not a syntax error.
          const declared =
            base.contentType !== undefined && isJsonMediaType(base.contentType) ? base.contentType : 'application/json';
          await send(
            'malformed_json',
            { ...base, rawBody: `${text.slice(0, Math.max(1, text.length - 1))},`, contentType: declared },
            'valid',
          );
        } else note(op.id, 'malformed_json', base);
      }

      // A valid body declared UTF-8 carrying an octet UTF-8 never has (RFC 8259 §8.1): refused as
      // malformed JSON is, never read as U+FFFD and stored.
      if (c.nonUtf8) {
        const stillValid = (read: unknown): boolean => !body || validator.check(body.schema, read, 'request').valid;
        let base = await needsInput(false, 'random');
        // A random body may hold no free-text string (an enum and a null note): the fullest body then
        // (every optional property), so that whether the octet is refused never hangs on the draw.
        if (typeof base !== 'string' && !carriesOctet(base.body, stillValid)) {
          const full = await needsInput(false, 'max');
          if (typeof full !== 'string' && carriesOctet(full.body, stillValid)) base = full;
        }
        if (typeof base !== 'string') {
          const declared =
            base.contentType !== undefined && isJsonMediaType(base.contentType) ? base.contentType : 'application/json';
          const octets = nonUtf8Body(base.body, stillValid);
          if (octets !== undefined)
            await send(
              'non_utf8',
              { ...base, rawBody: octets, rawBodyEncoding: 'latin1', contentType: `${declared}; charset=utf-8` },
              'valid',
              { defect: NON_UTF8_DEFECT },
            );
          else note(op.id, 'non_utf8', 'the valid body holds no string to carry the octet');
        } else note(op.id, 'non_utf8', base);
      }

      // Credentials: without, and with a wrong key.
      if (c.authProbes) {
        for (const auth of ['none', 'wrong'] as const) {
          // Wrong credentials need a place a request can carry them (credentials.ts unsendable): sent
          // without any, the probe would be the one without credentials again, reported as another.
          if (auth === 'wrong' && credentials.wrong(op, 'x').length === 0) {
            note(op.id, 'wrong_auth', 'no place its security requirements name can carry a credential');
            continue;
          }
          let generated =
            c.authBlocked === undefined
              ? await needsInput(destructive(op), 'random')
              : await inputWithoutKey(op, resources, opRng, validator);
          if (typeof generated === 'string') generated = await inputWithoutKey(op, resources, opRng, validator);
          await send(auth === 'none' ? 'no_auth' : 'wrong_auth', generated, auth);
        }
      }

      // An identifier no one created: only a parameter that names a resource, a value its schema
      // admits that no answer has shown, and the operation's other required inputs all present.
      if (typeof c.unknownId === 'string') note(op.id, 'unknown_id', c.unknownId);
      else if (c.unknownId) {
        let probe = unknownIdProbe(contract, op, validator, opRng, (v) => seen.has(v));
        const base = probe.ok ? await needsInput(false, 'random') : undefined;
        // The valid request names a record the server made: the unknown id takes that record's form.
        if (probe.ok && typeof base === 'object' && !shapedLike(probe.value, base.pathParams[probe.param.name])) {
          probe = unknownIdProbe(contract, op, validator, opRng, (v) => seen.has(v), base.pathParams);
        }
        if (!probe.ok) note(op.id, 'unknown_id', probe.reason);
        else if (typeof base === 'string' || base === undefined)
          note(
            op.id,
            'unknown_id',
            `not sent: the operation's other required inputs could not be made (${base ?? 'no input'})`,
          );
        else
          await send(
            'unknown_id',
            { ...base, pathParams: { ...base.pathParams, [probe.param.name]: probe.value } },
            'valid',
          );
      }
    }
  }

  // Undocumented methods, once per path (reported under the path's first selected operation).
  for (const probe of plan.pathProbes) {
    const op = probe.op;
    if (probe.method === undefined) {
      note(op.id, 'wrong_method', probe.reason ?? `every common method is documented on ${op.path}`);
      continue;
    }
    const params = await resources.pathParamsFor(op, false);
    const pathParams = params.ok
      ? params.value
      : Object.fromEntries(pathParameters(op).map((p) => [p.name, unknownIdFor(p)]));
    await session.send({
      reportAs: op.id,
      operation: op,
      kind: 'wrong_method',
      method: probe.method,
      path: op.path,
      input: { pathParams, query: {}, body: undefined, contentType: undefined },
      auth: 'valid',
      context: { documentedMethods: [...probe.documentedMethods] },
    });
  }
  return { notes, internalErrors };
}

const UNKNOWN_STRING_ID = 'conformance-unknown-00000000';

function unknownIdFor(p: OpenAPIV3.ParameterObject): unknown {
  const schema = asSchema(p.schema);
  if (schema?.type === 'integer' || schema?.type === 'number') {
    const max = schema.maximum ?? (schema.format === 'int32' ? 2_147_483_647 : Number.MAX_SAFE_INTEGER);
    return max;
  }
  if (schema?.format === 'uuid') return 'ffffffff-ffff-4fff-bfff-ffffffffffff';
  return UNKNOWN_STRING_ID;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Without a key nothing can be created: take ids the server lists, else an unknown one. */
async function inputWithoutKey(
  op: Operation,
  resources: Resources,
  rng: Random,
  validator: SchemaValidator,
): Promise<GeneratedInput> {
  const params = await resources.pathParamsFor(op, false);
  const body = requestBodyOf(op);
  return {
    pathParams: params.ok ? params.value : Object.fromEntries(pathParameters(op).map((p) => [p.name, unknownIdFor(p)])),
    query: {},
    body: body ? validBody(op, rng, 'random', validator, schemaNames(resources.contract)) : undefined,
    contentType: body?.mediaType,
  };
}
