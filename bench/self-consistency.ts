/**
 * Self-consistency (issue 18 item 5): the kit's runner, composed exactly as `petstore-conformance`
 * composes it and given every credential, against the kit's own mock serving the same document.
 * Every failed result is a disagreement between the two halves, unless it is a documented defect of
 * the document itself (test/self-consistency/contract-defects.ts). Used by the suite
 * (test/self-consistency/) and by the README's table (bench/self-consistency-table.ts).
 */
import { bundledContractPath, loadContract } from '../src/contract/index.js';
import { start, type RunningMock } from '../src/index.js';
import { runComposed } from '../conformance/composed-run.js';
import { runTag } from '../conformance/execute/probes.js';
import { DEFAULTS } from '../conformance/runner.js';
import type { CheckResult, RunReport } from '../conformance/types.js';
import { loadWorkflows } from '../conformance/workflows/load.js';

/** The credentials both halves are given: the mock accepts exactly these, the runner sends them. */
export const CREDENTIALS = { apiKey: 'k', bearer: 't', basic: 'u:p' } as const;

/** A failure the document itself causes, in its own words, with the construct fixture that shows the rule. */
export interface ContractDefect {
  /** The document's short name (fixtures/corpus or fixtures/holdout index). */
  readonly document: string;
  readonly check: string;
  readonly operation: string;
  /** What the document says, quoted. */
  readonly quote: string;
  /** Why that is a defect of the document (the OAS / JSON Schema rule it breaks). */
  readonly why: string;
  /** The construct fixture (fixtures/constructs/cases.ts) that shows the rule on a minimal contract. */
  readonly construct: string;
}

export interface SelfConsistencyOptions {
  /** Generated cases per operation; the CLI's default unless a document needs fewer (say so where it is used). */
  readonly examples?: number;
  readonly defects?: readonly ContractDefect[];
  /** Per-request time limit; SUITE_TIMEOUT_MS unless given (the test suite stretches it with the machine's load). */
  readonly timeoutMs?: number;
  /**
   * A mock already serving `file` with CREDENTIALS, used instead of a fresh one (reset to its seeded
   * state first, `POST /__mock/reset`) and left running: for a caller that runs the same document again.
   */
  readonly mock?: RunningMock;
}

export interface SelfConsistencyResult {
  readonly name: string;
  /** The document's `openapi` version. */
  readonly openapi: string;
  readonly operations: number;
  /** Results that judged something (passed, failed or warned). */
  readonly judged: number;
  /** Every failed result, with the run's internal errors as failures of the run. */
  readonly failures: readonly CheckResult[];
  /** The failures that are documented defects of the document. */
  readonly defects: readonly CheckResult[];
  /** The failures that are not: disagreements between the mock and the runner. */
  readonly disagreements: readonly CheckResult[];
  readonly mockStartMs: number;
  readonly runMs: number;
  readonly report: RunReport;
}

/**
 * Documents judged with fewer generated cases than the CLI's default, and why. Stripe (384 operations,
 * 2.8 MB): one case per operation already judges about 4,000 results in about 5 minutes of CPU, the
 * issue-22 target for a big contract is `--examples 1`; three would triple the suite's longest file.
 */
/** Per-request time limit of the suite's runs (the CLI's default is 5 s; see its use). */
export const SUITE_TIMEOUT_MS = 30_000;

/** The probe tag of every suite run (RunOptions.tag): a fixed start, so each run sends what the last one sent. */
export const SUITE_TAG = runTag(new Date('2026-01-01T00:00:00Z'));

export const EXAMPLES_PER_DOCUMENT: Readonly<Record<string, number>> = { 'stripe-v1': 1 };

const runFailure = (message: string): CheckResult => ({
  check: 'run',
  operation: '(run)',
  status: 'failed',
  message,
  exchange: undefined,
  smallestInput: undefined,
  reproduce: undefined,
  judged: 0,
});

const isDefect = (name: string, result: CheckResult, defects: readonly ContractDefect[]): boolean =>
  defects.some((d) => d.document === name && d.check === result.check && d.operation === result.operation);

/** How an open disagreement is named in test/self-consistency/open-disagreements.ts: the check and the operation (messages carry run-specific ids). */
export const disagreementKey = (result: Pick<CheckResult, 'check' | 'operation'>): string =>
  `${result.check} › ${result.operation}`;

/** Starts the mock on `file`, runs the runner against it as the CLI does, stops the mock. */
export async function selfConsistency(
  name: string,
  file: string,
  options: SelfConsistencyOptions = {},
): Promise<SelfConsistencyResult> {
  const contract = await loadContract(file);
  // The CLI's default workflows: none given, none disabled (a *.arazzo.yaml beside the document, if any).
  const documents = await loadWorkflows({ files: undefined, disabled: false }, file, bundledContractPath, contract);
  const started = performance.now();
  if (options.mock) {
    const res = await fetch(`${options.mock.url}/__mock/reset`, { method: 'POST' });
    if (res.status !== 204) throw new Error(`POST ${options.mock.url}/__mock/reset answered ${res.status}`);
  }
  const mock =
    options.mock ??
    (await start({
      port: 0,
      spec: file,
      apiKeys: [CREDENTIALS.apiKey],
      tokens: [CREDENTIALS.bearer],
      basic: [CREDENTIALS.basic],
    }));
  const mockStartMs = performance.now() - started;
  let report: RunReport;
  const ran = performance.now();
  try {
    ({ report } = await runComposed({
      target: mock.url,
      contract,
      contractSource: file,
      documents,
      apiKey: CREDENTIALS.apiKey,
      bearer: CREDENTIALS.bearer,
      basic: CREDENTIALS.basic,
      auth: {},
      headers: {},
      // The CLI's 5 s would judge the machine, not the mock: the suite runs four files at once on
      // two cores, and an operation's first request compiles its validators (the lazy engine).
      timeoutMs: options.timeoutMs ?? SUITE_TIMEOUT_MS,
      seed: DEFAULTS.seed,
      // The mock starts empty (or is reset) for each run, so no value of an earlier run is held: one tag
      // makes the filter probe send the same values, and the mock draw the same answers, in every run.
      tag: SUITE_TAG,
      examples: options.examples ?? EXAMPLES_PER_DOCUMENT[name] ?? DEFAULTS.examples,
      strict: false,
    }));
  } finally {
    if (!options.mock) await mock.close();
  }
  const runMs = performance.now() - ran;
  const failures: CheckResult[] = [
    ...report.results.filter((r) => r.status === 'failed'),
    // Every credential refused is no verdict for the CLI (exit 2); here it is the mock refusing what it was told to accept.
    ...(report.credentialsRefused === undefined
      ? []
      : [runFailure(`credentials refused: ${report.credentialsRefused}`)]),
    ...(report.internalErrors ?? []).map((message) => runFailure(`internal error: ${message}`)),
  ];
  const defects = failures.filter((f) => isDefect(name, f, options.defects ?? []));
  return {
    name,
    openapi: contract.document.openapi,
    operations: contract.operations.length,
    judged: report.summary.passed + report.summary.failed + report.summary.warnings,
    failures,
    defects,
    disagreements: failures.filter((f) => !defects.includes(f)),
    mockStartMs,
    runMs,
    report,
  };
}

/** One line per failing result: check, operation, message (the suite's failure message). */
export function describeFailures(results: readonly CheckResult[]): string {
  return results.map((r) => `  ${r.check} › ${r.operation}: ${r.message.split('\n')[0] ?? ''}`).join('\n');
}
