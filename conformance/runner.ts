import { schemaValidatorFor, type Contract } from '../src/contract/index.js';
import { Random } from './cases/random.js';
import { requestBodyOf, validBody, validParams } from './cases/inputs.js';
import { schemaNames } from './cases/discriminator.js';
import { contractProblems } from './contract-check.js';
import { CredentialPlan } from './credentials.js';
import { refusedCredentials } from './diagnostics.js';
import { SelectionError } from './errors.js';
import { execute } from './execute/index.js';
import { assertReachable, effectiveBasePath, servesAtRoot } from './execute/target.js';
import { executeProbes, executeWorkflows, runTag, type WorkflowCell } from './execute/probes.js';
import { checkContext, judge, judgeProbes, judgeWorkflowCells } from './judge/index.js';
import { planRun, select } from './plan/index.js';
import { buildReport } from './report/index.js';
import { WORKFLOW_FAMILIES } from './registry/index.js';
import { Resources } from './resources.js';
import { DEFAULT_BREAKER, Session, type CircuitBreaker, type RetryBudget } from './session.js';
import { shrinkFailures } from './shrink/index.js';
import type { ProgressEvent, RunReport } from './types.js';
import { workflowKnown, workflowRun, type ExtraCheckOptions } from './workflows/hook.js';
import type { UserInputs } from './user-inputs.js';

export { SelectionError, TargetUnreachableError } from './errors.js';
export { basePathProbe, effectiveBasePath } from './execute/target.js';

export interface RunOptions {
  readonly target: string;
  readonly contract: Contract;
  readonly apiKey?: string | undefined;
  /** http bearer, oauth2 and openIdConnect schemes (PRODUCT.md §4 --bearer). */
  readonly bearer?: string | undefined;
  /** http basic schemes, `USER:PASS` (--basic). */
  readonly basic?: string | undefined;
  /** Values for named security schemes (--auth SCHEME=VALUE). */
  readonly auth?: Readonly<Record<string, string>> | undefined;
  /** The path before every contract path; default: the contract's first `servers` path unless the target has it. */
  readonly basePath?: string | undefined;
  /** Values for the valid requests of operations, by operationId (--inputs; conformance/user-inputs.ts). */
  readonly inputs?: UserInputs | undefined;
  /** How long rate limits are waited out (see session.ts). */
  readonly retry?: RetryBudget | undefined;
  readonly headers?: Readonly<Record<string, string>>;
  /** Only these checks (names); all by default. */
  readonly checks?: readonly string[] | undefined;
  readonly skipChecks?: readonly string[] | undefined;
  /** Only these operations (operationIds); all by default. */
  readonly operations?: readonly string[] | undefined;
  /**
   * A shard's share (conformance/shard): the operations whose coverage this run reports. The run
   * still sends every request of the selection that can change the target's state, in the whole
   * run's order, so each of these is judged on the state the whole run judges it on. The report's
   * results are still the whole selection's: conformance/shard ownedResults keeps the share's.
   */
  readonly shareOf?: readonly string[] | undefined;
  readonly timeoutMs?: number;
  readonly seed?: number;
  /**
   * The run's own tag (ProbeRun.tag: the filter probe's fresh values). Default: from the run's start
   * (runTag), so two runs against a service that keeps its data never send the same "fresh" value;
   * a caller whose target starts empty each run (the self-consistency suite) fixes it, and the run
   * sends the same requests every time.
   */
  readonly tag?: string;
  readonly examples?: number;
  readonly strict?: boolean;
  /** Response bodies larger than this are not read (reported `too_large`). */
  readonly maxResponseBytes?: number;
  /** When to stop sending to a target that keeps timing out; false: never stop. */
  readonly circuitBreaker?: CircuitBreaker | false;
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Arazzo workflows and the probe checks (generic rules) run after the per-operation checks (conformance/workflows/hook.ts). */
  readonly extra?: ExtraCheckOptions;
}

export const DEFAULTS = {
  timeoutMs: 5000,
  seed: 42,
  examples: 3,
  maxResponseBytes: 4 * 1024 * 1024,
  circuitBreaker: DEFAULT_BREAKER,
} as const;

/**
 * Runs every selected check against the target, in four steps (README "Layout"):
 * plan (conformance/plan: what to send, from the contract and the checks' declared needs),
 * execute (conformance/execute: one session sends it all and records it), judge
 * (conformance/judge: pure functions of the recorded exchanges), then shrink failing inputs
 * (conformance/shrink); workflows and probe checks (conformance/registry) send through the same session; the report
 * and its verdict (conformance/report). Returns the report; prints nothing.
 */
export async function runConformance(options: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const { contract } = options;
  const seed = options.seed ?? DEFAULTS.seed;
  const examples = Math.max(1, options.examples ?? DEFAULTS.examples);
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
  const progress = options.onProgress ?? ((): void => undefined);

  const selected = select(contract, {
    checks: options.checks,
    skipChecks: options.skipChecks,
    operations: options.operations,
    knownElsewhere: (name) => workflowKnown(name, options.extra),
  });
  // extra.probes false: the probe checks (generic rules) neither run nor ask for requests.
  const probes = options.extra?.probes === false ? [] : selected.probes;
  await assertReachable(options.target, timeoutMs);
  // An invalid contract is the user's to fix, not the server's fault (a usage error, exit 2). Checked
  // after the probe, never while it is on the wire: the check holds the event loop for a moment, and
  // a probe timer firing before its connection is seen would call a live target unreachable.
  const problems = await contractProblems(contract);
  if (problems.length > 0)
    throw new SelectionError(
      `the contract is not a valid OpenAPI ${contract.document.openapi} document: ${problems.join('; ')}`,
    );
  const rng = new Random(seed);
  // Compiled validators shared with earlier runs on the same contract in this process; notices are this run's.
  const validator = schemaValidatorFor(contract);
  let total = 0;
  const credentials = new CredentialPlan(contract, {
    apiKey: options.apiKey,
    bearer: options.bearer,
    basic: options.basic,
    byScheme: options.auth,
    headers: options.headers,
  });
  const notices: string[] = [...contract.notExercised];
  for (const name of Object.keys(options.auth ?? {})) {
    if (!contract.securitySchemes.has(name))
      throw new SelectionError(
        `--auth ${name}=…: the contract has no security scheme "${name}" (known: ${[...contract.securitySchemes.keys()].join(', ') || 'none'})`,
      );
  }
  let basePath = effectiveBasePath(options.target, contract.basePath, options.basePath);
  if (
    basePath &&
    options.basePath === undefined &&
    (await servesAtRoot(options.target, basePath, contract, timeoutMs))
  ) {
    notices.push(
      `the target serves the contract's paths without the base path ${basePath} of its servers entry (as Prism's mock does): requests go to ${options.target.replace(/\/+$/, '')} (override with --base-path)`,
    );
    basePath = '';
  }
  if (basePath)
    notices.push(
      `requests go to ${options.target.replace(/\/+$/, '')}${basePath}: the base path ${options.basePath !== undefined ? 'given with --base-path' : "of the contract's first servers entry"} (override with --base-path)`,
    );

  // 1. Plan: from the contract, the selection and the credentials; nothing is sent.
  const plan = planRun(contract, { ...selected, probes }, credentials);
  notices.push(...plan.notices);

  // 2. Execute: one session sends and records everything of the run (checks, rules, workflows).
  const fillRng = rng.fork(2);
  const session = new Session(
    contract,
    {
      target: options.target,
      basePath,
      credentials,
      retry: options.retry,
      headers: options.headers ?? {},
      timeoutMs,
      maxResponseBytes,
      wrongKey: `conformance-wrong-key-${seed}`,
      circuitBreaker: options.circuitBreaker ?? DEFAULTS.circuitBreaker,
      // Its own stream, so filling a follow-up's parameters does not shift the generated inputs.
      requiredValue: (p) => validParams([p], fillRng, 'random', validator)[p.name],
      requiredBody: (op) => {
        const plan = requestBodyOf(op);
        const body = plan ? validBody(op, fillRng, 'random', validator, schemaNames(contract)) : undefined;
        return plan && body !== undefined ? { body, contentType: plan.mediaType } : undefined;
      },
    },
    (exchange) => progress({ type: 'exchange', exchange, total: ++total }),
  );
  try {
    const resources = new Resources(contract, session, validator, rng.fork(1));
    const share = options.shareOf ? new Set(options.shareOf) : undefined;
    const execution = await execute({
      plan,
      contract,
      session,
      resources,
      validator,
      credentials,
      rng,
      examples,
      inputs: options.inputs,
      onPhase: (phase) => progress({ type: 'phase', phase }),
      replayOnly: share ? (op) => !share.has(op.id) : undefined,
    });
    const internalErrors = [...execution.internalErrors];
    const internalError = (operation: string, error: unknown): void =>
      void internalErrors.push(
        `${operation}: internal error while judging it: ${error instanceof Error ? error.message : String(error)}`,
      );

    // 3. Judge: pure functions of the recorded exchanges; then shrink the failing inputs.
    progress({ type: 'phase', phase: 'judging' });
    const ctx = checkContext(contract, validator, plan.operations);
    const strict = options.strict ?? false;
    const judgement = judge({
      ctx,
      checks: plan.checks,
      operations: plan.operations,
      exchanges: session.exchanges,
      notes: execution.notes,
      strict,
    });
    for (const { operation, error } of judgement.internalErrors) internalError(operation, error);
    const results = await shrinkFailures({ judgement, session, ctx, validator, onInternalError: internalError });
    if (session.retried > 0)
      notices.push(`rate limits: ${session.retried} request(s) were sent again after waiting out Retry-After`);
    notices.push(...validator.notices);

    // The workflows, then the probe checks, after the per-operation checks, through the same session.
    progress({ type: 'phase', phase: 'workflows' });
    // Workflows address the target as the per-operation requests do: under the same base path.
    const workflowTarget = `${options.target.replace(/\/+$/, '')}${basePath}`;
    const { documents, run } = workflowRun({ options, session, contract, target: workflowTarget });
    const workflowCells: WorkflowCell[] = [];
    // Steps go through the run's session: its timeouts, circuit breaker and Retry-After waits.
    for (const entry of WORKFLOW_FAMILIES)
      workflowCells.push(
        ...(await executeWorkflows(
          entry,
          documents.map((doc) => entry.plan(doc, run)),
          session,
        )),
      );
    // A workflow's failure is about its failing step's operation: the policies read that one's x-stability.
    results.push(...judgeWorkflowCells(workflowCells, ctx, strict));
    const cells = await executeProbes({
      probes: plan.probes,
      contract,
      session,
      credentials,
      operations: plan.operations,
      tag: options.tag ?? runTag(startedAt),
    });
    const probeJudgement = judgeProbes(cells, ctx, strict);
    for (const { operation, error } of probeJudgement.internalErrors) internalError(operation, error);
    results.push(...probeJudgement.results);
    if (internalErrors.length > 0) notices.push(...internalErrors);

    // 4. Report: the results, coverage and notices; its verdict is report/verdict.ts (verdictOf).
    // Checked on the per-operation exchanges, which carry the credentials where the contract says.
    const credentialsRefused = refusedCredentials(session.exchanges, contract, credentials.givenFlags());
    if (credentialsRefused !== undefined) notices.unshift(credentialsRefused);
    const report = buildReport({
      target: options.target,
      seed,
      examples,
      strict: options.strict ?? false,
      startedAt,
      operations: share ? plan.operations.filter((o) => share.has(o.id)) : plan.operations,
      checks: plan.checks.map((c) => c.name),
      results,
      session,
      notes: execution.notes,
      notices,
      credentialsRefused,
      internalErrors,
    });
    progress({ type: 'done', report });
    return report;
  } finally {
    session.close();
  }
}
