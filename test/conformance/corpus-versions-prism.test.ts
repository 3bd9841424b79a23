import { describe, expect, it } from 'vitest';
import { VERSIONED_CORPUS } from '../../fixtures/corpus/index.js';
import { startPrism } from '../../fixtures/servers/prism.js';
import { judgeOnPrism, PRISM } from './corpus-prism.js';

/**
 * The documents of other versions in fixtures/corpus (OpenAPI 3.1, 3.2, Swagger 2.0: issue 20
 * item 5) served by Prism 5.14 where it accepts them, with the same two-sided expectations as the
 * 3.0 corpus: exactly these checks fail, each for the reason written beside it. Where Prism does
 * not serve a document, the refusal itself is asserted.
 */
const doc = (name: string): string => {
  const found = VERSIONED_CORPUS.find((d) => d.name === name);
  if (!found) throw new Error(`${name} is missing from VERSIONED_CORPUS`);
  return found.file;
};

const stateless = PRISM.stateless;

describe('documents of other versions served by Prism', () => {
  it('blueapi (FastAPI, OpenAPI 3.1)', () =>
    judgeOnPrism('blueapi-fastapi-3.1', doc('blueapi-fastapi-3.1'), {
      expected: { deprecation_headers: PRISM.deprecation, method_not_allowed: PRISM.allow, use_after_delete: stateless },
    }), 180_000);

  it('OAI petstore (Swagger 2.0)', () => judgeOnPrism('oai-petstore-2.0', doc('oai-petstore-2.0'), { expected: { method_not_allowed: PRISM.allow } }), 180_000);

  it('OAI petstore-expanded (Swagger 2.0)', () =>
    judgeOnPrism('oai-petstore-expanded-2.0', doc('oai-petstore-expanded-2.0'), {
      expected: { error_shape: PRISM.problem, method_not_allowed: PRISM.allow, not_found_for_unknown_id: stateless, response_schema: PRISM.examples, use_after_delete: stateless },
    }), 180_000);

  it('OAI 3.2 test document: Prism starts, then answers its one operation (documented without responses) 500 with an empty body', () =>
    judgeOnPrism('oai-mega-3.2', doc('oai-mega-3.2'), {
      expected: {
        method_not_allowed: PRISM.allow,
        not_a_server_error: 'Prism 5.14 does not serve OpenAPI 3.2: GET / (no responses documented) answers 500 with an empty body',
        positive_data_accepted: 'the same 500 answers the valid request',
      },
      // Nothing can be exercised: the one operation only ever gets the 500.
      minCoverage: 0,
    }), 180_000);

  it('OAI webhook example (OpenAPI 3.1, webhooks only): Prism refuses to start, "No operations found"', async () => {
    await expect(startPrism({ mode: 'mock' }, doc('oai-webhook-example-3.1'))).rejects.toThrow(/No operations found/);
  }, 120_000);

  it('Docker Engine (Swagger 2.0, 108 operations)', () =>
    judgeOnPrism('docker-engine-2.0', doc('docker-engine-2.0'), {
      expected: {
        content_type: `${PRISM.body}; also (a runner false alarm, issue 20: the 2.0 upgrade drops ContainerLogs' operation-level produces) application/vnd.docker.raw-stream on ContainerLogs`,
        error_shape: PRISM.problem,
        method_not_allowed: PRISM.allow,
        negative_data_rejected: PRISM.lax,
        not_a_server_error: 'Prism answers 500 to an invalid boolean query value or a missing required query parameter (ContainerAttach, ContainerArchive)',
        not_found_for_unknown_id: stateless,
        positive_data_accepted: 'Prism answers 500 or a 400 example to valid requests (SystemEvents with `until`, ImageBuild)',
        response_headers: PRISM.headers,
        response_schema: PRISM.examples,
        use_after_delete: stateless,
      },
    }), 600_000);
});
