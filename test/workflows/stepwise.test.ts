import { describe, expect, it } from 'vitest';
import type { Sent } from '../../conformance/registry/types.js';
import type { Exchange } from '../../conformance/types.js';
import { workflows } from '../../conformance/workflows/entry.js';
import type { WorkflowRequest } from '../../conformance/workflows/interpreter.js';
import { contractFromDocument } from '../../src/contract/index.js';
import { inlineArazzo } from './helpers.js';

/**
 * The workflows' registry entry is plan → next request → judge, all pure (issue 31 item 4): `next`
 * reads the answers sent so far (an Arazzo step's criteria and actions choose what comes next), and
 * a retry action's wait rides on the request it delays. No server: the answers are made here.
 */
const contract = await contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'stepwise', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' }, '404': { description: 'none' } },
      },
    },
  },
});
const doc = inlineArazzo([
  {
    workflowId: 'readTwice',
    steps: [
      {
        stepId: 'first',
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', value: 'a' }],
        successCriteria: [{ condition: '$statusCode == 200' }],
        onFailure: [{ name: 'again', type: 'retry', retryAfter: 2, retryLimit: 1 }],
        outputs: { next: '$response.body#/next' },
      },
      {
        stepId: 'second',
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', value: '$steps.first.outputs.next' }],
        successCriteria: [{ condition: '$statusCode == 200' }],
      },
    ],
  },
]);
const run = { contract, target: 'http://h', credentials: {} };

const answer = (request: WorkflowRequest, status: number, body: unknown): Sent<WorkflowRequest> => {
  const exchange: Exchange = {
    seq: 0,
    operationId: request.op.id,
    requestedOperationId: request.op.id,
    kind: 'workflow',
    request: request.built,
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      durationMs: 1,
    },
    error: undefined,
    input: undefined,
    context: {},
  };
  return { request, exchange };
};

describe('a workflow as plan → next request → judge', () => {
  it('asks for each step from the answers so far, a retry after its wait, then judges what was sent', () => {
    const plan = workflows.plan(doc, run);
    const sent: Sent<WorkflowRequest>[] = [];
    const first = workflows.next(plan, sent);
    expect(first?.built.url).toBe('http://h/things/a');
    expect(first?.waitMs).toBeUndefined();
    sent.push(answer(first!, 404, {}));
    // The failed step's retry action (Arazzo 1.0.1 §4.6.17): the same request, after retryAfter seconds.
    const retried = workflows.next(plan, sent);
    expect([retried?.built.url, retried?.waitMs]).toEqual(['http://h/things/a', 2000]);
    sent.push(answer(retried!, 200, { next: 'b' }));
    // $steps.first.outputs.next, read from the answer just given.
    const second = workflows.next(plan, sent);
    expect([second?.built.url, second?.waitMs]).toEqual(['http://h/things/b', undefined]);
    sent.push(answer(second!, 200, {}));
    expect(workflows.next(plan, sent)).toBeUndefined();
    const [result] = workflows.judge(plan, sent);
    expect([result?.check, result?.status, result?.judged]).toEqual(['workflow:readTwice', 'passed', 3]);
  });

  it('is pure: a fresh plan, or an earlier prefix of what was sent, gets the answer it got the first time', () => {
    const plan = workflows.plan(doc, run);
    const sent: Sent<WorkflowRequest>[] = [];
    sent.push(answer(workflows.next(plan, sent)!, 200, { next: 'c' }));
    const afterOne = workflows.next(plan, sent);
    sent.push(answer(afterOne!, 500, {}));
    const [failed] = workflows.judge(plan, sent);
    expect(failed?.status).toBe('failed');
    expect(failed?.message).toMatch(/^step second \(getThing\): success criterion not met: \$statusCode == 200/);
    // The same questions of another plan object, and of the shorter history again, answer alike.
    expect(workflows.next(workflows.plan(doc, run), sent.slice(0, 1))).toEqual(afterOne);
    expect(workflows.next(plan, sent.slice(0, 1))).toEqual(afterOne);
    expect(workflows.judge(workflows.plan(doc, run), sent)).toEqual(workflows.judge(plan, sent));
  });
});
