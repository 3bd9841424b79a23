import type { Operation } from '../../src/contract/index.js';
import type { CheckResult, Exchange } from '../types.js';
import { result } from './util.js';

/** What a rule's pure judge says of the exchanges it asked for. */
export type Verdict =
  | { readonly status: 'skipped'; readonly message: string; readonly exchange?: Exchange | undefined }
  | { readonly status: 'failed' | 'warning'; readonly message: string; readonly exchange: Exchange | undefined; readonly judged: number }
  | { readonly status: 'passed'; readonly message: string; readonly judged: number };

export function verdictResult(check: string, op: Operation, v: Verdict): CheckResult {
  if (v.status === 'skipped') return result(check, op, 'skipped', v.message, v.exchange);
  if (v.status === 'passed') return result(check, op, 'passed', v.message, undefined, v.judged);
  return result(check, op, v.status, v.message, v.exchange, v.judged);
}
