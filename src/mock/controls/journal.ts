import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';

export interface JournalEntry {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  readonly operationId: string | undefined;
}

/** The recent requests, in a bounded ring buffer: the oldest entry goes when it is full. */
export class Journal {
  private readonly entries: (JournalEntry | undefined)[];
  private next = 0;
  private count = 0;
  private serial = 0;

  constructor(readonly capacity: number) {
    this.entries = new Array<JournalEntry | undefined>(capacity);
  }

  record(entry: Omit<JournalEntry, 'id'>): void {
    this.entries[this.next] = { id: ++this.serial, ...entry };
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  /** Oldest first. */
  list(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = 0; i < this.count; i++) {
      const entry = this.entries[(this.next - this.count + i + this.capacity) % this.capacity];
      if (entry) out.push(entry);
    }
    return out;
  }

  clear(): void {
    this.entries.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** Records every request but the control endpoints' own, when its answer is finished. */
  middleware(clock: Clock): RequestHandler {
    return (req, res, next) => {
      if (req.path.startsWith('/__mock')) {
        next();
        return;
      }
      const started = performance.now();
      const time = clock().toISOString();
      // Taken now: a HEAD goes through the pipeline as the GET it mirrors, but was a HEAD.
      const method = req.method;
      res.on('finish', () => {
        const operationId = res.locals['operationId'];
        this.record({
          time,
          method,
          url: req.originalUrl,
          status: res.statusCode,
          durationMs: Math.round(performance.now() - started),
          operationId: typeof operationId === 'string' ? operationId : undefined,
        });
      });
      next();
    };
  }
}
