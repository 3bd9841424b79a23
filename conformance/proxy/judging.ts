import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../../src/contract/index.js';
import type { TrafficTally, Violation } from '../traffic/tally.js';
import type { TrafficJudgeOptions } from '../traffic/judge.js';
import type { RunReport } from '../types.js';
import type { TrafficCoverage } from '../traffic/types.js';
import { trafficExchange, type WireExchange } from './wire.js';

export type TrafficReport = RunReport & { readonly traffic: TrafficCoverage };

/**
 * Where the proxy's finished exchanges are judged, in the order they finished, every one of them:
 * on the proxy's own thread between its requests (LocalJudging) or on a thread of their own
 * (WorkerJudging), so that judging never holds a client's answer.
 */
export interface ProxyJudging {
  /** Judges a finished exchange, soon. Takes its body buffers (they may be transferred). */
  add(exchange: WireExchange): void;
  /** Judges an exchange into the report after those added before it, and gives what it alone earns (--mark). */
  mark(exchange: WireExchange): Promise<Violation[]>;
  /** Judges what is still waiting and gives the report of every exchange (its target and times are the caller's). */
  finish(): Promise<{ readonly report: TrafficReport; readonly requests: number }>;
  /** Finished exchanges let go unjudged because judging had fallen behind (see JudgingBacklog). */
  notJudged(): number;
}

/** The most a batch of judging holds the event loop, in milliseconds (see LocalJudging). */
const SLICE_MS = 0.5;
/** Exchanges waiting to be judged past which a batch judges them all, whatever the time. */
const BACKLOG = 2000;

/**
 * Judging on the proxy's own thread, in setImmediate batches after the answers have gone out:
 * a batch stops after SLICE_MS and leaves the rest to the next turn of the event loop, so a burst of
 * finished exchanges never holds a client's answer behind it for long; past BACKLOG waiting exchanges
 * it judges them all at once, so that memory stays bounded.
 */
export class LocalJudging implements ProxyJudging {
  private readonly queue: WireExchange[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly tally: TrafficTally,
    private readonly cap: number,
  ) {}

  add(exchange: WireExchange): void {
    this.queue.push(exchange);
    this.scheduled ??= setImmediate(() => this.drain());
  }

  mark(exchange: WireExchange): Promise<Violation[]> {
    this.judgeAll();
    return Promise.resolve(this.tally.add(trafficExchange(exchange, this.cap), true));
  }

  notJudged(): number {
    return 0;
  }

  finish(): Promise<{ readonly report: TrafficReport; readonly requests: number }> {
    this.judgeAll();
    return Promise.resolve({
      report: this.tally.report({ target: '', startedAt: new Date() }),
      requests: this.tally.requests,
    });
  }

  private judgeAll(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    for (const wire of this.queue.splice(0)) this.tally.add(trafficExchange(wire, this.cap));
  }

  private drain(): void {
    this.scheduled = undefined;
    const until = performance.now() + SLICE_MS;
    let done = 0;
    while (done < this.queue.length && (this.queue.length - done > BACKLOG || performance.now() < until)) {
      this.tally.add(trafficExchange(this.queue[done] as WireExchange, this.cap));
      done += 1;
    }
    this.queue.splice(0, done);
    if (this.queue.length > 0) this.scheduled = setImmediate(() => this.drain());
  }
}

/** What the judging thread is given: the contract's text (a Contract, with its functions and compiled validators, cannot cross threads). */
export interface JudgeWorkerData {
  readonly contractText: string;
  readonly contractPath: string | undefined;
  readonly prefixes: readonly string[];
  readonly cap: number;
  readonly options: Omit<TrafficJudgeOptions, 'target' | 'startedAt' | 'contract'>;
  /**
   * Added to the judging thread's nice value (setpriority(2) on its own thread id, Linux only), so
   * that on busy cores the scheduler runs the forwarding thread first and judging waits.
   */
  readonly lowerPriorityBy?: number;
}

export type JudgeRequest =
  | { readonly type: 'exchanges'; readonly exchanges: readonly WireExchange[]; readonly octets: number }
  | { readonly type: 'mark'; readonly id: number; readonly exchange: WireExchange }
  | { readonly type: 'report' };

export type JudgeReply =
  /** A batch of `exchanges` judged: its count and octets leave the backlog. */
  | { readonly type: 'judged'; readonly count: number; readonly octets: number }
  | { readonly type: 'marked'; readonly id: number; readonly violations: Violation[] }
  | { readonly type: 'report'; readonly report: TrafficReport; readonly requests: number }
  | { readonly type: 'failed'; readonly message: string };

/**
 * The judging thread's module: the built one beside this module, or, where the kit runs from its
 * TypeScript sources (its own test suite), the built copy under dist/ (Node 20 cannot load .ts in a
 * worker thread; the suite builds it first).
 */
function workerFile(): URL | string {
  const beside = new URL('./judge-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  return join(packageRoot, 'dist', 'conformance', 'proxy', 'judge-worker.js');
}

/** The body buffers of an exchange, to transfer rather than copy (each is a buffer of its own: wire.ts ownCopy). */
function buffersOf(exchange: WireExchange): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const body of [exchange.request.body, exchange.response?.body])
    if (body && body.byteLength > 0 && body.buffer instanceof ArrayBuffer) out.push(body.buffer);
  return out;
}

/** Octets an exchange holds while it waits: its bodies, header fields and URL, and a share for the objects around them. */
export function octetsOf(exchange: WireExchange): number {
  let n = 512 + exchange.url.length;
  for (const message of [exchange.request, exchange.response]) {
    if (!message) continue;
    n += message.body?.byteLength ?? 0;
    for (const field of message.rawHeaders) n += field.length;
  }
  return n;
}

/**
 * The exchanges handed to the judging thread and not yet judged, bounded in octets: when judging
 * falls behind (a judging thread starved of CPU on busy cores, or slower than the traffic), the
 * exchanges past the bound are forwarded but let go unjudged and counted, so memory stays bounded
 * however long the proxy runs, and the report says how many (never silently). One exchange is
 * always admitted when none waits, whatever its size.
 */
export class JudgingBacklog {
  private waiting = 0;
  private octets = 0;
  private refused = 0;

  constructor(private readonly limit: number) {}

  /** Whether an exchange of `size` octets may wait to be judged; counts it as not judged when not. */
  admit(size: number): boolean {
    if (this.waiting > 0 && this.octets + size > this.limit) {
      this.refused += 1;
      return false;
    }
    this.waiting += 1;
    this.octets += size;
    return true;
  }

  /** `count` exchanges of `octets` octets in all were judged. */
  settle(count: number, octets: number): void {
    this.waiting -= count;
    this.octets -= octets;
  }

  /** Exchanges waiting now. */
  get size(): number {
    return this.waiting;
  }

  get notJudged(): number {
    return this.refused;
  }
}

/** Octets of exchanges waiting to be judged past which the proxy lets new ones go unjudged (JudgingBacklog). */
export const DEFAULT_JUDGE_BACKLOG = 256 * 1024 * 1024;
/**
 * How long a finished exchange waits to be sent to the judging thread with those that finish after
 * it, in milliseconds, at most BATCH_EXCHANGES of them: one message and one wake-up of the judging
 * thread for many exchanges, rather than one each (a message costs the forwarding thread tens of
 * microseconds, and each wake-up puts the judging thread on a core beside it).
 */
const BATCH_MS = 25;
const BATCH_EXCHANGES = 256;

/**
 * Judging on a thread of its own: the proxy's thread only hands each finished exchange over (its
 * bodies transferred, not copied; the exchanges that finish within BATCH_MS in one message), and the
 * judging thread judges them in order into its tally; at the end it sends the report. Exchanges
 * waiting to be judged are bounded (JudgingBacklog): past the bound they are counted, not judged.
 */
export class WorkerJudging implements ProxyJudging {
  private readonly worker: Worker;
  private batch: WireExchange[] = [];
  private batchOctets = 0;
  private transfers: ArrayBuffer[] = [];
  private scheduled: NodeJS.Timeout | undefined;
  private readonly backlog: JudgingBacklog;
  private readonly marks = new Map<number, (violations: Violation[]) => void>();
  private nextMark = 0;
  private failure: Error | undefined;
  private finishing: ((reply: { report: TrafficReport; requests: number }) => void) | undefined;
  private failFinish: ((error: Error) => void) | undefined;

  constructor(
    data: JudgeWorkerData,
    private readonly how: { readonly transfer: boolean; readonly backlog?: number } = { transfer: true },
  ) {
    this.backlog = new JudgingBacklog(how.backlog ?? DEFAULT_JUDGE_BACKLOG);
    this.worker = new Worker(workerFile(), { workerData: data });
    // The proxy's server keeps the process alive; the judging thread alone does not.
    this.worker.unref();
    this.worker.on('message', (reply: JudgeReply) => {
      if (reply.type === 'judged') this.backlog.settle(reply.count, reply.octets);
      else if (reply.type === 'marked') {
        this.marks.get(reply.id)?.(reply.violations);
        this.marks.delete(reply.id);
      } else if (reply.type === 'report') this.finishing?.(reply);
      else this.fail(new Error(`the judging thread could not start: ${reply.message}`));
    });
    this.worker.on('error', (error) => this.fail(new Error(`the judging thread failed: ${error.message}`)));
    this.worker.on('exit', (code) => {
      if (!this.finishing || this.failFinish) this.fail(new Error(`the judging thread exited (code ${code})`));
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    // An answer waiting for its mark goes out without one; the run's report then fails (finish rejects).
    for (const resolve of this.marks.values()) resolve([]);
    this.marks.clear();
    this.failFinish?.(this.failure);
  }

  add(exchange: WireExchange): void {
    // A judging thread that failed judges nothing more: the run ends as an internal error (finish rejects).
    if (this.failure) return;
    const octets = octetsOf(exchange);
    if (!this.backlog.admit(octets)) return;
    this.batch.push(exchange);
    this.batchOctets += octets;
    if (this.how.transfer) this.transfers.push(...buffersOf(exchange));
    if (this.batch.length >= BATCH_EXCHANGES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = setTimeout(() => this.flush(), BATCH_MS);
      // The proxy's server keeps the process alive; a batch waiting alone does not (finish() sends it).
      this.scheduled.unref();
    }
  }

  notJudged(): number {
    return this.backlog.notJudged;
  }

  private flush(): void {
    if (this.scheduled) clearTimeout(this.scheduled);
    this.scheduled = undefined;
    if (this.batch.length === 0) return;
    const request: JudgeRequest = { type: 'exchanges', exchanges: this.batch, octets: this.batchOctets };
    this.worker.postMessage(request, this.transfers);
    this.batch = [];
    this.batchOctets = 0;
    this.transfers = [];
  }

  mark(exchange: WireExchange): Promise<Violation[]> {
    if (this.failure) return Promise.resolve([]);
    // After the exchanges already waiting, so the report folds them in the order they finished.
    this.flush();
    const id = this.nextMark++;
    return new Promise((resolve) => {
      this.marks.set(id, resolve);
      const request: JudgeRequest = { type: 'mark', id, exchange };
      this.worker.postMessage(request, this.how.transfer ? buffersOf(exchange) : []);
    });
  }

  finish(): Promise<{ readonly report: TrafficReport; readonly requests: number }> {
    if (this.failure) return Promise.reject(this.failure);
    this.flush();
    return new Promise<{ report: TrafficReport; requests: number }>((resolve, reject) => {
      this.finishing = resolve;
      this.failFinish = reject;
      const request: JudgeRequest = { type: 'report' };
      this.worker.postMessage(request);
    }).finally(() => {
      this.failFinish = undefined;
      void this.worker.terminate();
    });
  }
}
