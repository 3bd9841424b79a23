import { describeZooService } from './zoo-suite.js';
import { UNDOCUMENTED_400, VALIDATION_422 } from './known-gaps.js';

const OFFSET =
  "the mock's gap (issue 29 item 4, \"List envelopes tell the truth\"): the envelope's offset is generated, not the one asked for; and it seeds three records where the service starts empty, so its items and total count them";

// Fidelity of the mock against the Hono service (OpenAPI 3.1 from @hono/zod-openapi).
describeZooService(
  'hono-projects',
  {
    differences: [
      {
        step: 'read after create /projects/{id}',
        aspect: 'read-back',
        service: 'as sent',
        mock: 'differs: description, budget',
        why: "the mock's gap (issue 29 item 4, \"Defaults and nulls\"): description and budget default to null, which the service stores; the mock invents text and a number",
      },
      { step: 'list /projects', aspect: 'page', service: '1 items, limit 20, offset 0, total 1', mock: '4 items, limit 20, offset 264, total 4', why: OFFSET },
      { step: 'list offset=0&limit=1 /projects', aspect: 'page', service: '1 items, limit 1, offset 0, total 1', mock: '1 items, limit 1, offset 801, total 4', why: OFFSET },
      { step: 'list offset=1&limit=1 /projects', aspect: 'page', service: '0 items, limit 1, offset 1, total 1', mock: '1 items, limit 1, offset 883, total 4', why: OFFSET },
      { step: 'invalid: missing required name (POST /projects)', aspect: 'status', service: '422', mock: '400', why: VALIDATION_422 },
      { step: 'invalid: missing required name (POST /projects)', aspect: 'schema', service: 'valid', mock: 'undocumented status', why: UNDOCUMENTED_400 },
      { step: 'invalid: wrong type for name (POST /projects)', aspect: 'status', service: '422', mock: '400', why: VALIDATION_422 },
      { step: 'invalid: wrong type for name (POST /projects)', aspect: 'schema', service: 'valid', mock: 'undocumented status', why: UNDOCUMENTED_400 },
      { step: 'invalid: unknown enum value for status (POST /projects)', aspect: 'status', service: '422', mock: '400', why: VALIDATION_422 },
      { step: 'invalid: unknown enum value for status (POST /projects)', aspect: 'schema', service: 'valid', mock: 'undocumented status', why: UNDOCUMENTED_400 },
      { step: 'invalid: malformed id (GET /projects/{id})', aspect: 'status', service: '422', mock: '400', why: `${VALIDATION_422} (a malformed UUID in the path)` },
      { step: 'invalid: malformed id (GET /projects/{id})', aspect: 'schema', service: 'valid', mock: 'undocumented status', why: UNDOCUMENTED_400 },
    ],
  },
  undefined,
  { documentPath: '/doc' },
);
