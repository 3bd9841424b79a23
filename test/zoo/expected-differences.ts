/** Today's differences between each zoo service and the mock serving its document (`npm run fidelity -- --differences`), each with its why. */
import type { KnownDifference } from './zoo-suite.js';
import * as why from './known-gaps.js';

export const EXPECTED_DIFFERENCES: Readonly<Record<string, readonly KnownDifference[]>> = {
  'fastapi-template': [
    {
      step: 'patch title to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'patch title to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch title to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch title to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch title to null /api/v1/tasks/{task_id}',
      aspect: 'read-back',
      service: 'differs: priority, done, status, description',
      mock: 'as sent',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'patch priority to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'patch priority to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch priority to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch priority to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch priority to null /api/v1/tasks/{task_id}',
      aspect: 'read-back',
      service: 'differs: done, status, description',
      mock: 'as sent',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'patch done to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'patch done to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch done to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch done to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch done to null /api/v1/tasks/{task_id}',
      aspect: 'read-back',
      service: 'differs: status, description',
      mock: 'as sent',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'patch status to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'patch status to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch status to null /api/v1/tasks/{task_id}',
      aspect: 'status',
      service: '500',
      mock: '200',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch status to null /api/v1/tasks/{task_id}',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'read after patch status to null /api/v1/tasks/{task_id}',
      aspect: 'read-back',
      service: 'differs: description',
      mock: 'as sent',
      why: why.NULL_PATCH_500,
    },
    {
      step: 'invalid: unknown id (GET /api/v1/tasks/{task_id})',
      aspect: 'status',
      service: '404',
      mock: '200',
      why: why.UNDOCUMENTED_404,
    },
    {
      step: 'invalid: unknown id (GET /api/v1/tasks/{task_id})',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.UNDOCUMENTED_404_SCHEMA,
    },
  ],
  'fastapi-inventory': [],
  'nest-members': [
    {
      step: 'read after patch name alone /members/{id}',
      aspect: 'read-back',
      service: 'differs: marketingOptIn',
      mock: 'as sent',
      why: why.PARTIAL_TYPE,
    },
  ],
  'fastify-books': [
    {
      step: 'invalid: wrong type for title (POST /books/)',
      aspect: 'status',
      service: '201',
      mock: '400',
      why: why.COERCION,
    },
  ],
  'hono-projects': [
    {
      step: 'invalid: malformed JSON (POST /projects)',
      aspect: 'status',
      service: '400',
      mock: '422',
      why: why.MALFORMED_400,
    },
    {
      step: 'invalid: malformed JSON (POST /projects)',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.MALFORMED_400_SCHEMA,
    },
    {
      step: 'invalid: wrong media type (POST /projects)',
      aspect: 'status',
      service: '415',
      mock: '422',
      why: why.WRONG_MEDIA_415,
    },
    {
      step: 'invalid: wrong media type (POST /projects)',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.UNDOCUMENTED_415,
    },
  ],
  'ezapi-orders': [
    {
      step: 'invalid: unknown id (GET /v1/orders/{id})',
      aspect: 'status',
      service: '404',
      mock: '200',
      why: why.UNDOCUMENTED_404,
    },
    {
      step: 'invalid: unknown id (GET /v1/orders/{id})',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.UNDOCUMENTED_404_SCHEMA,
    },
  ],
  'tsoa-devices': [
    {
      step: 'invalid: malformed JSON (POST /devices)',
      aspect: 'status',
      service: '500',
      mock: '422',
      why: why.TSOA_HANDLER_500,
    },
    {
      step: 'invalid: malformed JSON (POST /devices)',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.TSOA_HANDLER_500_SCHEMA,
    },
    {
      step: 'invalid: malformed id (GET /devices/{deviceId})',
      aspect: 'status',
      service: '404',
      mock: '422',
      why: why.TSOA_FORMAT_UUID,
    },
  ],
  'drf-tickets': [
    {
      step: 'invalid: wrong type for title (POST /api/tickets/)',
      aspect: 'status',
      service: '201',
      mock: '400',
      why: why.DRF_CHARFIELD_NUMBER,
    },
    {
      step: 'invalid: wrong media type (POST /api/tickets/)',
      aspect: 'status',
      service: '415',
      mock: '400',
      why: why.DRF_UNDOCUMENTED_415,
    },
    {
      step: 'invalid: wrong media type (POST /api/tickets/)',
      aspect: 'schema',
      service: 'undocumented status',
      mock: 'valid',
      why: why.UNDOCUMENTED_415,
    },
  ],
};

/** The expected differences of one service (a name the table lacks is a mistake in the test, not an empty list). */
export function expectedDifferences(name: string): readonly KnownDifference[] {
  const found = EXPECTED_DIFFERENCES[name];
  if (!found) throw new Error(`no expected differences for ${name}`);
  return found;
}
