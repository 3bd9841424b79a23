/**
 * Sorted arrays of ids: the indexes of the store. Lists are ordered by ascending id, so a page
 * is a slice and a filter is one index, never a scan of the whole store.
 */

function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function insertSorted(ids: number[], id: number): void {
  // Ids grow, so the common case is an append.
  if (ids.length === 0 || ids[ids.length - 1]! < id) {
    ids.push(id);
    return;
  }
  const at = lowerBound(ids, id);
  if (ids[at] !== id) ids.splice(at, 0, id);
}

export function removeSorted(ids: number[], id: number): void {
  const at = lowerBound(ids, id);
  if (ids[at] === id) ids.splice(at, 1);
}

/** An index from a key (a status, a category id) to the sorted ids that have it. */
export class SortedIndex<K> {
  private readonly buckets = new Map<K, number[]>();

  add(key: K, id: number): void {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = [];
      this.buckets.set(key, bucket);
    }
    insertSorted(bucket, id);
  }

  remove(key: K, id: number): void {
    const bucket = this.buckets.get(key);
    if (bucket) removeSorted(bucket, id);
  }

  get(key: K): readonly number[] {
    return this.buckets.get(key) ?? [];
  }

  clear(): void {
    this.buckets.clear();
  }
}
