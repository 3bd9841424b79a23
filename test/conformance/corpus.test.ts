import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import { runConformance } from '../../conformance/runner.js';
import { exitCodeFor } from '../../conformance/verdict.js';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { startPrism } from '../../fixtures/servers/prism.js';

/**
 * The runner on real public contracts (fixtures/corpus/), each served by Prism's mock. Every
 * check that fails must be one where Prism really breaks the contract or the RFCs; the reasons:
 */
const PRISM = {
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
  references: 'references_checked: Prism is stateless: a create naming an identifier that does not exist is accepted with 2xx',
  prismExample: "positive_data_accepted: Prism answers a documented 400 example for a discriminated oneOf body it validates as ambiguous",
} as const;

const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  'oai-petstore-expanded': ['error_shape', 'method_not_allowed', 'not_found_for_unknown_id', 'response_schema', 'use_after_delete'],
  'oai-uspto': ['error_shape', 'method_not_allowed', 'not_found_for_unknown_id', 'status_code_documented'],
  'oai-link-example': ['method_not_allowed'],
  'oai-api-with-examples': ['method_not_allowed'],
  'oai-callback-example': ['method_not_allowed'],
  'swagger-petstore-v3': ['auth_enforced', 'content_type', 'filters_filter', 'references_checked', 'method_not_allowed', 'not_found_for_unknown_id', 'use_after_delete'],
  'twilio-studio-v2': ['auth_enforced', 'created_resource_readable', 'method_not_allowed', 'negative_data_rejected', 'response_headers', 'status_code_documented', 'use_after_delete'],
  'twilio-api-v2010': ['auth_enforced', 'method_not_allowed', 'negative_data_rejected', 'response_headers', 'response_schema', 'status_code_documented', 'use_after_delete'],
  'ory-kratos': ['auth_enforced', 'created_resource_readable', 'error_shape', 'filters_filter', 'method_not_allowed', 'not_found_for_unknown_id', 'positive_data_accepted', 'references_checked', 'response_schema', 'status_code_documented', 'use_after_delete'],
  'ory-hydra': ['auth_enforced', 'created_resource_readable', 'error_shape', 'method_not_allowed', 'negative_data_rejected', 'not_found_for_unknown_id', 'response_schema', 'use_after_delete'],
  'paypal-invoicing-v2': ['auth_enforced', 'content_type', 'created_resource_readable', 'error_shape', 'method_not_allowed', 'negative_data_rejected', 'not_a_server_error', 'not_found_for_unknown_id', 'response_schema', 'use_after_delete'],
  'paypal-catalogs-products-v1': ['auth_enforced', 'created_resource_readable', 'method_not_allowed', 'not_found_for_unknown_id', 'response_schema'],
};

describe('the runner on real contracts served by Prism', () => {
  it('has a reason for every check Prism is expected to fail', () => {
    const reasons = Object.values(PRISM).join('\n');
    for (const check of new Set(Object.values(EXPECTED).flat())) expect(reasons, check).toContain(check);
    for (const doc of CORPUS) expect(EXPECTED[doc.name], doc.name).toBeDefined();
  });

  it.each(CORPUS.map((d) => [d.name, d] as const))(
    '%s: no internal error, every operation exercised, failures only where Prism breaks the contract',
    async (name, doc) => {
      const contract = await loadContract(doc.file);
      const prism = await startPrism({ mode: 'mock' }, doc.file);
      try {
        // Prism serves the paths as written, without the servers' base path: the runner must find
        // that out by itself (no --base-path here), as a user pointing it at Prism would expect.
        // The 197-operation Twilio document runs on a slice of its operations to keep the suite short.
        const operations = contract.operations.length > 100 ? contract.operations.slice(0, 40).map((o) => o.id) : undefined;
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
        expect((coverage?.exercised ?? 0) / (coverage?.total ?? 1), JSON.stringify(coverage?.notExercised)).toBeGreaterThanOrEqual(0.9);
        const failing = [...new Set(report.results.filter((r) => r.status === 'failed').map((r) => r.check))].sort();
        const unexpected = failing.filter((c) => !(EXPECTED[name] ?? []).includes(c));
        const detail = report.results.filter((r) => r.status === 'failed' && unexpected.includes(r.check)).map((r) => `${r.operation} › ${r.check}: ${r.message}`);
        expect(detail, name).toEqual([]);
      } finally {
        await prism.close();
      }
    },
    180_000,
  );
});
