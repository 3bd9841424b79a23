import type { Contract } from '../src/contract/index.js';
import { contractInfo, runNotices } from './diagnostics.js';
import { runConformance, type RunOptions } from './runner.js';
import type { Exchange, RunReport } from './types.js';
import type { ArazzoDocument } from './workflows/document.js';

/** A run as `petstore-conformance` composes it: the per-operation checks, the generic rules and the workflows. */
export interface ComposedRunOptions extends Omit<RunOptions, 'extra' | 'contract'> {
  readonly contract: Contract;
  /** Where the contract came from, for the reports' header. */
  readonly contractSource: string;
  /** The workflows to run after the checks (loadWorkflows). */
  readonly documents: readonly ArazzoDocument[];
}

export interface ComposedRun {
  /** The report, with the run's notices. */
  readonly report: RunReport;
  /** Every exchange of the run, in order. */
  readonly exchanges: readonly Exchange[];
}

/**
 * The one composition of a full run, shared by the CLI and the self-consistency suite
 * (test/self-consistency/) so that the suite judges exactly what a user's `petstore-conformance`
 * run judges.
 */
export async function runComposed(options: ComposedRunOptions): Promise<ComposedRun> {
  const { contractSource, documents, onProgress, ...run } = options;
  const exchanges: Exchange[] = [];
  const report = await runConformance({
    ...run,
    // Workflow inputs named like credentials take the run's own, from the same plan as the checks (workflows/hook.ts).
    extra: { documents },
    onProgress: (event) => {
      if (event.type === 'exchange') exchanges.push(event.exchange);
      onProgress?.(event);
    },
  });
  const about = contractInfo(options.contract, contractSource);
  return {
    report: runNotices({ ...report, contract: report.contract ?? about }, exchanges, options.contract),
    exchanges,
  };
}
