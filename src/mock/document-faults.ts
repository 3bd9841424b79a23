import type { Response } from 'express';
import { documentedResponse, type Operation } from '../contract/index.js';
import { isRecord } from '../contract/guards.js';
import { explainedBy, unsatisfiable } from '../contract/unsatisfiable.js';

/**
 * An answer that breaks its documented schema where the schema admits no value at all: the
 * document's fault, which no server could avoid. `pointer`: the contradicting keywords' place in
 * the document (JSON pointer, RFC 6901, followed through references); `reason`: what contradicts.
 */
export interface DocumentFault {
  readonly pointer: string;
  readonly reason: string;
}

/** The header that names a document fault on the answer it concerns (as Prism's `sl-violations` names an answer's violations). */
export const DOCUMENT_FAULT_HEADER = 'X-Mock-Document-Fault';

/** Where the journal finds an answer's warning (res.locals), beside an error's message. */
export const ANSWER_WARNING = 'mock:warning';

/**
 * The document fault a response validator's refusal (`error`, express-openapi-validator's
 * InternalServerError: `errors` of `{path: "/response/…"}`) comes from, or undefined when any of
 * its errors lies outside what the documented schema is proven to forbid: then the answer, not the
 * document, is at fault (a bug of the mock, a 500 that names it).
 */
export function documentFaultOf(
  operation: Operation,
  status: number,
  entry: string | undefined,
  error: unknown,
): DocumentFault | undefined {
  const errors = isRecord(error) && Array.isArray(error['errors']) ? error['errors'] : [];
  const pointers = errors.map((e) => (isRecord(e) && typeof e['path'] === 'string' ? e['path'] : undefined));
  if (pointers.length === 0 || pointers.some((p) => p === undefined || !/^\/response(\/|$)/.test(p))) return undefined;
  const documented = documentedResponse(operation.responses, status);
  const schema = entry === undefined ? undefined : documented?.response.content?.[entry]?.schema;
  const proofs = schema === undefined ? undefined : unsatisfiable(schema);
  if (!documented || !proofs || entry === undefined) return undefined;
  if (!pointers.every((p) => explainedBy(p!.slice('/response'.length), proofs))) return undefined;
  const proof = proofs[0]!;
  const at = `#/paths/${token(operation.path)}/${operation.method.toLowerCase()}/responses/${token(documented.key)}/content/${token(entry)}/schema`;
  return { pointer: `${at}${proof.keyword}`, reason: proof.reason };
}

const token = (text: string): string => text.replace(/~/g, '~0').replace(/\//g, '~1');

/** Names the fault on the answer (a header of visible ASCII, RFC 9110 §5.5) and for the journal. */
export function markDocumentFault(res: Response, fault: DocumentFault): void {
  const said = `${fault.pointer}: ${fault.reason}`;
  res.setHeader(DOCUMENT_FAULT_HEADER, said.replace(/[^\x20-\x7e]/g, '?').slice(0, 1000));
  addAnswerWarning(res, `The document's schema admits no value, answered as generated: ${said}`);
}

/** Adds a warning for the journal to the answer's (one answer may carry several: a read-only member ignored, a document fault). */
export function addAnswerWarning(res: Response, warning: string): void {
  const before: unknown = res.locals[ANSWER_WARNING];
  res.locals[ANSWER_WARNING] = typeof before === 'string' ? `${before}; ${warning}` : warning;
}
