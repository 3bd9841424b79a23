import type { OpenAPIV3 } from 'openapi-types';

/**
 * What a security scheme takes from a client (OAS 3.0.3 §4.7.33, 3.1 §4.8.27): an API key where
 * the scheme says (header, query or cookie), a bearer token (http bearer; oauth2 and openIdConnect,
 * whose access tokens travel as bearer tokens, RFC 6750 §2.1), Basic credentials (RFC 7617), an
 * other http scheme's credentials in `Authorization`, or a TLS client certificate (mutualTLS).
 * The one mapping the mock's gate and the runner's credentials read schemes by.
 */
export type SchemeCredential =
  | { readonly kind: 'apiKey'; readonly in: 'header' | 'query' | 'cookie'; readonly name: string }
  | { readonly kind: 'bearer' }
  | { readonly kind: 'basic' }
  | { readonly kind: 'http'; readonly scheme: string }
  | { readonly kind: 'mutualTLS' };

/** The credential a scheme takes, or undefined for a type no version of OpenAPI defines. */
export function schemeCredential(scheme: OpenAPIV3.SecuritySchemeObject): SchemeCredential | undefined {
  switch (scheme.type) {
    case 'apiKey':
      return {
        kind: 'apiKey',
        in: scheme.in === 'query' ? 'query' : scheme.in === 'cookie' ? 'cookie' : 'header',
        name: scheme.name,
      };
    case 'http': {
      // Scheme names are case-insensitive (RFC 9110 §11.1).
      const name = scheme.scheme.toLowerCase();
      if (name === 'bearer') return { kind: 'bearer' };
      if (name === 'basic') return { kind: 'basic' };
      return { kind: 'http', scheme: scheme.scheme };
    }
    case 'oauth2':
    case 'openIdConnect':
      return { kind: 'bearer' };
    default:
      return Reflect.get(scheme, 'type') === 'mutualTLS' ? { kind: 'mutualTLS' } : undefined;
  }
}
