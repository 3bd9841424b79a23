import { expect } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import { runConformance } from '../../conformance/runner.js';
import { exitCodeFor } from '../../conformance/verdict.js';
import { startPrism } from '../../fixtures/servers/prism.js';

/**
 * The runner on real public contracts (fixtures/corpus/), each served by Prism's mock. Every
 * check that fails must be one where Prism really breaks the contract or the RFCs; the reasons:
 */
export const PRISM = {
  allow: "method_not_allowed: Prism's 405 carries no Allow header (RFC 9110 §15.5.6: MUST)",
  stateless: 'not_found_for_unknown_id / use_after_delete / created_resource_readable: Prism is stateless; any id answers the example, deletes delete nothing, reads give the example',
  keys: 'auth_enforced: Prism checks that a credential is present, not that it is valid: wrong credentials get 2xx',
  problem: "error_shape: Prism's own errors (405, 422 validation) are application/problem+json, not the contract's error schema",
  examples: "response_schema: Prism's generated or static example bodies ignore formats and patterns ('string' for a uri, 'stringstring…' for a date-time pattern) or break the contract's own error schema",
  lax: 'negative_data_rejected: Prism does not validate formats of query parameters, required fields of form bodies or a wrong Content-Type, and answers 2xx or 500',
  status422: "status_code_documented: Prism answers its own 422 to invalid input on operations that document other 4xx codes but not 422, and to a valid form-urlencoded array (`TestUsers=a`, `TestUsers=a&TestUsers=b`: OAS 3.0.3 §4.8.14.4, form with explode is an array's default encoding) with 'must be array'",
  headers: 'response_headers: Prism writes "null" into a documented boolean header',
  body: 'content_type: Prism sends a problem+json body on statuses the contract documents without content or with application/json only',
  server: 'not_a_server_error: Prism answers 500 to a body in an undocumented Content-Type',
  filters: 'filters_filter: Prism is stateless: a filtered list answers its example or generated items, whatever the filter asks',
  deprecation: 'deprecation_headers: Prism sends `Deprecation: true`, which RFC 9745 §2.1 does not allow (a structured date, @<epoch seconds>)',
  prismExample: "positive_data_accepted: Prism answers a documented 400 example for a discriminated oneOf body it validates as ambiguous",
} as const;

/** The reason a check is expected to fail against Prism: the one PRISM entry that names it. */
export function reasonFor(check: string): string {
  return Object.values(PRISM).find((r) => new RegExp(`(^|[ /])${check}( |:)`).test(r)) ?? '(no reason written)';
}

export const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  'oai-petstore-expanded': ['created_resource_readable', 'error_shape', 'method_not_allowed', 'not_found_for_unknown_id', 'response_schema', 'use_after_delete'],
  'oai-uspto': ['method_not_allowed'],
  'oai-link-example': ['method_not_allowed'],
  'oai-api-with-examples': ['method_not_allowed'],
  'oai-callback-example': ['method_not_allowed'],
  'swagger-petstore-v3': ['auth_enforced', 'created_resource_readable', 'filters_filter', 'method_not_allowed', 'not_found_for_unknown_id', 'use_after_delete'],
  'twilio-studio-v2': ['auth_enforced', 'created_resource_readable', 'method_not_allowed', 'negative_data_rejected', 'response_headers', 'status_code_documented', 'use_after_delete'],
  'twilio-api-v2010': ['auth_enforced', 'method_not_allowed', 'negative_data_rejected', 'response_headers', 'response_schema', 'use_after_delete'],
  'ory-kratos': ['auth_enforced', 'created_resource_readable', 'error_shape', 'filters_filter', 'method_not_allowed', 'not_found_for_unknown_id', 'positive_data_accepted', 'response_schema', 'use_after_delete'],
  'ory-hydra': ['auth_enforced', 'created_resource_readable', 'error_shape', 'method_not_allowed', 'negative_data_rejected', 'not_found_for_unknown_id', 'response_schema', 'use_after_delete'],
  'paypal-invoicing-v2': ['auth_enforced', 'content_type', 'created_resource_readable', 'error_shape', 'method_not_allowed', 'negative_data_rejected', 'not_a_server_error', 'not_found_for_unknown_id', 'response_schema', 'use_after_delete'],
  'paypal-catalogs-products-v1': ['auth_enforced', 'created_resource_readable', 'method_not_allowed', 'not_found_for_unknown_id', 'response_schema'],
};

/**
 * Serves one corpus document with Prism and runs the runner as a user would (no --base-path), on
 * `operations` (all by default). Two-sided (issue 19 item 6): the failing checks are exactly the
 * expected ones, each for its written reason, so a check that stops firing on a true defect of
 * Prism's is caught, not only one that starts firing on a false one.
 */
export interface PrismExpectations {
  /** Only these operations (all by default). */
  readonly operations?: readonly string[];
  /** Each check expected to fail, with why; by default EXPECTED[name] with the PRISM reason of each. */
  readonly expected?: Readonly<Record<string, string>>;
  /** The share of operations that must be exercised (0.9 by default). */
  readonly minCoverage?: number;
}

export async function judgeOnPrism(name: string, file: string, how: PrismExpectations = {}): Promise<void> {
  const { operations } = how;
  const expected = how.expected ?? Object.fromEntries((EXPECTED[name] ?? []).map((c) => [c, reasonFor(c)]));
  const contract = await loadContract(file);
  const prism = await startPrism({ mode: 'mock' }, file);
  try {
    const report = await runConformance({
      target: prism.url,
      contract,
      apiKey: 'conformance-key',
      bearer: 'conformance-token',
      basic: 'user:pass',
      examples: 1,
      timeoutMs: 5000,
      operations,
    });
    expect(report.internalErrors ?? [], name).toEqual([]);
    if (contract.basePath !== '') expect(report.notices?.join('\n'), name).toContain(`without the base path ${contract.basePath}`);
    expect(exitCodeFor(report)).not.toBe(3);
    const coverage = report.coverage;
    expect(coverage, name).toBeDefined();
    expect((coverage?.exercised ?? 0) / (coverage?.total ?? 1), JSON.stringify(coverage?.notExercised)).toBeGreaterThanOrEqual(how.minCoverage ?? 0.9);
    const failing = [...new Set(report.results.filter((r) => r.status === 'failed').map((r) => r.check))].sort();
    const unexpected = failing.filter((c) => !(c in expected));
    const detail = report.results.filter((r) => r.status === 'failed' && unexpected.includes(r.check)).map((r) => `${r.operation} › ${r.check}: ${r.message}`);
    expect(detail, name).toEqual([]);
    const missing = Object.entries(expected).filter(([c]) => !failing.includes(c)).map(([c, why]) => `${c} did not fail: expected because ${why}`);
    expect(missing, name).toEqual([]);
  } finally {
    await prism.close();
  }
}
