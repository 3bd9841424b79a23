/** Today's differences between each zoo service and the mock serving its document (`npm run fidelity -- --differences`), each with its why. */
import type { KnownDifference } from './zoo-suite.js';
import * as why from './known-gaps.js';

export const EXPECTED_DIFFERENCES: Readonly<Record<string, readonly KnownDifference[]>> = {
  'fastapi-template': [
    { step: "patch title to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "patch title to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch title to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "read after patch title to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch title to null /api/v1/tasks/{task_id}", aspect: 'read-back', service: "differs: priority, done, status, title, description", mock: "differs: title", why: why.NULL_PATCH_500 },
    { step: "patch description to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "patch description to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch description to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "read after patch description to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch description to null /api/v1/tasks/{task_id}", aspect: 'read-back', service: "differs: priority, done, status, title, description", mock: "differs: title", why: why.NULL_PATCH_500 },
    { step: "patch priority to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "patch priority to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch priority to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "read after patch priority to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch priority to null /api/v1/tasks/{task_id}", aspect: 'read-back', service: "differs: priority, done, status, title, description", mock: "differs: priority, title", why: why.NULL_PATCH_500 },
    { step: "patch done to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "patch done to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch done to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "read after patch done to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch done to null /api/v1/tasks/{task_id}", aspect: 'read-back', service: "differs: priority, done, status, title, description", mock: "differs: priority, done, title", why: why.NULL_PATCH_500 },
    { step: "patch status to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "patch status to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch status to null /api/v1/tasks/{task_id}", aspect: 'status', service: "500", mock: "200", why: why.NULL_PATCH_500 },
    { step: "read after patch status to null /api/v1/tasks/{task_id}", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.NULL_PATCH_500 },
    { step: "read after patch status to null /api/v1/tasks/{task_id}", aspect: 'read-back', service: "differs: priority, done, status, title, description", mock: "differs: priority, done, status, title", why: why.NULL_PATCH_500 },
    { step: "invalid: wrong media type (POST /api/v1/tasks/)", aspect: 'status', service: "422", mock: "415", why: why.WRONG_MEDIA_415 },
    { step: "invalid: wrong media type (POST /api/v1/tasks/)", aspect: 'schema', service: "valid", mock: "undocumented status", why: why.UNDOCUMENTED_415 },
    { step: "invalid: unknown id (GET /api/v1/tasks/{task_id})", aspect: 'status', service: "404", mock: "200", why: why.UNDOCUMENTED_404 },
    { step: "invalid: unknown id (GET /api/v1/tasks/{task_id})", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.UNDOCUMENTED_404_SCHEMA },
  ],
  'fastapi-inventory': [
    { step: "invalid: the same create again (POST /products, 409 documented)", aspect: 'status', service: "409", mock: "201", why: why.UNIQUE_409 },
    { step: "list /products", aspect: 'page', service: "1 items", mock: "2 items", why: why.AFTER_UNIQUE_409 },
    { step: "list skip=1&limit=1 /products", aspect: 'page', service: "0 items", mock: "1 items", why: why.AFTER_UNIQUE_409 },
    { step: "invalid: wrong media type (POST /products)", aspect: 'status', service: "422", mock: "415", why: why.WRONG_MEDIA_415 },
    { step: "invalid: wrong media type (POST /products)", aspect: 'schema', service: "valid", mock: "undocumented status", why: why.UNDOCUMENTED_415 },
  ],
  'nest-members': [
    { step: "read after patch name alone /members/{id}", aspect: 'read-back', service: "differs: marketingOptIn", mock: "as sent", why: why.PARTIAL_TYPE },
    { step: "invalid: wrong media type (POST /members)", aspect: 'status', service: "400", mock: "415", why: why.WRONG_MEDIA_415 },
    { step: "invalid: wrong media type (POST /members)", aspect: 'schema', service: "valid", mock: "undocumented status", why: why.UNDOCUMENTED_415 },
    { step: "invalid: unknown id (GET /members/{id})", aspect: 'status', service: "400", mock: "404", why: why.PARSE_UUID_400 },
  ],
  'fastify-books': [
    { step: "invalid: wrong type for title (POST /books/)", aspect: 'status', service: "201", mock: "400", why: why.COERCION },
    { step: "invalid: wrong media type (POST /books/)", aspect: 'status', service: "400", mock: "415", why: why.WRONG_MEDIA_415 },
    { step: "invalid: wrong media type (POST /books/)", aspect: 'schema', service: "valid", mock: "undocumented status", why: why.UNDOCUMENTED_415 },
  ],
  'hono-projects': [
    { step: "invalid: malformed JSON (POST /projects)", aspect: 'status', service: "400", mock: "422", why: why.MALFORMED_400 },
    { step: "invalid: malformed JSON (POST /projects)", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.MALFORMED_400_SCHEMA },
  ],
  'ezapi-orders': [
    { step: "list /v1/orders", aspect: 'page', service: "1 items, limit 20, offset 0, total 1", mock: "2 items, limit 222, offset 885, total 79", why: why.NESTED_ENVELOPE },
    { step: "list offset=0&limit=1 /v1/orders", aspect: 'page', service: "1 items, limit 1, offset 0, total 1", mock: "3 items, limit 4, offset 911, total 298", why: why.NESTED_ENVELOPE },
    { step: "list offset=1&limit=1 /v1/orders", aspect: 'page', service: "0 items, limit 1, offset 1, total 1", mock: "1 items, limit 356, offset 143, total 875", why: why.NESTED_ENVELOPE },
    { step: "invalid: wrong media type (POST /v1/orders)", aspect: 'status', service: "400", mock: "415", why: why.WRONG_MEDIA_415 },
    { step: "invalid: wrong media type (POST /v1/orders)", aspect: 'schema', service: "valid", mock: "undocumented status", why: why.UNDOCUMENTED_415 },
    { step: "invalid: unknown id (GET /v1/orders/{id})", aspect: 'status', service: "404", mock: "200", why: why.UNDOCUMENTED_404 },
    { step: "invalid: unknown id (GET /v1/orders/{id})", aspect: 'schema', service: "undocumented status", mock: "valid", why: why.UNDOCUMENTED_404_SCHEMA },
  ],
};

/** The expected differences of one service (a name the table lacks is a mistake in the test, not an empty list). */
export function expectedDifferences(name: string): readonly KnownDifference[] {
  const found = EXPECTED_DIFFERENCES[name];
  if (!found) throw new Error(`no expected differences for ${name}`);
  return found;
}
