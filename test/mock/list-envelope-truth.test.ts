// A list envelope tells the truth about the page it carries (issue 29 item 4): its continuation
// token resumes after the page and is absent on the last one, `hasMore` and `nextLink` say whether
// more follow, and a nested `pagination` object carries the page's numbers as served.
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { createMockApp } from '../../src/index.js';
import type { App } from './helpers.js';

const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'list-envelope-tokens.yaml');

interface Page {
  reports: { id: string }[];
  nextToken?: string | null;
  hasMore?: boolean;
  nextLink?: string;
  pagination?: { limit?: number; offset?: number; totalCount?: number };
}

describe('a list envelope with a continuation token', () => {
  let app: App;
  const made: string[] = [];
  beforeAll(async () => {
    app = await createMockApp({ spec, records: 0 });
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const res = await request(app).post('/reports').send({ name });
      expect(res.status).toBe(201);
      made.push(res.body.id as string);
    }
  });

  it('following nextToken walks every record once; the last page has no token and says no more follow', async () => {
    const seen: string[] = [];
    const pages: Page[] = [];
    let token: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await request(app)
        .get('/reports')
        .query({ maxResults: 2, ...(token === undefined ? {} : { nextToken: token }) });
      expect(res.status).toBe(200);
      const page = res.body as Page;
      pages.push(page);
      seen.push(...page.reports.map((r) => r.id));
      if (page.nextToken === undefined || page.nextToken === null) break;
      token = page.nextToken;
    }
    expect(seen).toEqual(made);
    expect(pages.map((p) => [p.reports.length, p.hasMore, p.nextLink === undefined])).toEqual([
      [2, true, false],
      [2, true, false],
      [1, false, true],
    ]);
    expect(pages.map((p) => p.pagination)).toEqual([
      { limit: 2, offset: 0, totalCount: 5 },
      { limit: 2, offset: 2, totalCount: 5 },
      { limit: 2, offset: 4, totalCount: 5 },
    ]);
  });

  it('a whole list in one page carries no token; a token the mock never gave starts from the first record', async () => {
    const whole = (await request(app).get('/reports')).body as Page;
    expect([whole.reports.length, whole.nextToken, whole.hasMore]).toEqual([5, undefined, false]);
    const foreign = (await request(app).get('/reports').query({ maxResults: 2, nextToken: 'not-ours' })).body as Page;
    expect(foreign.reports.map((r) => r.id)).toEqual(made.slice(0, 2));
  });
});
