import type { SchemaValidator, Contract } from '../../src/contract/index.js';
import type { Session } from '../session.js';
import type { CheckResult } from '../types.js';
import { RULES, runRules } from '../rules/index.js';
import type { ArazzoDocument } from './document.js';
import { isKnownWorkflowCheck, runWorkflows } from './index.js';
import type { WorkflowCredentials } from './options.js';

/** What the runner passes on to the workflows and the generic rules (RunOptions.extra). */
export interface ExtraCheckOptions {
  /** The loaded --workflows documents; none: no workflows run. */
  readonly documents?: readonly ArazzoDocument[];
  /** Credentials beyond --api-key (bearer, basic), for workflow inputs. */
  readonly credentials?: WorkflowCredentials;
  /** false: the generic rules (conformance/rules) do not run. */
  readonly rules?: boolean;
}

interface HookInput {
  readonly options: {
    readonly apiKey?: string | undefined;
    readonly headers?: Readonly<Record<string, string>>;
    readonly checks?: readonly string[] | undefined;
    readonly skipChecks?: readonly string[] | undefined;
    readonly operations?: readonly string[] | undefined;
    readonly extra?: ExtraCheckOptions;
  };
  readonly session: Session;
  readonly contract: Contract;
  readonly validator: SchemaValidator;
  readonly target: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
}

/** Whether --checks / --skip-checks may name this (a workflow of the loaded files, or a generic rule). */
export function extraCheckKnown(name: string, extra: ExtraCheckOptions | undefined): boolean {
  return isKnownWorkflowCheck(name, extra?.documents ?? []) || RULES.some((r) => r.name === name);
}

/** The runner's one call: workflows, then the generic rules; their results join the per-operation ones. */
export async function runExtraChecks(input: HookInput): Promise<CheckResult[]> {
  const { options } = input;
  const results: CheckResult[] = [];
  const documents = options.extra?.documents ?? [];
  if (documents.length > 0) {
    results.push(
      ...(await runWorkflows({
        documents,
        contract: input.contract,
        target: input.target,
        credentials: { apiKey: options.apiKey, ...(options.extra?.credentials ?? {}) },
        headers: options.headers ?? {},
        timeoutMs: input.timeoutMs,
        maxResponseBytes: input.maxResponseBytes,
        checks: options.checks,
        skipChecks: options.skipChecks,
        operations: options.operations,
        // Workflows send through their own client: a target the session stopped sending to (it kept
        // timing out) gets no more requests from them either.
        heldBack: input.session.breakerState.reason,
      })),
    );
  }
  if (options.extra?.rules !== false) {
    const wanted = (name: string): boolean =>
      !(options.skipChecks ?? []).includes(name) && (!options.checks || options.checks.length === 0 || options.checks.includes(name));
    results.push(...(await runRules({ contract: input.contract, session: input.session, validator: input.validator, hasKey: options.apiKey !== undefined, wanted, operations: options.operations })));
  }
  return results;
}
