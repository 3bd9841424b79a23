import { describe, expect, it } from 'vitest';
import { checkContext, underPolicies } from '../../conformance/judge/index.js';
import { workflows } from '../../conformance/workflows/entry.js';
import { contractFromDocument, SchemaValidator } from '../../src/contract/index.js';
import { inlineArazzo, runThrough } from './helpers.js';

/**
 * A workflow step is judged by the judge's policies as a check is (issue 31 item 4): the step's
 * answer goes through underPolicies (judge/policies.ts) as the runner passes it, so the
 * contract-first rule for refusals (checks/refusal.ts) and the rate-limit skip apply to it. Before,
 * a step asking for `$statusCode == 401` failed on the 403 its operation documents for that
 * refusal, where auth_enforced passes the same answer.
 */
const ROWS: ReadonlyArray<{
  readonly construct: string;
  /** The statuses the DELETE documents. */
  readonly documented: readonly string[];
  /** The status the step's criterion asks for, and the one the server answers. */
  readonly asks: number;
  readonly answered: number;
  readonly verdict: 'failed' | 'warning' | 'skipped';
}> = [
  {
    construct: 'asks 401 where only 403 is documented, answered 403: the contract first, a warning',
    documented: ['204', '403'],
    asks: 401,
    answered: 403,
    verdict: 'warning',
  },
  {
    construct: 'asks 404 where only 410 is documented, answered 410: a warning',
    documented: ['204', '410'],
    asks: 404,
    answered: 410,
    verdict: 'warning',
  },
  {
    construct: 'asks 401 where 401 is documented, answered 403: the server broke its contract',
    documented: ['204', '401'],
    asks: 401,
    answered: 403,
    verdict: 'failed',
  },
  {
    construct: "asks 401 where both are documented, answered 403: the author's choice stands",
    documented: ['204', '401', '403'],
    asks: 401,
    answered: 403,
    verdict: 'failed',
  },
  {
    construct: 'asks 204, refused with the documented 403: a failure (no refusal was asked for)',
    documented: ['204', '403'],
    asks: 204,
    answered: 403,
    verdict: 'failed',
  },
  {
    construct: 'asks 204, rate limited (429): judged nothing, skipped',
    documented: ['204', '403'],
    asks: 204,
    answered: 429,
    verdict: 'skipped',
  },
];

describe('a workflow step under the judge policies', () => {
  it.each(ROWS.map((row) => [row.construct, row] as const))('%s', async (_construct, row) => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'policies', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      paths: {
        '/things/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          delete: {
            operationId: 'dropThing',
            responses: Object.fromEntries(row.documented.map((s) => [s, { description: s }])),
          },
        },
      },
    });
    const doc = inlineArazzo([
      {
        workflowId: 'dropWithoutCredentials',
        steps: [
          {
            stepId: 'drop',
            operationId: 'dropThing',
            parameters: [{ name: 'id', in: 'path', value: 't1' }],
            successCriteria: [{ condition: `$statusCode == ${row.asks}` }],
          },
        ],
      },
    ]);
    const [result] = await runThrough(contract, [doc], {
      sendBuilt: async () => ({
        ok: true,
        response: { status: row.answered, headers: { 'retry-after': '60' }, body: '', durationMs: 1 },
      }),
    });
    expect(result, 'one result').toBeDefined();
    // As the runner passes every workflow result: under the policies, about its failing step's operation.
    const op = contract.operationsById.get('dropThing')!;
    const ctx = checkContext(contract, new SchemaValidator(), contract.operations);
    const judged = underPolicies(result!, workflows, op, ctx, false);
    expect(judged.status, judged.message).toBe(row.verdict);
    if (row.verdict === 'warning') expect(judged.message).toMatch(/contract-first rule: dropThing documents/);
  });
});

describe('a workflow calling one that was rate limited', () => {
  it('is skipped with it, not failed (the rate-limit skip reaches the calling step)', async () => {
    const contract = await contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'policies', version: '1' },
      paths: { '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } } } },
    });
    const doc = inlineArazzo([
      {
        workflowId: 'child',
        steps: [{ stepId: 'list', operationId: 'listThings', successCriteria: [{ condition: '$statusCode == 200' }] }],
      },
      { workflowId: 'parent', steps: [{ stepId: 'callChild', workflowId: 'child' }] },
    ]);
    const results = await runThrough(contract, [doc], {
      sendBuilt: async () => ({
        ok: true,
        response: { status: 429, headers: { 'retry-after': '60' }, body: '', durationMs: 1 },
      }),
    });
    expect(results.map((r) => [r.check, r.status])).toEqual([
      ['workflow:child', 'skipped'],
      ['workflow:parent', 'skipped'],
    ]);
    expect(results[1]?.message).toMatch(/rate limited \(429\)/);
  });
});
