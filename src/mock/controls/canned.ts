import type { Faker } from '@faker-js/faker';
import type { OpenAPIV3 } from 'openapi-types';
import { isRecord, type Operation } from '../../contract/index.js';
import type { Reply } from '../routes/types.js';
import { generate } from './generate.js';
import { cannedStatus, documentedResponse, type Preferences } from './prefer.js';

/**
 * The answer `Prefer` asks for instead of the state (as Prism gives it): the documented response
 * of the preferred status, its named example, its example, or a body generated from its schema
 * (always generated with `dynamic=true`), with its required headers. The state is not touched.
 */
export function cannedReply(operation: Operation, p: Preferences, faker: Faker, codeForStatus: (status: number) => string): Reply {
  const status = cannedStatus(operation, p);
  const response = documentedResponse(operation, status);
  const media = response?.content?.['application/json'] ?? Object.values(response?.content ?? {})[0];
  let body: unknown;
  if (media) {
    const schema = media.schema as OpenAPIV3.SchemaObject | undefined;
    const named = p.example !== undefined ? (media.examples?.[p.example] as OpenAPIV3.ExampleObject | undefined)?.value : undefined;
    const firstNamed = Object.values(media.examples ?? {})[0] as OpenAPIV3.ExampleObject | undefined;
    body =
      named ??
      (p.dynamic === true ? undefined : (media.example ?? firstNamed?.value ?? schema?.example)) ??
      generate(schema, faker);
    body = structuredClone(body);
    // An Error body must say the status it is sent with.
    if (status >= 400 && isRecord(body) && 'status' in body) {
      body['status'] = status;
      body['code'] = codeForStatus(status);
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(response?.headers ?? {})) {
    if ('$ref' in header || header.required !== true) continue;
    const schema = header.schema as OpenAPIV3.SchemaObject | undefined;
    const value =
      name.toLowerCase() === 'x-total-count' && Array.isArray(body)
        ? body.length
        : (header.example ?? schema?.example ?? generate(schema, faker, name));
    headers[name] = String(value);
  }
  return body === undefined ? { status, headers } : { status, body, headers };
}
