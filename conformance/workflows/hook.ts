import type { Contract } from '../../src/contract/index.js';
import type { CredentialPlan } from '../credentials.js';
import type { Session } from '../session.js';
import type { WorkflowRun } from '../registry/types.js';
import type { ArazzoDocument } from './document.js';
import { isKnownWorkflowCheck } from './index.js';
import type { WorkflowCredentials } from './options.js';

/** What the runner passes on to the workflows and the probe checks (RunOptions.extra). */
export interface ExtraCheckOptions {
  /** The loaded --workflows documents; none: no workflows run. */
  readonly documents?: readonly ArazzoDocument[];
  /**
   * Workflow inputs to use instead of the ones taken from the run's credentials (each field given
   * wins); by default the inputs come from the same credential plan the checks use.
   */
  readonly credentials?: WorkflowCredentials;
  /** false: the probe checks (conformance/probes, the CLI's generic rules) do not run. */
  readonly probes?: boolean;
}

interface HookInput {
  readonly options: {
    readonly headers?: Readonly<Record<string, string>>;
    readonly checks?: readonly string[] | undefined;
    readonly skipChecks?: readonly string[] | undefined;
    readonly operations?: readonly string[] | undefined;
    readonly extra?: ExtraCheckOptions;
  };
  readonly session: Session;
  readonly contract: Contract;
  readonly target: string;
}

/** Whether --checks / --skip-checks may name this as a workflow of the loaded files (`workflow:<id>`, `workflow:*`). */
export function workflowKnown(name: string, extra: ExtraCheckOptions | undefined): boolean {
  return isKnownWorkflowCheck(name, extra?.documents ?? []);
}

/**
 * The credentials workflows receive as inputs, from the run's one credential plan: whatever flag
 * gave them (--api-key, --bearer, --basic, --auth SCHEME=VALUE, or a --header carrying them), the
 * value of the contract's first scheme of each kind, and each scheme's value under its own name.
 */
export function workflowCredentials(plan: CredentialPlan, override: WorkflowCredentials = {}): WorkflowCredentials {
  const basic = plan.secretOfKind('basic');
  const colon = basic?.indexOf(':') ?? -1;
  return {
    apiKey: override.apiKey ?? plan.secretOfKind('apiKey'),
    bearer: override.bearer ?? plan.secretOfKind('bearer'),
    basic:
      override.basic ??
      (basic !== undefined && colon >= 0
        ? { user: basic.slice(0, colon), password: basic.slice(colon + 1) }
        : undefined),
    byScheme: { ...plan.secretsByScheme(), ...(override.byScheme ?? {}) },
  };
}

/**
 * The runner's workflows: the loaded documents and what their plan reads of the run (its selection,
 * its credentials as inputs, the session's circuit breaker); no documents, no workflows.
 */
export function workflowRun(input: HookInput): { documents: readonly ArazzoDocument[]; run: WorkflowRun } {
  const { options } = input;
  return {
    documents: options.extra?.documents ?? [],
    run: {
      contract: input.contract,
      target: input.target,
      credentials: workflowCredentials(input.session.credentials, options.extra?.credentials),
      headers: options.headers ?? {},
      checks: options.checks,
      skipChecks: options.skipChecks,
      operations: options.operations,
      heldBack: input.session.breakerState.reason,
    },
  };
}
