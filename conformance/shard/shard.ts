import type { Contract, Operation } from '../../src/contract/index.js';
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
 * them (a workflow that starts nowhere, and a result under no operation, belong to shard 1).
 */
export function ownedResults(results: readonly CheckResult[], contract: Contract, documents: readonly ArazzoDocument[], shard: Shard): CheckResult[] {
  const mine = new Set(shardOperations(contract, shard).map((o) => o.id));
  const allOps = new Set(contract.operations.map((o) => o.id));
  return results.filter((r) => {
    if (r.check.startsWith('workflow:')) {
      const id = r.check.slice('workflow:'.length);
      const doc = documents.find((d) => d.workflows.some((w) => w.workflowId === id));
      const start = doc ? startOf(doc, id, contract) : undefined;
      return start === undefined ? shard.k === 1 : mine.has(start);
    }
    // Results reported under something other than an operation (a rule's path, the run) belong to shard 1.
    return allOps.has(r.operation) ? mine.has(r.operation) : shard.k === 1;
  });
}

/** The operations a shard runs besides those --operations selects (all when none are). */
export function shardSelection(contract: Contract, shard: Shard, operations: readonly string[] | undefined): string[] {
  const mine = shardOperations(contract, shard).map((o) => o.id);
  return operations && operations.length > 0 ? mine.filter((id) => operations.includes(id)) : mine;
}

/** The shard's report: the results it owns, counted again, labelled `K/N` with the whole run's order. */
export function shardReport(report: RunReport, contract: Contract, shard: Shard, results: readonly CheckResult[]): RunReport {
  const summary = {
    passed: results.filter((r) => r.status === 'passed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    skipped: results.filter((r) => r.status === 'skipped').length,
    warnings: results.filter((r) => r.status === 'warning').length,
  };
  return { ...report, results, summary, shard: { label: `${shard.k}/${shard.n}`, order: contract.operations.map((o) => o.id) } };
}
