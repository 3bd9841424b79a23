import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { ArazzoError, parseArazzo, runWorkflows } from '../../conformance/workflows/index.js';
import { petstoreContract } from '../conformance/helpers.js';
import { scaled } from '../load-scale.js';

const key = [{ name: 'X-API-Key', in: 'header', value: '$inputs.apiKey' }];
const inputs = { type: 'object', properties: { apiKey: { type: 'string' } }, required: ['apiKey'] };
const createCategory = (stepId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  stepId,
  operationId: 'createCategory',
  requestBody: { contentType: 'application/json', payload: { name: 'Actions {$inputs.apiKey}' } },
  successCriteria: [{ condition: '$statusCode == 201' }],
  outputs: { id: '$response.body#/id', name: '$response.body#/name' },
  ...extra,
});
const readUnknown = (stepId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  stepId,
  operationId: 'getCategory',
  parameters: [{ name: 'categoryId', in: 'path', value: 9007199254740991 }],
  successCriteria: [{ condition: '$statusCode == 200' }],
  ...extra,
});

const doc = parseArazzo(
  {
    arazzo: '1.0.1',
    info: { title: 't', version: '1' },
    sourceDescriptions: [{ name: 'petstore', url: './petstore.yaml', type: 'openapi' }],
    workflows: [
      {
        workflowId: 'gotoSkips',
        inputs,
        parameters: key,
        steps: [
          createCategory('a', { onSuccess: [{ name: 'jump', type: 'goto', stepId: 'c' }] }),
          readUnknown('b'),
          createCategory('c'),
        ],
      },
      {
        workflowId: 'endStops',
        inputs,
        parameters: key,
        steps: [createCategory('a', { onSuccess: [{ name: 'stop', type: 'end' }] }), readUnknown('b')],
      },
      {
        workflowId: 'retryThenFail',
        inputs,
        parameters: key,
        steps: [readUnknown('a', { onFailure: [{ name: 'again', type: 'retry', retryAfter: 0, retryLimit: 2 }] })],
      },
      {
        workflowId: 'failureHandled',
        inputs,
        parameters: key,
        steps: [
          readUnknown('a', {
            onFailure: [
              { name: 'recover', type: 'goto', stepId: 'b', criteria: [{ condition: '$statusCode == 404' }] },
            ],
          }),
          createCategory('b'),
        ],
      },
      {
        workflowId: 'producer',
        inputs,
        parameters: key,
        steps: [createCategory('a')],
        outputs: { id: '$steps.a.outputs.id' },
      },
      {
        workflowId: 'consumer',
        dependsOn: ['producer'],
        steps: [
          {
            stepId: 'read',
            operationId: 'getCategory',
            parameters: [{ name: 'categoryId', in: 'path', value: '$workflows.producer.outputs.id' }],
            successCriteria: [
              { condition: '$statusCode == 200' },
              { condition: "$response.body#/name == 'Actions dev-key'" },
            ],
          },
        ],
      },
    ],
  },
  'actions.arazzo.yaml',
);

describe('actions, dependsOn and embedded expressions against our mock', () => {
  let mock: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    mock = await start({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('follows goto, end, retry (limit and failure), a handled failure, and dependsOn outputs', async () => {
    const results = await runWorkflows({
      documents: [doc],
      contract: await petstoreContract(),
      target: mock.url,
      credentials: { apiKey: 'dev-key' },
      timeoutMs: scaled(5000),
      maxResponseBytes: 1 << 20,
    });
    const by = new Map(results.map((r) => [r.check, r]));
    expect(by.get('workflow:gotoSkips')).toMatchObject({ status: 'passed', judged: 2 });
    expect(by.get('workflow:endStops')).toMatchObject({ status: 'passed', judged: 1 });
    expect(by.get('workflow:retryThenFail')).toMatchObject({ status: 'failed', judged: 3 });
    expect(by.get('workflow:retryThenFail')?.message).toMatch(/step a .*after 2 retries/);
    expect(by.get('workflow:failureHandled')).toMatchObject({ status: 'passed', judged: 2 });
    expect(by.get('workflow:consumer')).toMatchObject({ status: 'passed', judged: 1 });
  });

  it('refuses a document whose step names no operation, or whose goto names no step', () => {
    expect(() =>
      parseArazzo({ arazzo: '1.0.1', workflows: [{ workflowId: 'w', steps: [{ stepId: 's' }] }] }, 'x'),
    ).toThrow(ArazzoError);
    expect(() => parseArazzo({ arazzo: '2.0.0', workflows: [] }, 'x')).toThrow(/Arazzo 1\.0\.x/);
    expect(() =>
      parseArazzo(
        {
          arazzo: '1.0.1',
          workflows: [
            {
              workflowId: 'w',
              steps: [{ stepId: 's', operationId: 'x', successCriteria: [{ condition: 'a', type: 'regex' }] }],
            },
          ],
        },
        'x',
      ),
    ).toThrow(/needs a context/);
  });
});
