import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  bundledContractPath,
  formatHttpDate,
  formatStructuredDate,
  loadContract,
  SchemaValidator,
  type Contract,
  type HttpMethod,
} from '../../src/contract/index.js';

let contract: Contract;
beforeAll(async () => {
  contract = await loadContract();
});

describe('the contract is valid OpenAPI 3.0.3', () => {
  it('passes @readme/openapi-parser validation (OpenAPI 3.0 JSON Schema + semantics)', async () => {
    const result = await validate(bundledContractPath);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });
});

// Every operation the product decisions name: operationId → [method, path].
const OPERATIONS: Record<string, [string, string]> = {
  listPets: ['get', '/pets'],
  createPet: ['post', '/pets'],
  getPet: ['get', '/pets/{petId}'],
  replacePet: ['put', '/pets/{petId}'],
  deletePet: ['delete', '/pets/{petId}'],
  listCategories: ['get', '/categories'],
  createCategory: ['post', '/categories'],
  getCategory: ['get', '/categories/{categoryId}'],
  replaceCategory: ['put', '/categories/{categoryId}'],
  deleteCategory: ['delete', '/categories/{categoryId}'],
  listOrders: ['get', '/store/orders'],
  placeOrder: ['post', '/store/orders'],
  getOrder: ['get', '/store/orders/{orderId}'],
  cancelOrder: ['delete', '/store/orders/{orderId}'],
  completeOrder: ['post', '/store/orders/{orderId}/complete'],
  listInventory: ['get', '/store/inventory'],
  getInventoryItem: ['get', '/store/inventory/{petId}'],
  setStock: ['put', '/store/inventory/{petId}'],
};

describe('operations', () => {
  it('has exactly the decided operations', () => {
    expect(Object.fromEntries(contract.operations.map((op) => [op.id, [op.method, op.path]]))).toEqual(OPERATIONS);
  });

  it.each(Object.keys(OPERATIONS))('%s has a tag, a summary, a description, and a 4xx and 5xx answer', (id) => {
    const op = contract.operationsById.get(id)!;
    expect(op.tags.length).toBeGreaterThan(0);
    expect(op.summary).toBeTruthy();
    const raw = contract.resolved.paths[op.path]![op.method as HttpMethod] as OpenAPIV3.OperationObject;
    expect(raw.description).toBeTruthy();
    expect(Object.keys(op.responses).some((s) => s.startsWith('4'))).toBe(true);
    expect(op.responses['500']).toBeDefined();
  });

  it.each(Object.keys(OPERATIONS))('%s: writes need X-API-Key and document 401, reads are public', (id) => {
    const op = contract.operationsById.get(id)!;
    const writes = op.method !== 'get';
    expect(op.requiresAuth).toBe(writes);
    expect(op.responses['401'] !== undefined).toBe(writes);
    if (writes) expect(op.security).toEqual([{ ApiKeyAuth: [] }]);
    if (writes) expect(op.responses['401']?.headers?.['WWW-Authenticate']).toBeDefined();
    expect(contract.apiKeySchemes.get('ApiKeyAuth')).toMatchObject({ in: 'header', name: 'X-API-Key' });
  });

  it.each(Object.keys(OPERATIONS))('%s: every error answer is the Error object in application/json', (id) => {
    const op = contract.operationsById.get(id)!;
    const errorSchema = contract.resolved.components!.schemas!['Error'];
    for (const [status, response] of Object.entries(op.responses)) {
      if (Number(status) < 400) continue;
      expect(Object.keys(response.content ?? {})).toEqual(['application/json']);
      expect(response.content!['application/json']!.schema).toBe(errorSchema);
    }
  });

  it('creates answer 201 with Location; deletes answer 204 without a body', () => {
    for (const op of contract.operations) {
      if (op.method === 'post' && op.id.startsWith('create')) {
        expect(op.responses['201']?.headers?.['Location'], op.id).toBeDefined();
      }
      if (op.id === 'placeOrder') expect(op.responses['201']?.headers?.['Location']).toBeDefined();
      if (op.method === 'delete') {
        expect(op.responses['204'], op.id).toBeDefined();
        expect(op.responses['204']?.content).toBeUndefined();
      }
    }
  });

  it('lists page with limit 1..100 (default 20) and offset >= 0, with X-Total-Count and Link', () => {
    for (const id of ['listPets', 'listCategories', 'listOrders', 'listInventory']) {
      const op = contract.operationsById.get(id)!;
      const limit = op.parameters.find((p) => p.name === 'limit')?.schema as OpenAPIV3.SchemaObject;
      const offset = op.parameters.find((p) => p.name === 'offset')?.schema as OpenAPIV3.SchemaObject;
      expect(limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(offset).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
      expect(op.responses['200']?.headers?.['X-Total-Count']).toBeDefined();
      expect(op.responses['200']?.headers?.['Link']).toBeDefined();
    }
    const filters = (id: string) =>
      contract.operationsById
        .get(id)!
        .parameters.filter((p) => p.in === 'query')
        .map((p) => p.name);
    expect(filters('listPets')).toEqual(expect.arrayContaining(['status', 'categoryId']));
    expect(filters('listOrders')).toContain('complete');
    expect(filters('listInventory')).toContain('status');
  });

  it('placing an order requires petId and quantity without changing Order', () => {
    const body = contract.operationsById.get('placeOrder')!.requestBody!;
    const schema = body.content['application/json']!.schema as OpenAPIV3.SchemaObject;
    const required = (schema.allOf ?? []).flatMap((part) => ('required' in part ? (part.required ?? []) : []));
    expect(required).toEqual(expect.arrayContaining(['petId', 'quantity']));
    const validator = new SchemaValidator();
    expect(validator.check(schema, { petId: 1 }, 'request').valid).toBe(false);
    expect(validator.check(schema, { petId: 1, quantity: 1 }, 'request').valid).toBe(true);
    expect(validator.check(schema, { petId: 1, quantity: 1001 }, 'request').valid).toBe(false);
  });
});

describe('deprecation and stability', () => {
  it('GET /pets/{petId} is deprecated with x-sunset 2027-06-30 and x-deprecated-at 2026-01-01', () => {
    const op = contract.operationsById.get('getPet')!;
    expect(op.deprecated).toBe(true);
    expect(op.deprecation?.sunset?.toISOString()).toBe('2027-06-30T00:00:00.000Z');
    expect(op.deprecation?.deprecatedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(op.responses['410']).toBeDefined();
    const raw = parse(readFileSync(bundledContractPath, 'utf8')) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(raw.paths['/pets/{petId}']!['get']!['x-sunset']).toBe('2027-06-30'); // a string, not a YAML timestamp
  });

  it('its 2xx answer declares Deprecation, Sunset and Link whose examples equal the contract dates', () => {
    const op = contract.operationsById.get('getPet')!;
    const headers = op.responses['200']!.headers as Record<string, OpenAPIV3.HeaderObject>;
    const example = (name: string) => (headers[name]!.schema as OpenAPIV3.SchemaObject).example as string;
    expect(example('Deprecation')).toBe(formatStructuredDate(op.deprecation!.deprecatedAt!));
    expect(example('Deprecation')).toBe('@1767225600');
    expect(example('Sunset')).toBe(formatHttpDate(op.deprecation!.sunset!));
    expect(example('Sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(example('Link')).toMatch(/rel="deprecation"/);
  });

  it('is the only deprecated operation, and no other declares a Deprecation header', () => {
    expect(contract.operations.filter((op) => op.deprecated).map((op) => op.id)).toEqual(['getPet']);
    for (const op of contract.operations.filter((o) => !o.deprecated)) {
      for (const response of Object.values(op.responses)) expect(response.headers?.['Deprecation']).toBeUndefined();
    }
  });

  it('marks setting stock and completing an order with x-stability, and hides the try-it panel of GET /store/orders', () => {
    expect(contract.operationsById.get('setStock')!.stability).toBe('beta');
    expect(contract.operationsById.get('completeOrder')!.stability).toBe('experimental');
    expect(contract.operations.filter((op) => op.hideTryItPanel).map((op) => op.id)).toEqual(['listOrders']);
  });
});

describe('errors and limits', () => {
  it('the error-code catalogue and the Error.code enum agree, statuses as decided', () => {
    expect(Object.fromEntries(contract.errorCatalogue)).toEqual({
      validation_failed: 400,
      unauthorized: 401,
      not_found: 404,
      method_not_allowed: 405,
      not_acceptable: 406,
      conflict: 409,
      gone: 410,
      payload_too_large: 413,
      unsupported_media_type: 415,
      unprocessable: 422,
      rate_limited: 429,
      internal: 500,
      unavailable: 503,
    });
    const code = (contract.resolved.components!.schemas!['Error'] as OpenAPIV3.SchemaObject).properties![
      'code'
    ] as OpenAPIV3.SchemaObject;
    expect(code.enum).toEqual([...contract.errorCatalogue.keys()]);
  });

  it('every shared error response names its code in its example, with status equal to the HTTP status', () => {
    const responses = contract.resolved.components!.responses as Record<string, OpenAPIV3.ResponseObject>;
    const used = new Set<string>();
    for (const op of contract.operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const example = response.content!['application/json']!.example as { code: string; status: number };
        expect(example.status, `${op.id} ${status}`).toBe(Number(status));
        expect(contract.errorCatalogue.get(example.code)).toBe(Number(status));
        used.add(example.code);
      }
    }
    expect(Object.keys(responses).length).toBeGreaterThanOrEqual(used.size);
  });

  it('declares the limits: 64 KiB bodies, pages of at most 100', () => {
    expect(contract.limits).toEqual({ maxBodyBytes: 65536, maxPageSize: 100 });
  });
});
