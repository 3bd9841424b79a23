import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { VERSIONED_CORPUS } from '../../fixtures/corpus/index.js';
import request from 'supertest';
import { scaled } from '../load-scale.js';

describe.each(VERSIONED_CORPUS.map((d) => [d.name, d] as const))(
  'corpus document %s (not OpenAPI 3.0)',
  (_name, doc) => {
    it('is read as the version it declares, with the operations the list says', async () => {
      const contract = await loadContract(doc.file);
      expect(contract.version.written).toBe(doc.version);
      expect(contract.operations).toHaveLength(doc.operations);
    });

    it(
      'starts the mock, which answers a documented GET without a server error',
      async () => {
        const contract = await loadContract(doc.file);
        const app = await createMockApp({ spec: doc.file, apiKeys: ['k'], tokens: ['t'] });
        const get = contract.operations.find((op) => op.method === 'get' && !op.path.includes('{'));
        if (!get) return; // a document of webhooks or a parameterised path only: starting is the check
        const res = await request(app)
          .get(`${contract.basePath}${get.path}`)
          .set('authorization', 'Bearer t')
          .set('x-api-key', 'k');
        expect(res.status, `${get.id} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      },
      scaled(60_000),
    );
  },
);
