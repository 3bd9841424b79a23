/**
 * The proxy's judging thread (conformance/proxy/judging.ts WorkerJudging): indexes the contract from
 * its text, judges every exchange the proxy posts, in the order posted, into one TrafficTally, and
 * posts back the violations of the exchanges --mark asks about and, at the end, the report.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { basename } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { contractFromText } from '../../src/contract/index.js';
import { TrafficJudge, type TrafficTally } from '../traffic/judge.js';
import type { JudgeRequest, JudgeReply, JudgeWorkerData } from './judging.js';
import { trafficExchange } from './wire.js';

const port = parentPort;
if (port === null) throw new Error('conformance/proxy/judge-worker.js runs only as a worker thread');
const data = workerData as JudgeWorkerData;
const reply = (message: JudgeReply): void => port.postMessage(message);

/**
 * Lowers this thread's priority alone: on Linux the nice value is per thread and setpriority(2) given a
 * thread id sets that thread's (setpriority(2), NOTES and BUGS); /proc/thread-self names the calling
 * thread (proc(5)). Elsewhere, or where it cannot, the thread keeps the process's priority.
 */
function lowerPriority(by: number): void {
  try {
    const tid = Number(basename(readlinkSync('/proc/thread-self')));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + by));
  } catch {
    // Not Linux, or not allowed: judging then shares the forwarding thread's priority.
  }
}
if (data.lowerPriorityBy !== undefined && data.lowerPriorityBy > 0) lowerPriority(data.lowerPriorityBy);

let tally: TrafficTally | undefined;
const waiting: JudgeRequest[] = [];

function handle(tallied: TrafficTally, message: JudgeRequest): void {
  if (message.type === 'exchanges') {
    for (const wire of message.exchanges) tallied.add(trafficExchange(wire, data.cap));
    reply({ type: 'judged', count: message.exchanges.length, octets: message.octets });
  } else if (message.type === 'mark') {
    reply({
      type: 'marked',
      id: message.id,
      violations: tallied.add(trafficExchange(message.exchange, data.cap), true),
    });
  } else {
    reply({
      type: 'report',
      report: tallied.report({ target: '', startedAt: new Date() }),
      requests: tallied.requests,
    });
  }
}

// Listening at once: what the proxy posts while the contract is being indexed waits its turn, in order.
port.on('message', (message: JudgeRequest) => {
  if (tally) handle(tally, message);
  else waiting.push(message);
});

try {
  const contract = await contractFromText(data.contractText, data.contractPath);
  const ready = new TrafficJudge(contract, data.prefixes).tally(data.options);
  for (const message of waiting.splice(0)) handle(ready, message);
  tally = ready;
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
