import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';

// An error schema whose one member holds the error (an XML root element as JSON, payrun.io's
// `{ErrorModel: {Description, ErrorCategory}}`): the refusal says what went wrong inside that member,
// never `{}` (issue 29: never an empty error body).
const FIXTURE = join(packageRoot, 'fixtures', 'constructs', 'directory', 'error-in-root-member.yaml');

describe('an error held in the error schema’s one member', () => {
  it('an unknown id answers 404 with the error described inside the member', async () => {
    const app = await createMockApp({ spec: FIXTURE });
    const res = await request(app).get('/employers/nope').expect(404);
    expect(res.body).toEqual({
      ErrorModel: expect.objectContaining({ Description: expect.stringContaining('nope') }),
    });
  });
});
