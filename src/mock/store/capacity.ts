/**
 * The cap on how many records one mock's store holds (`--max-records`, `maxRecords`). A mock fed
 * creates without end (a load test, a runaway client) would otherwise grow until the process runs
 * out of memory and loses every record; at the cap a write is refused with 507 Insufficient Storage
 * (RFC 4918 §11.5: the server cannot store the representation needed to complete the request) and
 * nothing already stored is dropped. Deletes and `POST /__mock/reset` make room again.
 */

/** What the store holds against its cap, as `GET /__mock/engine` shows it. */
export interface StoreUsage {
  readonly records: number;
  readonly maxRecords: number;
}

/** A write the store refused because it holds `maxRecords` records; the central error handler answers it 507. */
export class StoreFullError extends Error {
  override readonly name = 'StoreFullError';
  constructor(readonly maxRecords: number) {
    super(
      `The mock's store is full: it holds its maximum of ${maxRecords} records (--max-records). Delete records or reset the mock (POST /__mock/reset) to make room.`,
    );
  }
}

/** Counts a store's records against its cap. */
export class RecordBudget {
  private used = 0;

  constructor(readonly max: number) {}

  get records(): number {
    return this.used;
  }

  /** Takes room for `n` new records, or throws StoreFullError and takes nothing. */
  take(n = 1): void {
    if (this.used + n > this.max) throw new StoreFullError(this.max);
    this.used += n;
  }

  /** Gives back room for `n` records deleted. */
  give(n = 1): void {
    this.used = Math.max(0, this.used - n);
  }

  /** Starts over from `n` records (a load or a clear), or throws StoreFullError when they do not fit. */
  restart(n: number): void {
    if (n > this.max) throw new StoreFullError(this.max);
    this.used = n;
  }

  usage(): StoreUsage {
    return { records: this.used, maxRecords: this.max };
  }
}
