import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import express, { type Request, type RequestHandler } from 'express';
import type * as OpenApiValidator from 'express-openapi-validator';
import { ContractError, isRecord, isWebUrl, type Contract } from '../contract/index.js';
import {
  aboveHarmless,
  isUnknownSchemaField,
  openApiSchemaErrors,
  toleratedProblem,
} from '../contract/openapi-check.js';
import { validatorDocument, type ValidatorDocument } from './validator-document.js';

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

/**
 * express-openapi-validator's middleware for a contract: request and response validation, with
 * the contract normalised for it (validator-document.ts) and checked the way the validator itself
 * would check it, so a refusal is one line naming the construct and where, never its dump.
 *
 * Checking the document and compiling its validators is most of an app's start-up, and everything
 * here is derived from the document alone (credentials are checked ahead of the validator, by each
 * app's own SecurityGate; stores, options and fakers stay per app). So it is built once per
 * document and shared by every app built from it: the contract cache hands every app built from
 * the same text the same document. A WeakMap, so a contract swapped out under `--watch` takes its
 * entry with it; a build that fails is not kept.
 */
export function validatorMiddleware(contract: Contract): Promise<RequestHandler[]> {
  const known = built.get(contract.document);
  if (known) return known;
  const building = build(contract);
  built.set(contract.document, building);
  building.catch(() => {
    if (built.get(contract.document) === building) built.delete(contract.document);
  });
  return building;
}

/** Cache of contract-derived, read-only middleware (see above); never holds per-app state. */
const built = new WeakMap<object, Promise<RequestHandler[]>>();

async function build(contract: Contract): Promise<RequestHandler[]> {
  const forValidator = await checkedValidatorDocument(contract);
  // Imported here: the per-operation dispatch (the default) never loads the package's root.
  const { middleware: validatorMiddlewareOf } = await import('express-openapi-validator');
  const middleware = validatorMiddlewareOf(validatorOptions(forValidator)) as RequestHandler[];
  const failure = await probe(middleware);
  if (failure) throw failure;
  return middleware;
}

/**
 * The validator's copy of the contract (validator-document.ts), checked the way the validator
 * itself would check it; a refusal is one line naming the construct and where.
 */
export async function checkedValidatorDocument(contract: Contract): Promise<ValidatorDocument> {
  const forValidator = validatorDocument(contract);
  // A 3.2 document is given as 3.1 (validator-document.ts); the 3.1 schema refuses 3.2's new fields
  // (tag `kind`, server `name`…), which constrain no request or answer, so it is not checked by it.
  // The validator's own check, precompiled (src/contract/openapi-check.ts; the runner's contractProblems uses it too).
  let errors = contract.version.family === '3.2' ? [] : await openApiSchemaErrors(forValidator.document);
  // A field no Schema Object defines is ignored, as JSON Schema ignores an unknown keyword
  // (isUnknownSchemaField): left out of the validator's copy, named once, and checked again.
  for (let pass = 0; pass < 20 && errors.some(isUnknownSchemaField); pass++) {
    const fields = new Map<string, string[]>();
    for (const error of errors.filter(isUnknownSchemaField)) {
      const field = String(error.params['additionalProperty']);
      const node = nodeAt(forValidator.document, error.instancePath);
      if (!isRecord(node) || !(field in node)) continue;
      delete node[field];
      fields.set(error.instancePath, [...(fields.get(error.instancePath) ?? []), field]);
    }
    if (fields.size === 0) break;
    for (const [at, names] of fields) {
      const where = contract.originalPointer(`#${at}`);
      // Where the schema is a `$ref` to something else (enode.io's items naming a Parameter Object), that is the cause.
      const written = nodeAt(contract.document, where.slice(1));
      const through =
        isRecord(written) && typeof written['$ref'] === 'string' ? ` (through its $ref ${written['$ref']})` : '';
      const list = names
        .sort()
        .map((name) => `\`${name}\``)
        .join(', ');
      forValidator.notices.push(
        `${where}${through}: ${list} ${names.length === 1 ? 'is not a Schema Object field' : 'are not Schema Object fields'}`,
      );
    }
    errors = await openApiSchemaErrors(forValidator.document);
  }
  // What constrains no request or answer, or what the kit reads though the check refuses it
  // (openapi-check.ts toleratedProblem), is named, not refused.
  const tolerated = (e: (typeof errors)[number]): string | undefined => toleratedProblem(e, forValidator.document);
  const harmless = errors.filter((e) => tolerated(e) !== undefined);
  for (const error of harmless)
    forValidator.notices.push(
      `${error.instancePath === '' ? 'the document:' : contract.originalPointer(`#${error.instancePath}`)} ${tolerated(error)}`,
    );
  const paths = harmless.map((e) => e.instancePath);
  const refusal = errors.find((e) => tolerated(e) === undefined && !aboveHarmless(e, paths));
  if (refusal) {
    throw new ContractError(
      `the contract cannot be served: ${refusal.instancePath ? contract.originalPointer(`#${refusal.instancePath}`) : 'the document'} ${refusal.message ?? 'is not valid'}${describeParams(refusal.params)}`,
    );
  }
  return forValidator;
}

/** The one configuration of express-openapi-validator, whichever way it is driven. */
export function validatorOptions(forValidator: ValidatorDocument): ValidatorOptions {
  return {
    // A normalised copy: the validator may annotate the document it is given.
    apiSpec: forValidator.document as ValidatorOptions['apiSpec'],
    // `url` as the kernel reads it (src/contract/schema.ts isWebUrl), not ajv-formats' pattern that
    // refuses loopback and private hosts: a contract's own example (`http://localhost:3000/…`, dev.to)
    // passed the kernel's check, was answered, then refused here, a 500 on the mock's own answer.
    formats: {
      ...Object.fromEntries(forValidator.annotationFormats.map((name) => [name, true])),
      url: { type: 'string', validate: isWebUrl },
    },
    validateApiSpec: false, // checked at start (checkedValidatorDocument)
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true },
    validateResponses: { allErrors: true },
    // Credentials are checked before the validator, for every scheme type (SecurityGate).
    validateSecurity: false,
    // 'fast' checks formats by shape only and takes 2026-13-01 or February 30 for a date-time;
    // 'full' checks them as RFC 3339 §5.6 defines them.
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    fileUploader: false,
  };
}

/**
 * express-openapi-validator loads its document lazily, on the first request. One throwaway
 * request through it now surfaces a document it cannot use at start (or reload) rather than on a
 * user's request. A path outside the contract is answered 404 by a healthy validator. What it
 * finds is said in one line (the first problem and where), never as the validator's dump.
 */
async function probe(middlewares: readonly RequestHandler[]): Promise<Error | undefined> {
  const app = express();
  return new Promise<Error | undefined>((resolve) => {
    app.use([...middlewares]);
    app.use(() => resolve(undefined));
    app.use((error: unknown, _req: Request, _res: express.Response, _next: express.NextFunction) => {
      const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
      resolve(status === 404 ? undefined : oneLine(error));
    });
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = '/__probe__/not/in/the/contract';
    app(req, new ServerResponse(req));
  });
}

/** ajv's error parameters worth a reader's eye (`allowedValues`, `additionalProperty`, `missingProperty`). */
function describeParams(params: unknown): string {
  if (!isRecord(params)) return '';
  if (Array.isArray(params['allowedValues'])) return ` (${params['allowedValues'].map(String).join(', ')})`;
  for (const key of ['additionalProperty', 'missingProperty'])
    if (typeof params[key] === 'string') return ` (${params[key]})`;
  return '';
}

function oneLine(error: unknown): ContractError {
  const message = error instanceof Error ? error.message : String(error);
  const errors = isRecord(error) || error instanceof Error ? Reflect.get(error, 'errors') : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  if (isRecord(first)) {
    const where =
      typeof first['instancePath'] === 'string'
        ? first['instancePath']
        : typeof first['path'] === 'string'
          ? first['path']
          : '';
    const what = typeof first['message'] === 'string' ? first['message'] : 'is not valid';
    return new ContractError(`the contract cannot be served: ${where ? `at ${where}: ` : ''}${what}`);
  }
  return new ContractError(
    `the contract cannot be served: ${message.split('\n')[0]!.replace(/^openapi\.validator: /, '')}`,
  );
}

/** The node at a JSON pointer (RFC 6901) of the document. */
function nodeAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}
