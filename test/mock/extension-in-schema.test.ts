import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import { validatorDocument } from '../../src/mock/validator-document.js';
import type { App } from './helpers.js';

// Specification extensions (OAS 3.0.3 §4.8) inside schemas never reach the validator: ajv walks
// every key of a schema and took an `id` in one for a draft-04 schema id (apideck.com's
// `x-apideck-weights`), a 500 on every answer. Names that begin with `x-` are not extensions.
const FIXTURE = join(packageRoot, 'fixtures', 'constructs', 'directory', 'extension-id-in-schema.yaml');

describe('extensions inside schemas are left out of the validator, names beginning with x- are kept', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp({ spec: FIXTURE });
  });

  it("the validator's copy drops the extension and keeps the property and header named x-…", async () => {
    const { document } = validatorDocument(await loadContract(FIXTURE));
    const schemas = document.components?.schemas as Record<string, Record<string, unknown>>;
    expect(Object.keys(schemas['Customer']!)).not.toContain('x-apideck-weights');
    expect(Object.keys(schemas['Address']!)).not.toContain('x-apideck-weights');
    expect(Object.keys(schemas['Customer']!['properties'] as object)).toContain('x-source');
    expect(schemas['Customer']!['required']).toEqual(['id', 'x-source']);
    const responses = document.paths['/customers']!.get!.responses as unknown as Record<
      string,
      Record<string, unknown>
    >;
    const ok = responses['200']!;
    expect(Object.keys(ok['headers'] as object)).toEqual(['x-request-id']);
  });

  it('a list and a read answer 200', async () => {
    const list = await request(app).get('/customers').expect(200);
    const first = (list.body as { data: { id: string; 'x-source': string }[] }).data[0]!;
    expect(['web', 'shop']).toContain(first['x-source']);
    await request(app)
      .get(`/customers/${encodeURIComponent(first.id)}`)
      .expect(200);
  });
});
