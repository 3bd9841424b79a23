import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { contractFromText } from '../../../src/contract/index.js';
import { cannedMediaType } from '../../../src/mock/controls/request-headers/prefer.js';
import { SecurityGate } from '../../../src/mock/controls/request-headers/security.js';

describe('the mock reads media types and cookies as the kernel does', () => {
  it.each<[string, Record<string, object> | undefined, string | undefined]>([
    ['application/json', { 'text/plain': {}, 'application/json': {} }, 'application/json'],
    [
      'a +json type (RFC 6839 §3.1), not only the exact key',
      { 'text/plain': {}, 'application/problem+json': {} },
      'application/problem+json',
    ],
    ['a JSON type written in capitals', { 'Application/JSON': {} }, 'Application/JSON'],
    ['no JSON entry: the first', { 'text/csv': {}, 'application/xml': {} }, 'text/csv'],
    ['no content', undefined, undefined],
  ])('a canned answer is taken from %s', (_what, content, expected) => {
    expect(cannedMediaType(content)).toBe(expected);
  });

  it('an apiKey cookie is read from the Cookie header by the kernel (RFC 6265 §4.2.1), percent-decoded as cookie parameters are', async () => {
    const contract = await contractFromText(`openapi: 3.0.3
info: { title: C, version: '1' }
components: { securitySchemes: { session: { type: apiKey, in: cookie, name: session } } }
security: [{ session: [] }]
paths: { /x: { get: { operationId: x, responses: { '200': { description: ok } } } } }
`);
    const gate = new SecurityGate(contract, { apiKeys: ['k-1'], tokens: [] }, 'mock');
    const operation = contract.operations[0]!;
    const sent = (cookie: string | undefined): boolean =>
      gate.check(operation, { headers: { cookie }, get: () => undefined } as unknown as Request, new URLSearchParams())
        .ok;
    expect([
      sent('a=1; session=k-1'),
      sent('session=k%2D1'),
      sent('session=k-2'),
      sent(undefined),
      sent('xsession=k-1'),
    ]).toEqual([true, true, false, false, false]);
  });
});
