import { schemaValidatorFor, type Contract, type Operation } from '../../src/contract/index.js';
import { CHECKS } from '../registry/index.js';
import { checkContext } from '../judge/index.js';
import type { CheckResult, RunReport } from '../types.js';
import type { ArazzoDocument } from '../workflows/document.js';
import { operationsOfWorkflow } from '../workflows/index.js';

export interface Shard {
  readonly k: number;
  readonly n: number;
}

/** `K/N` with 1 ≤ K ≤ N; undefined when the text is not that. */
export function parseShard(text: string): Shard | undefined {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  if (!m) return undefined;
  const k = Number(m[1]);
  const n = Number(m[2]);
  return k >= 1 && n >= 1 && k <= n ? { k, n } : undefined;
}

/** FNV-1a, 32 bits: the same on every machine and Node version, unlike anything seeded. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The shard (1..n) an operation belongs to: by its operationId, which the kernel names from method and path when the contract gives none. */
export function shardOf(op: Operation, n: number): number {
  return (fnv1a(op.id) % n) + 1;
}

export function shardOperations(contract: Contract, shard: Shard): Operation[] {
  return contract.operations.filter((o) => shardOf(o, shard.n) === shard.k);
}

/** The operation a workflow starts in: its first step's (through the workflows it calls). */
function startOf(doc: ArazzoDocument, workflowId: string, contract: Contract): string | undefined {
  return operationsOfWorkflow(doc, workflowId, contract)[0];
}

/**
 * Keeps the results this shard owns: those of its operations, and of the workflows that start in
 * them (a workflow that starts nowhere, and a result under no operation, belong to shard 1). A
 * check that applies to an operation only in the context of the whole selection (method_not_allowed
 * reports under the first operation of each path) is asked again with the whole run's context, so a
 * path's result is kept once, by the shard of the operation the whole run reports it under.
 */
export function ownedResults(
  results: readonly CheckResult[],
  contract: Contract,
  documents: readonly ArazzoDocument[],
  shard: Shard,
  selected?: readonly string[],
): CheckResult[] {
  const mine = new Set(shardOperations(contract, shard).map((o) => o.id));
  const allOps = new Set(contract.operations.map((o) => o.id));
  const whole = contract.operations.filter((o) => !selected || selected.length === 0 || selected.includes(o.id));
  const wholeCtx = checkContext(contract, schemaValidatorFor(contract), whole);
  return results.filter((r) => {
    if (r.check.startsWith('workflow:')) {
      const id = r.check.slice('workflow:'.length);
      const doc = documents.find((d) => d.workflows.some((w) => w.workflowId === id));
      const start = doc ? startOf(doc, id, contract) : undefined;
      return start === undefined ? shard.k === 1 : mine.has(start);
    }
    // Results reported under something other than an operation (a rule's path, the run) belong to shard 1.
    if (!allOps.has(r.operation)) return shard.k === 1;
    if (!mine.has(r.operation)) return false;
    const check = CHECKS.find((c) => c.name === r.check);
    const op = contract.operationsById.get(r.operation);
    return !check || !op || check.appliesTo(op, wholeCtx);
  });
}

/**
 * Whether a shard runs at all: with an operation in its share, and shard 1 always, for it owns the
 * results under no operation (workflows whose steps reach no operation, anything reported under the
 * run), which only a run can give. Any other shard with an empty share (4 shards of a 3-operation
 * contract) owns nothing: it writes an empty report and passes.
 */
export function shardRuns(shard: Shard, share: readonly string[]): boolean {
  return share.length > 0 || shard.k === 1;
}

/** The notices a shard adds about itself, which the whole run has not: merge leaves them out. */
export const SHARD_NOTICE = /^shard \d+\/\d+: /;

export function emptyShareNotice(shard: Shard): string {
  return `shard ${shard.k}/${shard.n}: no operation of the contract falls in this share`;
}

/**
 * A shard that judged nothing of its own says so, and passes: in a CI matrix its job must not fail
 * the run, whose verdict is merge's, on every shard's results together (merge exits 2 when the whole
 * run judged nothing). `nothing`: why nothing was judged (diagnostics nothingJudgedReason).
 */
export function idleShardNotice(shard: Shard, share: readonly string[], nothing: string): string {
  const why =
    share.length === 0
      ? 'no operation of the contract falls in this share, and of the results it owns under no operation none was judged'
      : `this share judged nothing of its own: ${nothing.replace(/^nothing was judged: /, '')}`;
  return `shard ${shard.k}/${shard.n}: ${why}; merge gives the whole run's results and verdict`;
}

/** The whole run's order, for merge: every operation in contract order, then every workflow result in document order. */
export function wholeOrder(contract: Contract, documents: readonly ArazzoDocument[]): string[] {
  return [
    ...contract.operations.map((o) => o.id),
    ...documents.flatMap((d) => d.workflows.map((w) => `workflow:${w.workflowId}`)),
  ];
}

/** The operations a shard runs besides those --operations selects (all when none are). */
export function shardSelection(contract: Contract, shard: Shard, operations: readonly string[] | undefined): string[] {
  const mine = shardOperations(contract, shard).map((o) => o.id);
  return operations && operations.length > 0 ? mine.filter((id) => operations.includes(id)) : mine;
}

/** The shard's report: the results it owns, counted again, labelled `K/N` with the whole run's order. */
export function shardReport(
  report: RunReport,
  shard: Shard,
  results: readonly CheckResult[],
  order: readonly string[],
): RunReport {
  const summary = {
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    skipped: results.filter((r) => r.status === 'skipped').length,
    warnings: results.filter((r) => r.status === 'warning').length,
  };
  return { ...report, results, summary, shard: { label: `${shard.k}/${shard.n}`, order } };
}
