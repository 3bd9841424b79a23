import { describe, expect, it } from 'vitest';
import {
  evaluateCondition,
  evaluateExpression,
  evaluateValue,
  ExpressionError,
  type ExpressionScope,
} from '../../conformance/workflows/expressions.js';
import { evaluateCriterion } from '../../conformance/workflows/criteria.js';

const scope: ExpressionScope = {
  statusCode: 201,
  response: {
    headers: { 'x-total-count': '3', location: '/pets/7' },
    body: { id: 7, name: "O'Neil", tags: ['a'], items: [{ done: true }, { done: true }] },
  },
  inputs: { apiKey: 'k', nested: { a: 1 } },
  outputs: {},
  steps: { create: { outputs: { id: 7 } } },
  workflows: { other: { outputs: { n: 2 } } },
  sourceDescriptions: { petstore: { url: './petstore.yaml' } },
};

describe('runtime expressions (Arazzo 1.0.1 §4.6.21)', () => {
  it.each([
    ['$statusCode', 201],
    ['$response.header.X-Total-Count', '3'],
    ['$response.body#/name', "O'Neil"],
    ['$response.body#/tags/0', 'a'],
    ['$response.body#/missing', undefined],
    ['$inputs.nested#/a', 1],
    ['$steps.create.outputs.id', 7],
    ['$workflows.other.outputs.n', 2],
    ['$sourceDescriptions.petstore.url', './petstore.yaml'],
  ])('%s', (expression, expected) => {
    expect(evaluateExpression(expression, scope)).toEqual(expected);
  });

  it('keeps types for whole expressions and substitutes {$…} inside strings', () => {
    expect(
      evaluateValue(
        { id: '$steps.create.outputs.id', label: 'pet {$steps.create.outputs.id} of {$response.header.X-Total-Count}' },
        scope,
      ),
    ).toEqual({ id: 7, label: 'pet 7 of 3' });
  });

  it('refuses an expression it does not know', () => {
    expect(() => evaluateExpression('$nonsense', scope)).toThrow(ExpressionError);
  });
});

describe('simple conditions', () => {
  it.each([
    ['$statusCode == 201', true],
    ['$statusCode == 200 || $statusCode == 201', true],
    ['$statusCode >= 200 && $statusCode < 300', true],
    ['!($statusCode == 201)', false],
    ['$response.header.X-Total-Count == 3', true],
    ['$response.header.X-Total-Count > 2', true],
    ["$response.body#/name == 'O''Neil'", true],
    ['$response.body#/id == $steps.create.outputs.id', true],
    ['$response.body#/missing == null', true],
    ['$response.body#/id != 7', false],
  ])('%s → %s', (condition, expected) => {
    expect(evaluateCondition(condition, scope).result).toBe(expected);
  });

  it('rejects a malformed condition with a clear error', () => {
    expect(() => evaluateCondition('$statusCode == (201', scope)).toThrow(/not closed/);
    expect(() => evaluateCondition("$statusCode == 'open", scope)).toThrow(/unterminated/);
  });
});

describe('regex and JSONPath criteria', () => {
  it('regex tests strings, and objects as their JSON text', () => {
    expect(
      evaluateCriterion({ type: 'regex', context: '$response.header.Location', condition: '^/pets/\\d+$' }, scope)
        .passed,
    ).toBe(true);
    expect(evaluateCriterion({ type: 'regex', context: '$response.body', condition: '"id":7' }, scope).passed).toBe(
      true,
    );
    expect(evaluateCriterion({ type: 'regex', context: '$response.header.Link', condition: '.*' }, scope).passed).toBe(
      false,
    );
  });

  it('jsonpath (RFC 9535) is satisfied when it selects something, with @ the context', () => {
    // The spec's own example shape: count() counts the nodes @.items selects (one array), not its length.
    expect(
      evaluateCriterion({ type: 'jsonpath', context: '$response.body', condition: '$[?count(@.items) > 0]' }, scope)
        .passed,
    ).toBe(true);
    expect(
      evaluateCriterion({ type: 'jsonpath', context: '$response.body', condition: '$[?count(@.nothing) > 0]' }, scope)
        .passed,
    ).toBe(false);
    expect(
      evaluateCriterion({ type: 'jsonpath', context: '$response.body', condition: '$[?length(@.items) == 2]' }, scope)
        .passed,
    ).toBe(true);
    expect(
      evaluateCriterion(
        { type: 'jsonpath', context: '$response.body#/items', condition: '$[?count(@[?@.done == false]) == 0]' },
        scope,
      ).passed,
    ).toBe(true);
    expect(
      evaluateCriterion(
        { type: 'jsonpath', context: '$response.body#/items', condition: '$[?count(@[?@.done == true]) == 0]' },
        scope,
      ).passed,
    ).toBe(false);
  });
});
