/**
 * Mutant proof on a real contract (issue 19 §5): the kit's mock serving Ory Kratos, behind a proxy
 * that drops one query parameter, fails the rule that judges it; unbroken, the same rules pass.
 * (Before, a server ignoring `page_size` or a filter passed there: the rules were skipped.)
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, packageRoot, type Contract } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { startDefectProxy, type Defect } from '../../fixtures/broken/proxy.js';
import type { RunReport } from '../../conformance/types.js';
import { cell, run } from './helpers.js';
import { scaled } from '../load-scale.js';

const file = join(packageRoot, 'fixtures', 'corpus', 'ory-kratos.json');
const operations = ['createIdentity', 'listIdentities', 'listCourierMessages'];

/** A proxy that drops the named query parameters of GET requests. */
function dropping(name: string, params: readonly string[]): Defect {
  return {
    name,
    description: `GET ignores ${params.join(', ')}`,
    operation: 'listIdentities',
    check: 'paging_truthful',
    request: (req) => {
      if (req.method !== 'GET') return req;
      const url = new URL(req.path, 'http://proxy');
      for (const p of params) url.searchParams.delete(p);
      return { ...req, path: `${url.pathname}${url.search}` };
    },
  };
}

describe('paging and filter rules on Ory Kratos served by the mock', () => {
  let contract: Contract;
  let mock: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    contract = await loadContract(file);
    mock = await start({ port: 0, spec: file, apiKeys: ['k'], tokens: ['t'], basic: ['u:p'] });
  }, scaled(120_000));
  afterAll(async () => {
    await mock.close();
  });

  const judge = async (target: string): Promise<RunReport> =>
    run(target, { contract, apiKey: 'k', bearer: 't', basic: 'u:p', examples: 1, operations });

  it('unbroken: the page size, the page number and the filters are judged and hold', {
    timeout: scaled(120_000),
  }, async () => {
    const report = await judge(mock.url);
    expect(cell(report, 'listIdentities', 'paging_truthful')).toMatchObject({
      status: 'passed',
      message: expect.stringMatching(/^per_page=1&page_size=1 held .*; page=2 holds other items$/),
    });
    // The status filtered by is one a listed item has (the mock's seeded data), whichever it is.
    expect(cell(report, 'listCourierMessages', 'filters_filter')).toMatchObject({
      status: 'passed',
      message: expect.stringMatching(/status="(queued|sent|processing|abandoned)"/),
    });
  });

  it.each<[string, readonly string[], string, string, RegExp]>([
    [
      'page size ignored',
      ['per_page', 'page_size'],
      'listIdentities',
      'paging_truthful',
      /^\d+ items on a page of per_page=1&page_size=1/,
    ],
    [
      'page number ignored',
      ['page'],
      'listIdentities',
      'paging_truthful',
      /is on the first page and again at page=2: the page number is not honoured$/,
    ],
    [
      'status filter ignored',
      ['status'],
      'listCourierMessages',
      'filters_filter',
      /^status="\w+" returned an item with status "\w+"$/,
    ],
  ])('%s: fails %s', { timeout: scaled(120_000) }, async (name, params, operation, check, message) => {
    const proxy = await startDefectProxy(mock.url, dropping(name, params));
    try {
      const result = cell(await judge(proxy.url), operation, check);
      expect(result?.status, result?.message).toBe('failed');
      expect(result?.message).toMatch(message);
    } finally {
      await proxy.close();
    }
  });
});
