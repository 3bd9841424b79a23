/** Ids this far past the end of the array still go into it (the holes between cost 8 bytes each). */
const GAP = 1024;

/**
 * Records by whole-number id, with a Map's get, has, set, delete and clear. The ids the store
 * hands out are consecutive, so each record takes an array slot (8 bytes) instead of a Map entry
 * (with the table's growth, about 35 bytes more per record: `node --expose-gc
 * dist/bench/heap-per-record.js`). An id far past the others (an imported state may carry any
 * positive id) goes to a Map, so one large id never makes a large array. Values are never undefined.
 */
export class ById<T> {
  private dense: Array<T | undefined> = [];
  private readonly sparse = new Map<number, T>();

  get(id: number): T | undefined {
    const found = id >= 0 && id < this.dense.length ? this.dense[id] : undefined;
    return found !== undefined || this.sparse.size === 0 ? found : this.sparse.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, value: T): void {
    if (this.sparse.has(id) || !Number.isSafeInteger(id) || id < 0 || id > this.dense.length + GAP) {
      this.sparse.set(id, value);
      return;
    }
    while (this.dense.length < id) this.dense.push(undefined);
    this.dense[id] = value;
  }

  delete(id: number): boolean {
    if (id >= 0 && id < this.dense.length && this.dense[id] !== undefined) {
      this.dense[id] = undefined;
      return true;
    }
    return this.sparse.delete(id);
  }

  clear(): void {
    this.dense = [];
    this.sparse.clear();
  }
}
