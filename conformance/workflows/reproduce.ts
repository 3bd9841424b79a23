import { toCurl } from '../http/curl.js';
import type { StepRecord } from './executor.js';

/**
 * The steps of a workflow up to the one that failed, as a shell script of curl
 * commands. The values each step took from earlier ones (ids, outputs) are the
 * ones actually sent, so the script replays the run; the API key is read from
 * $CONFORMANCE_API_KEY (see http/curl.ts), never written out.
 */
export function reproduceScript(workflowId: string, records: readonly StepRecord[], failedStepId: string | undefined): string {
  const lines = [`# workflow ${workflowId}: ${records.length} request${records.length === 1 ? '' : 's'}${failedStepId ? `, the last one (step ${failedStepId}) fails` : ''}`];
  for (const r of records) {
    lines.push(`# step ${r.stepId} (${r.operation.id})`);
    lines.push(toCurl(r.request));
  }
  return lines.join('\n');
}
