import {
  inferModel,
  samePath,
  type Contract,
  type GenericModel,
  type Operation,
  type SchemaValidator,
} from '../../contract/index.js';
import { cannedReply } from '../core/canned.js';
import { keepToSchema } from '../core/keep-to-schema.js';
import type { Dice } from '../dice.js';
import { HttpError } from '../errors.js';
import { genericHandlers, seedGeneric, unknownParent } from '../generic/handlers.js';
import type { GenericSnapshot, GenericStore, KeptState } from '../generic/store.js';
import { ServedValues } from '../generic/served.js';
import { deletedPath, leftOutOfList, rememberDelete } from '../generic/tombstones.js';
import { reflectFilters } from '../reflect-filters.js';
import type { Handlers, Reply } from '../routes/types.js';
import type { CollectionView, Rules } from './rules.js';

/** What the generic engine is built from. */
export interface GenericRulesDeps {
  readonly contract: Contract;
  /** The records (kept across reloads of the contract). */
  readonly store: GenericStore;
  readonly validator: SchemaValidator;
  readonly dice: Dice;
  readonly codeForStatus: (status: number) => string;
  /** The seed and the record count of the starting collections (`--seed`, `--records`). */
  readonly seed: number;
  readonly records: number | undefined;
}

/** The generic engine (generic/handlers.ts): collections inferred from the contract, records in a store of their own. */
export class GenericRules implements Rules {
  readonly name = 'generic';
  /** A neutral realm: the mock names no API of its own in another API's challenges. */
  readonly realm = 'mock';
  readonly handlers: Handlers;
  readonly statefulOperations: readonly string[];
  readonly statelessReasons: ReadonlyMap<string, string>;
  readonly collections: readonly CollectionView[];
  private readonly model: GenericModel;
  /** What the stateless answers have named (generic/served.ts). */
  private readonly served: ServedValues;
  /** The store as seeding an empty one leaves it (reset), once made. */
  private seededAfresh: KeptState | undefined;

  constructor(private readonly deps: GenericRulesDeps) {
    const { contract, store, validator, dice, codeForStatus } = deps;
    const model = inferModel(contract);
    this.model = model;
    this.served = new ServedValues(contract.operations.map((op) => op.path));
    this.statelessReasons = new Map(model.stateless);
    this.collections = model.collections.map((c) => {
      const operations: Record<string, string[]> = {};
      for (const [id, binding] of model.bindings)
        if (binding.collection === c) (operations[binding.kind] ??= []).push(id);
      return { path: c.path, itemPath: c.itemPath, idField: c.idField, operations };
    });
    this.seed();
    // The documented answer of an operation the state cannot answer (an unknown id where no 404 is
    // documented): generated as a canned answer is, kept to its schema.
    const documented = (
      operation: Operation,
      params: Readonly<Record<string, string>>,
      query: URLSearchParams,
    ): Reply =>
      reflectFilters(
        operation,
        keepToSchema(operation, cannedReply(operation, {}, dice.faker, codeForStatus, params), dice.faker, validator),
        query,
        validator,
      );
    this.handlers = genericHandlers({
      contract,
      model,
      store,
      validator,
      faker: () => dice.faker,
      codeForStatus,
      documented,
      named: (value) => this.served.has(value),
    });
    this.statefulOperations = Object.keys(this.handlers);
  }

  /** Seeds the collections the store does not hold yet. */
  private seed(): void {
    const { contract, store, validator, seed, records } = this.deps;
    seedGeneric({ contract, model: this.model, store, validator }, seed, records);
  }

  refuseUnknownParent(
    operation: Operation,
    params: Readonly<Record<string, string>>,
    path?: string,
  ): HttpError | undefined {
    const deleted =
      path === undefined ? undefined : deletedPath(this.deps.store, operation, path, this.deps.codeForStatus);
    // A path a successful PUT wrote exists, its parents with it (RFC 9110 §9.3.4).
    if (path !== undefined && this.served.vouches(path)) return deleted;
    return (
      unknownParent(
        {
          contract: this.deps.contract,
          model: this.model,
          store: this.deps.store,
          codeForStatus: this.deps.codeForStatus,
          named: (value) => this.served.has(value),
        },
        operation,
        params,
      ) ??
      deleted ??
      this.served.unnamed(operation, params, this.deps.codeForStatus, (itemPath, value) =>
        this.model.collections.some(
          // The position is an inferred collection's, or the value one of its records' identifiers
          // (iqualify: an offering listed by a collection, then named under `/course-mappings/{offeringId}`).
          (c) => samePath(c.itemPath) === samePath(itemPath) || this.deps.store.ids(c.path).includes(value),
        ),
      )
    );
  }

  leftOut(path: string): ((item: unknown) => boolean) | undefined {
    return leftOutOfList(this.deps.store, path);
  }

  answeredStateless(
    operation: Operation,
    path: string,
    status: number,
    body?: unknown,
    params?: Readonly<Record<string, string>>,
  ): void {
    rememberDelete(this.deps.store, operation, path, status);
    this.served.record(status, body);
    if (params) this.served.written(operation, status, params, path);
  }

  reset(): void {
    this.deps.store.clear();
    this.served.clear();
    // Seeding an empty store is a function of the contract, the seed and the count alone (each
    // collection draws from a faker of its own seed): the first reset's result is kept and every
    // later reset restores a copy of it, instead of generating and validating the records again
    // (a harness that resets between runs: Stripe's self-consistency run and its four shards).
    if (this.seededAfresh) this.deps.store.restore(this.seededAfresh);
    else {
      this.seed();
      this.seededAfresh = this.deps.store.keep();
    }
  }

  exportState(): GenericSnapshot {
    return this.deps.store.export();
  }

  importState(): never {
    throw new HttpError(
      409,
      this.deps.codeForStatus(409),
      'Importing a state needs the Petstore rules (x-mock-rules: petstore); this contract is served by the generic engine.',
    );
  }
}
