// The OpenAPI schema check express-openapi-validator runs on the documents it serves, precompiled
// in the kernel: the mock refuses documents through the same function.
import type { Contract } from '../src/contract/index.js';
import {
  aboveHarmless,
  isUnknownSchemaField,
  openApiSchemaErrors,
  toleratedProblem,
} from '../src/contract/openapi-check.js';

type Problem = {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string | undefined;
  readonly params: Record<string, unknown>;
};

/**
 * What makes the contract an invalid OpenAPI 3.0 document (`type: integr`), each with its JSON
 * pointer; empty when it is valid. A runner that judged a server against an invalid contract would
 * blame the server for the document's mistakes, so the CLI refuses it as a usage error (exit 2).
 *
 * Left out: fields no Schema Object defines (isUnknownSchemaField: JSON Schema ignores them), the cascade a schema-or-$ref alternation adds above every real error ("must have
 * required property '$ref'", "must match exactly one schema in oneOf"), and patterns that are not
 * ECMA-262, which the kernel's validator reads or reports itself (src/contract/patterns.ts).
 */
export async function contractProblems(contract: Contract, max = 3): Promise<string[]> {
  const known = checked.get(contract.document);
  if (known) return known.slice(0, max);
  let errors: readonly Problem[];
  try {
    errors = (await openApiSchemaErrors(contract.document)) as readonly Problem[];
  } catch {
    // A version the check does not know (3.2): the kernel's own reading decides what it serves.
    return [];
  }
  // OAS 3.1.0 §4.3 (3.0.3 §4.3): "Unless specified otherwise, all properties that are URLs MAY be
  // relative references" (RFC 3986 §4.1), a `tokenUrl` of FastAPI's `/api/v1/login/access-token`
  // included, though the published schema says `format: uri`. Such a value is no problem, and neither
  // is the cascade it raises above it (`must match "then" schema`, unevaluated properties).
  const relative = errors
    .filter(
      (e) =>
        e.keyword === 'format' &&
        e.params['format'] === 'uri' &&
        isUriReference(valueAt(contract.document, e.instancePath)),
    )
    .map((e) => e.instancePath);
  // What constrains no request or answer (an `examples` that is no array, `info`'s URLs…), or what the
  // kit reads though the check refuses it (a numeric exclusive bound): the mock serves it too.
  const tolerated = (e: Problem): boolean => toleratedProblem(e, contract.document) !== undefined;
  const harmless = errors.filter(tolerated).map((e) => e.instancePath);
  const real = errors.filter((e) => {
    if (tolerated(e) || aboveHarmless(e, harmless)) return false;
    if (e.keyword === 'required' && e.params['missingProperty'] === '$ref') return false;
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') return false;
    // A field no Schema Object defines constrains nothing; the mock ignores it too (src/mock/validator.ts).
    if (isUnknownSchemaField(e)) return false;
    if (e.keyword === 'format' && e.params['format'] === 'regex') return false;
    if (e.keyword === 'format' && relative.includes(e.instancePath)) return false;
    if (
      ['if', 'then', 'else', 'unevaluatedProperties'].includes(e.keyword) &&
      relative.some((r) => r.startsWith(`${e.instancePath}/`))
    )
      return false;
    return true;
  });
  const problems = real.map((e) => {
    const allowed = Array.isArray(e.params['allowedValues'])
      ? ` (allowed: ${(e.params['allowedValues'] as unknown[]).join(', ')})`
      : '';
    const extra = typeof e.params['additionalProperty'] === 'string' ? ` (${e.params['additionalProperty']})` : '';
    return `#${e.instancePath || ''} ${e.message ?? e.keyword}${allowed}${extra}`;
  });
  checked.set(contract.document, problems);
  return problems.slice(0, max);
}

/** A pure cache: each document's verdict (a document is never changed after loading). */
const checked = new WeakMap<object, string[]>();

/** The value at a JSON pointer (RFC 6901) of the document. */
function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A relative reference (RFC 3986 §4.2): no scheme, no spaces, parses against a base URL. */
function isUriReference(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || /\s/.test(value)) return false;
  try {
    new URL(value, 'http://base.invalid/');
    return true;
  } catch {
    return false;
  }
}
