import { createHash } from 'node:crypto';

/**
 * A small cache of values derived purely from a contract's text, keyed by a digest of that text.
 * Test suites and dev servers build many apps from the same contract in one process; reading,
 * parsing and dereferencing it once saves most of each further start-up. Being keyed by content,
 * it is never stale: an edited file is a new key. Bounded, least recently used first out, so a
 * `--watch` session that edits the contract all day does not grow it.
 */
export class ContentCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  /** The value for `text`, built by `build` on a miss. A build that throws (or rejects) is not kept. */
  get(text: string, build: () => T): T {
    const key = digest(text);
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = build();
    this.remember(key, value);
    if (value instanceof Promise) value.catch(() => this.forget(key, value));
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, value: T): void {
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private forget(key: string, value: T): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }
}

/** The key a text is kept under (also the key of src/generated/parsed-contracts.ts). */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
