// listed_ids_unique, a pure function of one exchange: which lists it judges and what fails it
// (fixtures/constructs/directory/listed-ids-unique.yaml, where each list is described).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract, packageRoot, SchemaValidator, type Contract } from '../../src/contract/index.js';
import { listedIdsUnique } from '../../conformance/checks/listed-ids-unique.js';
import type { CheckContext } from '../../conformance/registry/index.js';
import type { Exchange } from '../../conformance/types.js';

const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'listed-ids-unique.yaml');
let loaded: Promise<Contract> | undefined;
const contract = (): Promise<Contract> => (loaded ??= loadContract(spec));

const exchange = (operationId: string, status: number, body: unknown, requested = operationId): Exchange => ({
  seq: 1,
  operationId,
  requestedOperationId: requested,
  kind: 'positive',
  request: { method: 'GET', url: 'http://127.0.0.1:1/things', headers: {}, body: undefined },
  response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), durationMs: 1 },
  error: undefined,
  input: undefined,
  context: {},
});

async function verdict(operationId: string, status: number, body: unknown, requested?: string): Promise<string> {
  const c = await contract();
  const ctx: CheckContext = {
    contract: c,
    validator: new SchemaValidator(),
    errorSchema: undefined,
    pathRepresentatives: new Set(),
  };
  const op = c.operationsById.get(operationId);
  if (!op) throw new Error(operationId);
  if (!listedIdsUnique.appliesTo(op, ctx)) return 'not applicable';
  const outcome = listedIdsUnique.judge(exchange(operationId, status, body, requested), op, ctx);
  return outcome?.status === 'fail'
    ? outcome.violations.map((v) => v.message).join(' | ')
    : (outcome?.status ?? 'not judged');
}

const thing = (id: unknown, name = 'a') => ({ id, name });

describe('listed_ids_unique: two items of one page under one id, where the id reads one record', () => {
  it.each<[string, string, number, unknown, RegExp]>([
    ['distinct ids', 'listThings', 200, { data: [thing('t1'), thing('t2')] }, /^pass$/],
    ['an empty page', 'listThings', 200, { data: [] }, /^pass$/],
    [
      'every record under one id (the ijenko mock bug)',
      'listThings',
      200,
      { data: [thing('t1', 'a'), thing('t1', 'b'), thing('t1', 'c')] },
      /id "t1" is listed twice on one page \(items 0 and 1 of 3\), but \/things\/\{thingId\} reads one record by it/,
    ],
    // A URI segment is text (RFC 3986 §3.3): 7 and "7" are one address.
    ['7 and "7"', 'listThings', 200, { data: [thing(7), thing('7')] }, /id "7" is listed twice/],
    ['items naming no id', 'listThings', 200, { data: [{ name: 'a' }, { name: 'a' }] }, /^pass$/],
    ['a refusal', 'listThings', 400, { data: [thing('t1'), thing('t1')] }, /^not judged$/],
    ['a page the model does not read', 'listThings', 200, [thing('t1'), thing('t1')], /^not judged$/],
    // A sibling operation's answer (another operation reached the request): not this list's page.
    ['another operation answered', 'listThings', 200, { data: [thing('t1'), thing('t1')] }, /^not judged$/],
    [
      'a history, each version under the record id',
      'thingHistory',
      200,
      [{ id: 't1' }, { id: 't1' }],
      /^not applicable$/,
    ],
    ['events naming the thing they are about', 'listEvents', 200, [{ id: 't1' }, { id: 't1' }], /^not applicable$/],
    [
      'memberships naming a user',
      'listMemberships',
      200,
      { memberships: [{ id: 'u' }, { id: 'u' }] },
      /^not applicable$/,
    ],
  ])('%s (%s %i)', async (name, operationId, status, body, expected) => {
    const requested = name === 'another operation answered' ? 'getThing' : undefined;
    expect(await verdict(operationId, status, body, requested)).toMatch(expected);
  });
});
