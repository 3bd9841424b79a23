/**
 * The sweep's worker thread: sweeps the documents its parent posts, one at a time, and posts each
 * outcome back. A thread (not a process per document) so the kit is imported once per worker; the
 * parent terminates it when a document overruns its time or the thread dies, and starts another.
 */
import { parentPort } from 'node:worker_threads';
import { sweepDocument, type SweepOptions } from './document.js';

export interface SweepJob {
  readonly id: string;
  readonly file: string;
  readonly options: SweepOptions;
}

const port = parentPort;
if (port === null) throw new Error('bench/sweep/worker.js runs only as a worker thread');
port.on('message', (job: SweepJob) => {
  // The start-up time first: a document that then overruns its time still reports it.
  void sweepDocument(job.id, job.file, job.options, (mockStartMs) => port.postMessage({ started: mockStartMs })).then(
    (outcome) => port.postMessage(outcome),
  );
});
