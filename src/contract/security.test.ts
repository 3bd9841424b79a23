import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { schemeCredential } from './security.js';

describe('schemeCredential: what each security scheme takes from a client', () => {
  it.each<[string, unknown, unknown]>([
    [
      'an apiKey in a header',
      { type: 'apiKey', in: 'header', name: 'X-Key' },
      { kind: 'apiKey', in: 'header', name: 'X-Key' },
    ],
    [
      'an apiKey in the query',
      { type: 'apiKey', in: 'query', name: 'api_key' },
      { kind: 'apiKey', in: 'query', name: 'api_key' },
    ],
    [
      'an apiKey in a cookie',
      { type: 'apiKey', in: 'cookie', name: 'session' },
      { kind: 'apiKey', in: 'cookie', name: 'session' },
    ],
    ['http bearer, any case', { type: 'http', scheme: 'BEARER' }, { kind: 'bearer' }],
    ['http basic', { type: 'http', scheme: 'Basic' }, { kind: 'basic' }],
    [
      'another http scheme, its name as written',
      { type: 'http', scheme: 'Digest' },
      { kind: 'http', scheme: 'Digest' },
    ],
    ['oauth2: its access token as a bearer token', { type: 'oauth2', flows: {} }, { kind: 'bearer' }],
    [
      'openIdConnect: likewise',
      { type: 'openIdConnect', openIdConnectUrl: 'https://x/.well-known/openid-configuration' },
      { kind: 'bearer' },
    ],
    ['mutualTLS (3.1)', { type: 'mutualTLS' }, { kind: 'mutualTLS' }],
    ['an unknown type', { type: 'carrier-pigeon' }, undefined],
  ])('%s', (_what, scheme, expected) => {
    expect(schemeCredential(scheme as OpenAPIV3.SecuritySchemeObject)).toEqual(expected);
  });
});
