/**
 * The loaded workflows' pure `next` and `judge` (registry entry: entry.ts): a replay of a document's
 * workflows over the answers sent so far, with Arazzo 1.0.1's steps, criteria and actions (§4.6).
 */
import {
  isJsonMediaType,
  isRecord,
  requestPath,
  schemeCredential,
  serialisePath,
  serialiseQuery,
  type Contract,
  type Operation,
} from '../../src/contract/index.js';
import { CredentialPlan } from '../credentials.js';
import { rateLimited } from '../judge/policies.js';
import type { HttpOutcome, OutgoingRequest } from '../http/client.js';
import type { Sent } from '../registry/types.js';
import { CREDENTIAL_ENV, REDACTED_KEY, redactedAs } from '../http/curl.js';
import { withoutQueryParameterMembers, withQuery } from '../http/target.js';
import type { CheckResult, Exchange, RecordedRequest, RecordedResponse, TransportError } from '../types.js';
import { evaluateCriterion, UnsupportedCriterionError } from './criteria.js';
import {
  ArazzoError,
  type Action,
  type ArazzoDocument,
  type Criterion,
  type Parameter,
  type Step,
  type Workflow,
} from './document.js';
import {
  evaluateExpression,
  evaluateValue,
  ExpressionError,
  resolvePointer,
  type ExpressionScope,
} from './expressions.js';
import { workflowCheckName, type WorkflowCredentials } from './options.js';
import { reproduceScript } from './reproduce.js';

/** One request a workflow sent, for the report and the reproduce script. */
export interface StepRecord {
  readonly stepId: string;
  readonly operation: Operation;
  readonly request: RecordedRequest;
  readonly response: RecordedResponse | undefined;
  readonly error: TransportError | undefined;
  /** The step's outputs read from its response body (`$response.body#/…`), for the reproduce script's variables. */
  readonly outputs?: readonly { readonly name: string; readonly pointer: string; readonly value: unknown }[];
  /** Where this request used an earlier step's output (`$steps.<id>.outputs.<name>`): a path parameter or a top-level body field. */
  readonly uses?: readonly {
    readonly step: string;
    readonly output: string;
    readonly in: 'path' | 'body';
    readonly name: string;
    readonly value: unknown;
  }[];
}

/** The rule in one line (the workflow's description): a failure message says it after what went wrong. */
function plainRule(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `(The rule: ${/[.!?]$/.test(line) ? line.slice(0, -1) : line}.)`;
}

/** `$steps.<id>.outputs.<name>` exactly: an earlier step's output, carried as a shell variable by the reproduce script. */
function stepReference(value: unknown): { step: string; output: string } | undefined {
  const m = typeof value === 'string' ? /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)$/.exec(value) : null;
  return m ? { step: m[1]!, output: m[2]! } : undefined;
}

interface Failure {
  readonly stepId: string;
  readonly reason: string;
  readonly record: StepRecord | undefined;
  /** The status the step's one unmet criterion asked for (`$statusCode == 401`), when that was all it missed. */
  readonly expectedStatus?: number | undefined;
}

/** The status a criterion asks for when it is `$statusCode == N` and nothing else (Arazzo 1.0.1 §4.6.20, a simple condition). */
function statusAskedFor(criterion: Criterion): number | undefined {
  if (criterion.type !== 'simple' || criterion.context !== undefined) return undefined;
  const m = /^\s*\$statusCode\s*==\s*(\d{3})\s*$/.exec(criterion.condition);
  return m ? Number(m[1]) : undefined;
}

interface WorkflowOutcome {
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly message: string;
  readonly records: readonly StepRecord[];
  readonly failure?: Failure;
  readonly outputs: Readonly<Record<string, unknown>>;
}

/** Finds the contract operation a step names (operationId, possibly qualified, or operationPath). */
export function operationOf(step: Step, contract: Contract): Operation | undefined {
  if (step.operationId !== undefined) {
    const id = step.operationId.replace(/^\$sourceDescriptions\.[^.]+\./, '');
    return contract.operationsById.get(id);
  }
  if (step.operationPath !== undefined) {
    const hash = step.operationPath.indexOf('#');
    if (hash < 0) return undefined;
    // OpenAPI 3.2: `…/query`, and `…/additionalOperations/PURGE` for the other methods (OAS 3.2.0 §4.9.1).
    const m = /^\/paths\/([^/]+)\/(?:([a-z]+)|additionalOperations\/([^/]+))$/.exec(step.operationPath.slice(hash + 1));
    const method = m?.[2] ?? m?.[3]?.toLowerCase();
    if (!m?.[1] || !method) return undefined;
    const path = decodeURIComponent(m[1]).replace(/~1/g, '/').replace(/~0/g, '~');
    return contract.operations.find((o) => o.path === path && o.method === method);
  }
  return undefined;
}

/** Checks, before anything is sent, that every step names an operation of the contract or a workflow of the file. */
export function checkAgainstContract(doc: ArazzoDocument, contract: Contract): void {
  const ids = new Set(doc.workflows.map((w) => w.workflowId));
  for (const w of doc.workflows) {
    const stepIds = new Set(w.steps.map((s) => s.stepId));
    for (const s of w.steps) {
      if (s.workflowId !== undefined) {
        if (!ids.has(s.workflowId.replace(/^\$sourceDescriptions\.[^.]+\./, '')))
          throw new ArazzoError(
            `${doc.file}: workflow ${w.workflowId}, step ${s.stepId}: unknown workflow "${s.workflowId}"`,
          );
      } else if (!operationOf(s, contract)) {
        throw new ArazzoError(
          `${doc.file}: workflow ${w.workflowId}, step ${s.stepId}: ${s.operationId ?? s.operationPath ?? '?'} is not an operation of the contract`,
        );
      }
      for (const x of s.security ?? []) {
        if (!contract.securitySchemes.has(x.schemeName))
          throw new ArazzoError(
            `${doc.file}: workflow ${w.workflowId}, step ${s.stepId}: x-security names "${x.schemeName}", which is not a security scheme of the contract`,
          );
      }
      for (const a of [...s.onSuccess, ...s.onFailure, ...w.successActions, ...w.failureActions]) {
        if (a.stepId !== undefined && !stepIds.has(a.stepId))
          throw new ArazzoError(
            `${doc.file}: workflow ${w.workflowId}: action ${a.name} goes to unknown step "${a.stepId}"`,
          );
        if (a.workflowId !== undefined && !ids.has(a.workflowId.replace(/^\$sourceDescriptions\.[^.]+\./, '')))
          throw new ArazzoError(
            `${doc.file}: workflow ${w.workflowId}: action ${a.name} names unknown workflow "${a.workflowId}"`,
          );
      }
    }
  }
}

/**
 * Inputs a workflow declares, filled from the runner's credentials by name:
 * an input named like a security scheme of the contract takes that scheme's
 * value; `apiKey` / `api_key` / `key` take the API key, `token` / `bearer` the
 * bearer token, `username` / `password` the basic credentials (whichever flag
 * gave them). Returns the names of required inputs nothing could fill.
 */
export function inputsFor(
  workflow: Workflow,
  credentials: WorkflowCredentials,
): { inputs: Record<string, unknown>; missing: string[] } {
  const schema = workflow.inputs ?? {};
  const properties =
    typeof schema['properties'] === 'object' && schema['properties'] !== null ? Object.keys(schema['properties']) : [];
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((r): r is string => typeof r === 'string')
    : [];
  const inputs: Record<string, unknown> = {};
  for (const name of new Set([...properties, ...required])) {
    const value =
      credentials.byScheme?.[name] ?? credentialNamed(name.toLowerCase().replace(/[^a-z]/g, ''), credentials);
    if (value !== undefined) inputs[name] = value;
  }
  return { inputs, missing: required.filter((r) => !(r in inputs)) };
}

/** The credential an x-security entry gives a scheme: `username:password` for basic (RFC 7617), `token` for bearer and oauth2, `apiKey` for apiKey. */
function securityValue(contract: Contract, schemeName: string, value: (key: string) => unknown): string | undefined {
  const scheme = contract.securitySchemes.get(schemeName);
  const text = (key: string): string | undefined => {
    const v = value(key);
    return v === undefined || v === null ? undefined : String(v);
  };
  if (!scheme) return undefined;
  // What the scheme takes, by the kernel's one mapping (src/contract/security.ts).
  const credential = schemeCredential(scheme);
  if (credential?.kind === 'apiKey') return text('apiKey');
  if (credential?.kind === 'basic') {
    const user = text('username');
    const password = text('password');
    return user === undefined || password === undefined ? undefined : `${user}:${password}`;
  }
  return text('token') ?? text('accessToken');
}

/** The credential an input name (lower case, letters only) stands for. */
function credentialNamed(n: string, credentials: WorkflowCredentials): string | undefined {
  if (['apikey', 'key', 'xapikey'].includes(n)) return credentials.apiKey;
  if (['token', 'bearer', 'bearertoken', 'accesstoken'].includes(n)) return credentials.bearer;
  if (['username', 'user'].includes(n)) return credentials.basic?.user;
  if (n === 'password') return credentials.basic?.password;
  return undefined;
}

/**
 * What a workflow step asks the executor to send (conformance/execute/probes.ts): the request its
 * author built whole (its own URL, headers, cookies and body), and how long to wait first.
 */
export interface WorkflowRequest {
  readonly kind: 'built';
  /** The operation the step calls: the exchange is reported under it. */
  readonly op: Operation;
  readonly built: OutgoingRequest;
  /** The session's route (`METHOD /path`): its circuit breaker counts timeouts per route. */
  readonly route: string;
  /** A retry action's retryAfter (Arazzo 1.0.1 §4.6.17), capped by the plan's maxRetryAfterMs. */
  readonly waitMs?: number | undefined;
}

/**
 * One Arazzo document's workflows as the registry plans them: which run (each with the workflows
 * it depends on, in dependsOn order) and which are reported skipped without a request, with why.
 */
export interface WorkflowPlan {
  readonly doc: ArazzoDocument;
  readonly contract: Contract;
  readonly target: string;
  readonly credentials: WorkflowCredentials;
  /** Extra headers of every request (--header). */
  readonly headers: Readonly<Record<string, string>>;
  /** The workflows to run, in the file's order. */
  readonly run: readonly string[];
  /** Workflows reported skipped, after those run, each with its reason (--operations, the circuit breaker). */
  readonly skip: readonly { readonly workflowId: string; readonly message: string }[];
  /** Longest wait a retry action may ask for; longer retryAfter values are shortened to it. */
  readonly maxRetryAfterMs?: number;
  /** Steps one workflow may run at most (gotos can loop). */
  readonly maxSteps?: number;
  /** The replay `next` and `judge` resume (a cache: their answers are those of a replay from the start). */
  readonly replays: Replays;
}

/** What the executor sent for a workflow plan, in order. */
export type WorkflowSent = readonly Sent<WorkflowRequest>[];

/**
 * The next request the plan's workflows send, given those sent so far; undefined when every
 * workflow has finished. Pure: the workflows are replayed over `sent` (each step's criteria, goto,
 * end and retry actions, Arazzo 1.0.1 §4.6.6, choose what comes next) up to the first step not yet sent.
 */
export function nextWorkflowRequest(plan: WorkflowPlan, sent: WorkflowSent): WorkflowRequest | undefined {
  const at = plan.replays.at(plan, sent);
  return at.done ? undefined : at.value;
}

/** One result per workflow of the plan (those run, then those skipped), from what was sent. Pure. */
export function judgeWorkflows(plan: WorkflowPlan, sent: WorkflowSent): CheckResult[] {
  const at = plan.replays.at(plan, sent);
  if (!at.done) throw new Error(`workflows of ${plan.doc.file} judged before ${at.value.route} was sent`);
  return at.value;
}

type ReplayAt = IteratorResult<WorkflowRequest, CheckResult[]>;

/**
 * A replay kept between calls of one plan, so that asking for each next request costs one step, not
 * a replay from the start: it is resumed only when it was fed exactly the exchanges of `sent` so far
 * (the same objects, in order), and started again otherwise; its answers are those a fresh replay
 * would give.
 */
export class Replays {
  private replay: Generator<WorkflowRequest, CheckResult[], Exchange> | undefined;
  private fed: Exchange[] = [];
  private last: ReplayAt | undefined;

  at(plan: WorkflowPlan, sent: WorkflowSent): ReplayAt {
    const resumable =
      this.replay !== undefined &&
      this.last !== undefined &&
      this.fed.length <= sent.length &&
      this.fed.every((exchange, i) => sent[i]?.exchange === exchange);
    try {
      if (!resumable || !this.replay || !this.last) {
        this.replay = new Replay(plan).results();
        this.fed = [];
        this.last = this.replay.next();
      }
      while (this.fed.length < sent.length) {
        if (this.last.done) throw new Error(`more requests sent for ${plan.doc.file} than its workflows asked for`);
        const exchange = (sent[this.fed.length] as Sent<WorkflowRequest>).exchange;
        this.fed.push(exchange);
        this.last = this.replay.next(exchange);
      }
      return this.last;
    } catch (error) {
      // A replay that threw is finished: the next call starts again rather than resume it.
      this.replay = undefined;
      throw error;
    }
  }
}

/**
 * One pass over the plan's workflows, each step's answer read from `sent` in order: the state of
 * a run (outputs, retries, finished workflows) is rebuilt from the exchanges, never kept between calls.
 */
class Replay {
  private seq = 0;
  /** A retry action's wait, for the next request sent. */
  private waitMs = 0;
  /** Outcomes of finished workflows, for dependsOn and $workflows.<id>.outputs. */
  private readonly finished = new Map<string, WorkflowOutcome>();

  constructor(private readonly plan: WorkflowPlan) {}

  /** The plan's workflows run (with what they depend on, in dependsOn order), then those it skips. */
  *results(): Generator<WorkflowRequest, CheckResult[], Exchange> {
    const byId = (id: string): Workflow | undefined => this.plan.doc.workflows.find((w) => w.workflowId === id);
    const ran: (readonly [Workflow, WorkflowOutcome])[] = [];
    for (const id of this.plan.run) {
      const w = byId(id);
      if (w) ran.push([w, yield* this.runTop(w, [])]);
    }
    const skipped = this.plan.skip.flatMap(({ workflowId, message }) => {
      const w = byId(workflowId);
      return w ? [[w, { status: 'skipped', message, records: [], outputs: {} } as WorkflowOutcome] as const] : [];
    });
    return [...ran, ...skipped].map(([w, outcome]) => this.toResult(w, outcome));
  }

  /** Asks for the next step's request (after a retry action's wait) and reads the answer it got. */
  private *take(
    op: Operation,
    built: OutgoingRequest,
    route: string,
  ): Generator<WorkflowRequest, HttpOutcome, Exchange> {
    const waitMs = this.waitMs;
    this.waitMs = 0;
    const { response, error } = yield { kind: 'built', op, built, route, ...(waitMs > 0 ? { waitMs } : {}) };
    if (response) return { ok: true, response };
    return { ok: false, error: error ?? { kind: 'not_sent', message: 'no answer recorded', bytesReceived: 0 } };
  }

  private *runTop(workflow: Workflow, chain: readonly string[]): Generator<WorkflowRequest, WorkflowOutcome, Exchange> {
    const done = this.finished.get(workflow.workflowId);
    if (done) return done;
    if (chain.includes(workflow.workflowId)) {
      return {
        status: 'skipped',
        message: `dependsOn forms a cycle: ${[...chain, workflow.workflowId].join(' → ')}`,
        records: [],
        outputs: {},
      };
    }
    const outcome = yield* this.runOnce(workflow, chain);
    this.finished.set(workflow.workflowId, outcome);
    return outcome;
  }

  private *runOnce(
    workflow: Workflow,
    chain: readonly string[],
  ): Generator<WorkflowRequest, WorkflowOutcome, Exchange> {
    for (const dep of workflow.dependsOn) {
      const other = this.plan.doc.workflows.find((w) => w.workflowId === dep);
      if (!other) continue;
      const before = yield* this.runTop(other, [...chain, workflow.workflowId]);
      if (before.status !== 'passed') {
        return {
          status: 'skipped',
          message: `depends on workflow ${dep}, which ${before.status === 'failed' ? 'failed' : 'was skipped'}`,
          records: [],
          outputs: {},
        };
      }
    }
    const { inputs, missing } = inputsFor(workflow, this.plan.credentials);
    if (missing.length > 0) {
      return {
        status: 'skipped',
        message: `needs the input${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: give the credentials (--api-key…) to run it`,
        records: [],
        outputs: {},
      };
    }
    return yield* this.run(workflow, inputs, 0);
  }

  private scopeBase(inputs: Record<string, unknown>): Omit<ExpressionScope, 'steps' | 'outputs'> {
    const workflows: Record<string, { outputs: Readonly<Record<string, unknown>> }> = {};
    for (const [id, o] of this.finished) workflows[id] = { outputs: o.outputs };
    const sourceDescriptions = Object.fromEntries(
      this.plan.doc.sourceDescriptions.map((s) => [s.name, { url: s.url }]),
    );
    return { inputs, workflows, sourceDescriptions };
  }

  /** Runs one workflow's steps with its actions; depth guards nested workflow steps. */
  private *run(
    workflow: Workflow,
    inputs: Record<string, unknown>,
    depth: number,
  ): Generator<WorkflowRequest, WorkflowOutcome, Exchange> {
    const records: StepRecord[] = [];
    const steps: Record<string, { outputs: Record<string, unknown> }> = {};
    const outputs: Record<string, unknown> = {};
    const maxSteps = this.plan.maxSteps ?? 500;
    const fail = (failure: Failure, message: string): WorkflowOutcome => ({
      status: 'failed',
      message,
      records,
      failure,
      outputs,
    });
    const skipped = (message: string): WorkflowOutcome => ({ status: 'skipped', message, records, outputs });
    // Skipped on a rate limit, keeping the answer: a workflow calling this one sees it and is skipped too.
    const limitedAt = (failure: Failure, limited: string): WorkflowOutcome => ({
      ...skipped(`step ${failure.stepId}: ${limited}`),
      failure,
    });
    if (depth > 8) return skipped('workflow steps nest more than 8 deep');
    let index = 0;
    let executed = 0;
    const retries = new Map<string, number>();
    const scopeNow = (extra: Partial<ExpressionScope> = {}): ExpressionScope => ({
      ...this.scopeBase(inputs),
      steps,
      outputs,
      ...extra,
    });
    try {
      while (index < workflow.steps.length) {
        const step = workflow.steps[index] as Step;
        if (++executed > maxSteps) return skipped(`stopped after ${maxSteps} steps (a goto loop?)`);
        const ran = yield* this.runStep(workflow, step, inputs, steps, outputs, depth, records);
        const actions = ran.ok
          ? step.onSuccess.length > 0
            ? step.onSuccess
            : workflow.successActions
          : step.onFailure.length > 0
            ? step.onFailure
            : workflow.failureActions;
        const action = firstApplicable(actions, ran.scope);
        if (ran.ok) {
          if (action?.type === 'end') break;
          if (action?.type === 'goto') {
            if (action.workflowId !== undefined)
              return yield* this.gotoWorkflow(action, inputs, records, outputs, depth);
            index = workflow.steps.findIndex((s) => s.stepId === action.stepId);
            continue;
          }
          index++;
          continue;
        }
        const failure: Failure = {
          stepId: step.stepId,
          reason: ran.reason,
          record: ran.record,
          expectedStatus: ran.expectedStatus,
        };
        // A step still rate limited after the session's waits judged nothing (RFC 6585 §4): skipped, naming the wait.
        // The judge's rate-limit policy (judge/policies.ts), as every check and probe meets it.
        const limited = rateLimited(ran.record);
        if (limited !== undefined && action?.type !== 'retry' && action?.type !== 'goto')
          return limitedAt(failure, limited);
        if (action?.type === 'retry') {
          // retryLimit defaults to 1 (Arazzo 1.0.1 §4.6.17: "If not specified, a single retry").
          const key = `${step.stepId}\u0000${action.name}`;
          const used = retries.get(key) ?? 0;
          if (used < (action.retryLimit ?? 1)) {
            retries.set(key, used + 1);
            const wait = Math.min((action.retryAfter ?? 0) * 1000, this.plan.maxRetryAfterMs ?? 10_000);
            // Waited by the executor before the next request (WorkflowRequest.waitMs).
            if (wait > 0) this.waitMs = wait;
            if (action.stepId !== undefined) index = workflow.steps.findIndex((s) => s.stepId === action.stepId);
            continue;
          }
          if (limited !== undefined) return limitedAt(failure, limited);
          return fail(
            failure,
            `${describeFailure(step, ran.reason)} (after ${used} ${used === 1 ? 'retry' : 'retries'})`,
          );
        }
        if (action?.type === 'goto') {
          // The author handled this failure: the workflow goes on where the action says.
          if (action.workflowId !== undefined) return yield* this.gotoWorkflow(action, inputs, records, outputs, depth);
          index = workflow.steps.findIndex((s) => s.stepId === action.stepId);
          continue;
        }
        return fail(failure, describeFailure(step, ran.reason));
      }
      for (const [name, expression] of Object.entries(workflow.outputs))
        outputs[name] = evaluateExpression(expression, scopeNow());
    } catch (error) {
      if (error instanceof ExpressionError || error instanceof UnsupportedCriterionError)
        return skipped(`cannot be evaluated: ${error.message}`);
      if (error instanceof NotSentError) {
        if (depth > 0) throw error; // the calling workflow is skipped, not failed
        return skipped(error.message);
      }
      throw error;
    }
    return {
      status: 'passed',
      message: `${records.length} request${records.length === 1 ? '' : 's'}, every success criterion met`,
      records,
      outputs,
    };
  }

  private *gotoWorkflow(
    action: Action,
    inputs: Record<string, unknown>,
    records: StepRecord[],
    outputs: Record<string, unknown>,
    depth: number,
  ): Generator<WorkflowRequest, WorkflowOutcome, Exchange> {
    const id = (action.workflowId ?? '').replace(/^\$sourceDescriptions\.[^.]+\./, '');
    const target = this.plan.doc.workflows.find((w) => w.workflowId === id);
    if (!target)
      return { status: 'skipped', message: `action ${action.name} names unknown workflow ${id}`, records, outputs };
    const child = yield* this.run(target, { ...inputs, ...inputsFor(target, this.plan.credentials).inputs }, depth + 1);
    return { ...child, records: [...records, ...child.records] };
  }

  private *runStep(
    workflow: Workflow,
    step: Step,
    inputs: Record<string, unknown>,
    steps: Record<string, { outputs: Record<string, unknown> }>,
    outputs: Record<string, unknown>,
    depth: number,
    records: StepRecord[],
  ): Generator<
    WorkflowRequest,
    | { ok: true; scope: ExpressionScope }
    | {
        ok: false;
        reason: string;
        record: StepRecord | undefined;
        scope: ExpressionScope;
        expectedStatus?: number | undefined;
      },
    Exchange
  > {
    const base: ExpressionScope = { ...this.scopeBase(inputs), steps, outputs };
    if (step.workflowId !== undefined) {
      // A step that runs another workflow: its parameters are that workflow's inputs (Arazzo 1.0.1 §4.6.6).
      const id = step.workflowId.replace(/^\$sourceDescriptions\.[^.]+\./, '');
      const target = this.plan.doc.workflows.find((w) => w.workflowId === id);
      if (!target) return { ok: false, reason: `unknown workflow ${id}`, record: undefined, scope: base };
      const childInputs: Record<string, unknown> = { ...inputsFor(target, this.plan.credentials).inputs };
      for (const p of step.parameters) childInputs[p.name] = evaluateValue(p.value, base);
      const child = yield* this.run(target, childInputs, depth + 1);
      records.push(...child.records);
      const scope: ExpressionScope = { ...base, outputs: child.outputs };
      const own: Record<string, unknown> = {};
      for (const [name, expression] of Object.entries(step.outputs)) own[name] = evaluateExpression(expression, scope);
      steps[step.stepId] = { outputs: own };
      if (child.status === 'passed') return { ok: true, scope };
      return {
        ok: false,
        reason: `workflow ${id} ${child.status}: ${child.message}`,
        record: child.failure?.record,
        expectedStatus: child.failure?.expectedStatus,
        scope,
      };
    }
    const operation = operationOf(step, this.plan.contract);
    if (!operation)
      return {
        ok: false,
        reason: `${step.operationId ?? step.operationPath ?? '?'} is not an operation of the contract`,
        record: undefined,
        scope: base,
      };
    const merged = mergeParameters(workflow.parameters, step.parameters);
    const pathParams: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(this.plan.headers)) headers[name.toLowerCase()] = value;
    const cookies: string[] = [];
    for (const p of merged) {
      const value = evaluateValue(p.value, base);
      if (value === undefined) continue;
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (p.in === 'path') pathParams[p.name] = value;
      else if (p.in === 'query') query[p.name] = value;
      else if (p.in === 'header') headers[p.name.toLowerCase()] = text;
      else if (p.in === 'cookie') cookies.push(`${p.name}=${encodeURIComponent(text)}`);
    }
    // x-security (Respect's extension): each scheme's value placed where the contract's scheme says (credentials.ts).
    for (const x of step.security ?? []) {
      const value = securityValue(this.plan.contract, x.schemeName, (key) => evaluateValue(x.values[key], base));
      if (value === undefined) continue;
      for (const placement of new CredentialPlan(this.plan.contract, {}).placements(x.schemeName, value)) {
        if (placement.in === 'header') headers[placement.name.toLowerCase()] = placement.value;
        else if (placement.in === 'query') query[placement.name] = placement.value;
        else cookies.push(`${placement.name}=${encodeURIComponent(placement.value)}`);
      }
    }
    if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
    let body: string | undefined;
    let payload: unknown;
    if (step.requestBody && 'payload' in step.requestBody) {
      payload = evaluateValue(step.requestBody.payload, base);
      for (const r of step.requestBody.replacements)
        payload = replaceAt(payload, r.target, evaluateValue(r.value, base));
      const declared =
        operation.requestBody && 'content' in operation.requestBody
          ? Object.keys(operation.requestBody.content ?? {})[0]
          : undefined;
      const contentType = step.requestBody.contentType ?? declared ?? 'application/json';
      headers['content-type'] = contentType;
      body = isJsonMediaType(contentType) || typeof payload !== 'string' ? JSON.stringify(payload) : payload;
    }
    const url = this.url(operation, pathParams, query);
    const method = operation.method.toUpperCase();
    const outcome = yield* this.take(operation, { method, url, headers, body }, `${method} ${operation.path}`);
    // The session stopped sending to the target (it kept timing out): nothing was asked, nothing is judged.
    if (!outcome.ok && outcome.error.kind === 'not_sent') throw new NotSentError(outcome.error.message);
    const uses: { step: string; output: string; in: 'path' | 'body'; name: string; value: unknown }[] = [];
    for (const p of merged) {
      const ref = p.in === 'path' ? stepReference(p.value) : undefined;
      if (ref) uses.push({ ...ref, in: 'path', name: p.name, value: pathParams[p.name] });
    }
    if (step.requestBody && 'payload' in step.requestBody && isRecord(step.requestBody.payload) && isRecord(payload)) {
      for (const [name, template] of Object.entries(step.requestBody.payload)) {
        const ref = stepReference(template);
        if (ref) uses.push({ ...ref, in: 'body', name, value: payload[name] });
      }
    }
    const readOutputs = Object.entries(step.outputs).flatMap(([name, expression]) =>
      typeof expression === 'string' && expression.startsWith('$response.body#')
        ? [{ name, pointer: expression.slice('$response.body#'.length), value: undefined as unknown }]
        : [],
    );
    const record: StepRecord = {
      stepId: step.stepId,
      operation,
      request: { method, url: this.redactUrl(url), headers: this.redactHeaders(headers), body },
      response: outcome.ok ? outcome.response : undefined,
      error: outcome.ok ? undefined : outcome.error,
      outputs: readOutputs,
      uses,
    };
    records.push(record);
    if (!outcome.ok) return { ok: false, reason: `no response: ${outcome.error.message}`, record, scope: base };
    const response = outcome.response;
    const scope: ExpressionScope = {
      ...base,
      url,
      method,
      statusCode: response.status,
      request: { headers, query, path: pathParams, body: payload },
      response: { headers: response.headers, body: parseBody(response) },
    };
    const failed: string[] = [];
    const unmet: Criterion[] = [];
    for (const criterion of step.successCriteria) {
      const result = evaluateCriterion(criterion, scope);
      if (result.passed) continue;
      failed.push(result.detail);
      unmet.push(criterion);
    }
    const own: Record<string, unknown> = {};
    for (const [name, expression] of Object.entries(step.outputs)) own[name] = evaluateExpression(expression, scope);
    for (const o of readOutputs) o.value = own[o.name];
    steps[step.stepId] = { outputs: own };
    if (failed.length > 0)
      return {
        ok: false,
        reason: `success criteri${failed.length === 1 ? 'on' : 'a'} not met: ${failed.join('; ')}`,
        record,
        scope,
        // What the judge's contract-first rule reads (judge/policies.ts): the status the step asked for, if that was all it missed.
        expectedStatus: unmet.length === 1 ? statusAskedFor(unmet[0]!) : undefined,
      };
    return { ok: true, scope };
  }

  /**
   * The request URL: path and query parameters serialised in their declared style and explode
   * (OAS 3.0.3 §4.7.12.4) by the kernel, as the runner's session sends them; the key's fragment
   * is never sent (RFC 3986 §3.5). A value for a parameter the operation does not declare is sent
   * in the defaults (`simple` in the path, `form` exploded in the query).
   */
  private url(
    operation: Operation,
    pathParams: Readonly<Record<string, unknown>>,
    query: Readonly<Record<string, unknown>>,
  ): string {
    const declared = (name: string, where: 'path' | 'query') =>
      operation.parameters.find((p) => p.name === name && p.in === where);
    const key = withoutQueryParameterMembers(
      requestPath(operation.path),
      (name) => declared(name, 'query') !== undefined && declared(name, 'path') === undefined,
    );
    const filled = key.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = pathParams[name];
      const p = declared(name, 'path');
      if (value === undefined) return encodeURIComponent(`{${name}}`);
      return p ? serialisePath(p, value) : encodeURIComponent(String(value));
    });
    const qs = Object.entries(query)
      .flatMap(([name, value]) => serialiseQuery(declared(name, 'query'), name, value))
      .join('&');
    return `${this.plan.target.replace(/\/+$/, '')}${withQuery(filled, qs)}`;
  }

  /** Credentials never reach a report: the API key becomes the placeholder curl.ts expands from $CONFORMANCE_API_KEY. */
  private redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const { apiKey, bearer, basic, byScheme } = this.plan.credentials;
    const secrets = [
      bearer,
      basic ? Buffer.from(`${basic.user}:${basic.password}`).toString('base64') : undefined,
      basic?.password,
      ...Object.values(byScheme ?? {}).filter((v) => v !== apiKey && v.length >= 4),
    ].filter((s): s is string => !!s);
    const out: Record<string, string> = {};
    const basicHeader = basic
      ? `Basic ${Buffer.from(`${basic.user}:${basic.password}`).toString('base64')}`
      : undefined;
    for (const [name, value] of Object.entries(headers)) {
      // The credentials the reproduce script reads from the environment (http/curl.ts), else the whole value hidden.
      if (apiKey !== undefined && value === apiKey) out[name] = REDACTED_KEY;
      else if (bearer !== undefined && value === `Bearer ${bearer}`)
        out[name] = `Bearer ${redactedAs(CREDENTIAL_ENV.bearer)}`;
      else if (basicHeader !== undefined && value === basicHeader)
        out[name] = `Basic ${redactedAs(CREDENTIAL_ENV.basic)}`;
      else if (
        secrets.some((s) => value.includes(s)) ||
        (apiKey !== undefined && apiKey.length >= 4 && value.includes(apiKey))
      )
        out[name] = '<redacted>';
      else out[name] = value;
    }
    return out;
  }

  private redactUrl(url: string): string {
    const secrets = [
      this.plan.credentials.apiKey,
      this.plan.credentials.bearer,
      ...Object.values(this.plan.credentials.byScheme ?? {}),
    ].filter((s): s is string => !!s && s.length >= 4);
    let out = url;
    for (const s of secrets) out = out.split(encodeURIComponent(s)).join('<redacted>').split(s).join('<redacted>');
    return out;
  }

  private toResult(workflow: Workflow, outcome: WorkflowOutcome): CheckResult {
    const check = workflowCheckName(workflow.workflowId);
    const record = outcome.failure?.record;
    const exchange: Exchange | undefined = record
      ? {
          seq: ++this.seq,
          operationId: record.operation.id,
          requestedOperationId: record.operation.id,
          kind: 'workflow',
          request: record.request,
          response: record.response,
          error: record.error,
          input: undefined,
          context:
            outcome.failure?.expectedStatus === undefined ? {} : { expectedStatus: outcome.failure.expectedStatus },
        }
      : undefined;
    return {
      check,
      operation: this.plan.doc.file,
      status: outcome.status,
      message:
        outcome.status === 'passed' && workflow.summary
          ? `${workflow.summary} ${outcome.message}`
          : outcome.status === 'failed' && (workflow.description ?? workflow.summary)
            ? `${outcome.message} ${plainRule(workflow.description ?? workflow.summary ?? '')}`
            : outcome.message,
      exchange,
      smallestInput: undefined,
      reproduce:
        outcome.status === 'failed'
          ? reproduceScript(workflow.workflowId, outcome.records, outcome.failure?.stepId)
          : undefined,
      judged: outcome.records.length,
    };
  }
}

/** A step the session held back (circuit breaker): the workflow is skipped, never failed. */
class NotSentError extends Error {
  override readonly name = 'NotSentError';
}

function describeFailure(step: Step, reason: string): string {
  return `step ${step.stepId} (${step.operationId ?? step.operationPath ?? step.workflowId ?? '?'}): ${reason}`;
}

/** Step parameters override the workflow's of the same name and location (Arazzo 1.0.1 §4.6.4). */
function mergeParameters(workflowLevel: readonly Parameter[], stepLevel: readonly Parameter[]): Parameter[] {
  const key = (p: Parameter): string => `${p.in ?? ''}\u0000${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
  const out = new Map<string, Parameter>();
  for (const p of [...workflowLevel, ...stepLevel]) out.set(key(p), p);
  return [...out.values()];
}

/** The first action whose criteria all hold (Arazzo 1.0.1 §4.6.16–17: actions apply in order). */
function firstApplicable(actions: readonly Action[], scope: ExpressionScope): Action | undefined {
  return actions.find((a) => a.criteria.every((c: Criterion) => evaluateCriterion(c, scope).passed));
}

/** A Payload Replacement (Arazzo 1.0.1 §4.6.11): the target is a JSON pointer into the payload. */
function replaceAt(payload: unknown, target: string, value: unknown): unknown {
  if (target === '' || target === '/') return value;
  if (resolvePointer(payload, target) === undefined && !target.startsWith('/'))
    throw new ExpressionError(`replacement target ${target} is not a JSON pointer`);
  const copy: unknown = structuredClone(payload);
  const tokens = target
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop() ?? '';
  let parent: unknown = copy;
  for (const t of tokens) parent = resolvePointer(parent, `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  if (Array.isArray(parent) && /^\d+$/.test(last)) parent[Number(last)] = value;
  else if (typeof parent === 'object' && parent !== null) Reflect.set(parent, last, value);
  return copy;
}

function parseBody(response: RecordedResponse): unknown {
  const type = response.headers['content-type'] ?? '';
  if (response.body.length === 0) return undefined;
  if (isJsonMediaType(type) || /^\s*[[{]/.test(response.body)) {
    try {
      return JSON.parse(response.body) as unknown;
    } catch {
      return response.body;
    }
  }
  return response.body;
}
