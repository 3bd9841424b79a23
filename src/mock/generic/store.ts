import { RecordBudget, type StoreUsage } from '../store/capacity.js';

/** One record: a JSON object as the contract's schema shapes it. */
export type RecordValue = Record<string, unknown>;

/** The whole generic state, as `GET /__mock/state` exports it: collection path → scope → records by id. */
export interface GenericSnapshot {
  readonly collections: Record<string, Record<string, Record<string, RecordValue>>>;
}

/** A GenericStore's whole state as `keep` copied it, for `restore`. */
export interface KeptState {
  readonly tables: ReadonlyMap<string, Map<string, Map<string, RecordValue>>>;
  readonly gone: ReadonlySet<string>;
  readonly deleted: ReadonlySet<string>;
  readonly deletedPaths: ReadonlySet<string>;
  readonly records: number;
}

/**
 * The per-app in-memory state of the generic engine: records by collection, by scope (the values
 * of the collection's own path parameters, so `/accounts/1/calls` and `/accounts/2/calls` are
 * apart) and by identifier, in insertion order. Reads return copies.
 */
export class GenericStore {
  private readonly tables = new Map<string, Map<string, Map<string, RecordValue>>>();
  /** Single resources deleted, by `collection scope`: a read there is 404 until one is stored again. */
  private readonly gone = new Set<string>();
  /** Records deleted, by `collection scope id`: a resource known to have existed (RFC 9110 §15.5.5, §9.3.5). */
  private readonly deleted = new Set<string>();
  /** Request paths deleted by operations no collection binds (markPathDeleted). */
  private readonly deletedPaths = new Set<string>();
  private readonly budget: RecordBudget;

  /** `maxRecords`: records held at most, over every collection and scope. */
  constructor(maxRecords = Number.POSITIVE_INFINITY) {
    this.budget = new RecordBudget(maxRecords);
  }

  /** How many records the store holds, against its cap. */
  usage(): StoreUsage {
    return this.budget.usage();
  }

  /** True once a collection has been seeded (a reload of the contract keeps the records). */
  has(collection: string): boolean {
    return this.tables.has(collection);
  }

  private table(collection: string, scope: string): Map<string, RecordValue> {
    let scopes = this.tables.get(collection);
    if (!scopes) {
      scopes = new Map();
      this.tables.set(collection, scopes);
    }
    let records = scopes.get(scope);
    if (!records) {
      records = new Map();
      scopes.set(scope, records);
    }
    return records;
  }

  /** Marks a collection as present (seeded, maybe with nothing). */
  touch(collection: string): void {
    this.table(collection, '');
  }

  /**
   * The stored records themselves, in insertion order, for a caller that only reads them (a count, a
   * uniqueness check, a list whose page alone is copied for its answer): no copies, unlike `get`.
   */
  view(collection: string, scope: string): readonly Readonly<RecordValue>[] {
    return [...(this.tables.get(collection)?.get(scope)?.values() ?? [])];
  }

  /** How many records `view` would answer. */
  count(collection: string, scope: string): number {
    return this.tables.get(collection)?.get(scope)?.size ?? 0;
  }

  /** The keys of `view`'s records, in the same order. */
  keys(collection: string, scope: string): string[] {
    return [...(this.tables.get(collection)?.get(scope)?.keys() ?? [])];
  }

  get(collection: string, scope: string, id: string): RecordValue | undefined {
    const record = this.tables.get(collection)?.get(scope)?.get(id);
    return record === undefined ? undefined : structuredClone(record);
  }

  ids(collection: string): string[] {
    return [...(this.tables.get(collection)?.values() ?? [])].flatMap((records) => [...records.keys()]);
  }

  /** Stores a record; a new one over the cap throws StoreFullError and stores nothing (a replacement always fits). */
  put(collection: string, scope: string, id: string, record: RecordValue): void {
    const table = this.table(collection, scope);
    if (!table.has(id)) this.budget.take();
    this.gone.delete(`${collection} ${scope}`);
    this.deleted.delete(`${collection} ${scope} ${id}`);
    table.set(id, structuredClone(record));
  }

  delete(collection: string, scope: string, id: string): boolean {
    const done = this.tables.get(collection)?.get(scope)?.delete(id) ?? false;
    if (done) {
      this.deleted.add(`${collection} ${scope} ${id}`);
      this.budget.give();
    }
    return done;
  }

  /** Remembers an id as deleted though nothing was stored under it (a delete answered as documented). */
  markDeleted(collection: string, scope: string, id: string): void {
    this.deleted.add(`${collection} ${scope} ${id}`);
  }

  /** Whether a record was stored here and deleted since (not merely never stored). */
  wasDeleted(collection: string, scope: string, id: string): boolean {
    return this.deleted.has(`${collection} ${scope} ${id}`);
  }

  /** Deletes a single resource and remembers it is gone (`DELETE /users/@me/applications/1/role-connection`). */
  deleteSingle(collection: string, scope: string): boolean {
    this.gone.add(`${collection} ${scope}`);
    return this.delete(collection, scope, '');
  }

  isGone(collection: string, scope: string): boolean {
    return this.gone.has(`${collection} ${scope}`);
  }

  /**
   * Remembers a request path answered by a successful DELETE of an operation no collection binds
   * (Crucible's `/reviews-v1/{id}`, whose read answers no content to keep): it is gone, and so is
   * everything under it (RFC 9110 §9.3.5).
   */
  markPathDeleted(path: string): void {
    this.deletedPaths.add(path.replace(/\/+$/, ''));
  }

  forgetPathDeleted(path: string): void {
    this.deletedPaths.delete(path.replace(/\/+$/, ''));
  }

  /** Whether this very path was deleted since (markPathDeleted), not only one it lies under. */
  pathItselfDeleted(path: string): boolean {
    return this.deletedPaths.has(path.replace(/\/+$/, ''));
  }

  /** The last segments of the paths deleted right under this one (markPathDeleted), decoded. */
  deletedUnder(path: string): string[] {
    const parent = `${path.replace(/\/+$/, '')}/`;
    const out: string[] = [];
    for (const deleted of this.deletedPaths) {
      if (!deleted.startsWith(parent) || deleted.slice(parent.length).includes('/')) continue;
      const segment = deleted.slice(parent.length);
      try {
        out.push(decodeURIComponent(segment));
      } catch {
        out.push(segment);
      }
    }
    return out;
  }

  /** Whether a path, or one it lies under, was deleted since (markPathDeleted). */
  pathDeleted(path: string): boolean {
    const segments = path.replace(/\/+$/, '').split('/');
    for (let i = segments.length; i > 1; i--) if (this.deletedPaths.has(segments.slice(0, i).join('/'))) return true;
    return false;
  }

  clear(): void {
    this.tables.clear();
    this.gone.clear();
    this.deleted.clear();
    this.deletedPaths.clear();
    this.budget.restart(0);
  }

  /** The whole state, copied (for `restore`): every collection, scope and record in its order, what was deleted, the count. */
  keep(): KeptState {
    return structuredClone({
      tables: this.tables,
      gone: this.gone,
      deleted: this.deleted,
      deletedPaths: this.deletedPaths,
      records: this.budget.records,
    });
  }

  /** Puts the store back in a state `keep` copied (a copy of it: the kept state stays as it was). */
  restore(kept: KeptState): void {
    const copy = structuredClone(kept);
    this.clear();
    for (const [name, scopes] of copy.tables) this.tables.set(name, scopes);
    for (const key of copy.gone) this.gone.add(key);
    for (const key of copy.deleted) this.deleted.add(key);
    for (const path of copy.deletedPaths) this.deletedPaths.add(path);
    this.budget.restart(copy.records);
  }

  export(): GenericSnapshot {
    const collections: GenericSnapshot['collections'] = {};
    for (const [name, scopes] of this.tables) {
      const out: Record<string, Record<string, RecordValue>> = {};
      for (const [scope, records] of scopes)
        out[scope] = Object.fromEntries([...records].map(([id, r]) => [id, structuredClone(r)]));
      collections[name] = out;
    }
    return { collections };
  }
}
