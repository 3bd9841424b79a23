import type { Operation } from '../../contract/index.js';

/** What a handler reads: the matched operation and the request, already validated against the contract. */
export interface HandlerInput {
  readonly operation: Operation;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  /** The request path, for `Location` and `Link`. */
  readonly path: string;
  /** The request's origin (`http://127.0.0.1:4010`, from its Host), where an answer links to the mock itself with an absolute URI; absent without a Host. */
  readonly origin?: string;
}

/** What a handler answers; the dispatcher writes it with `res.json`, so the response validator sees it. */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type OperationHandler = (input: HandlerInput) => Reply;

/** Handlers by operationId. */
export type Handlers = Readonly<Record<string, OperationHandler>>;
