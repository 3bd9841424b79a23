// Issue 30 item 1: the contract first, then the RFC, decided in one place (conformance/checks/refusal.ts).
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../../src/contract/index.js';
import { judgeRefusal, refusalFor, REFUSALS } from '../../conformance/checks/refusal.js';
import type { Exchange } from '../../conformance/types.js';

const op = async (responses: string[]) => {
  const contract = await contractFromDocument({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/x': {
        post: { operationId: 'x', responses: Object.fromEntries(responses.map((s) => [s, { description: s }])) },
      },
    },
  });
  return contract.operationsById.get('x')!;
};
const negative = (defect: string, status: number): Exchange =>
  ({ kind: 'negative', context: { defect }, response: { status, headers: {}, body: '' } }) as unknown as Exchange;

describe('judgeRefusal: documented first, then the RFC', () => {
  it.each<[string, string[], number, string]>([
    ['403 where only 401 is documented', ['201', '401'], 403, 'undocumented'],
    ['a documented 401', ['201', '401'], 401, 'documented'],
    ["401 where neither is documented (the RFC's)", ['201'], 401, 'rfc'],
    ['another 4xx where neither is documented', ['201'], 400, 'omitted'],
    ['an undocumented 400 where 401 is documented', ['201', '401'], 400, 'undocumented'],
    ['a documented 400 of another kind', ['201', '400', '401'], 400, 'other'],
    ['a 2xx is no refusal', ['201', '401'], 201, 'not-a-refusal'],
  ])('credentials: %s', async (_name, responses, status, verdict) => {
    expect(
      judgeRefusal(await op(responses), REFUSALS.credentials('a request without credentials'), status).verdict,
    ).toBe(verdict);
  });

  it('malformed JSON: a documented 422 passes, 400 then fails; documenting neither, 400 passes and 422 is a warning', async () => {
    expect(judgeRefusal(await op(['201', '422']), REFUSALS.malformed, 422).verdict).toBe('documented');
    expect(judgeRefusal(await op(['201', '422']), REFUSALS.malformed, 400).verdict).toBe('undocumented');
    expect(judgeRefusal(await op(['201']), REFUSALS.malformed, 400).verdict).toBe('rfc');
    expect(judgeRefusal(await op(['201']), REFUSALS.malformed, 422).verdict).toBe('omitted');
  });

  it('the kind of a negative request is the one its answer gives, among those its defect admits', () => {
    expect(refusalFor(negative('wrong content type (text/plain)', 400))?.kind).toBe('media type');
    expect(
      refusalFor(
        negative('Content-Type text/plain is not documented for the request body (documented: application/json)', 404),
      )?.kind,
    ).toBe('media type');
    expect(refusalFor(negative('required body missing', 415))?.kind).toBe('media type');
    expect(refusalFor(negative('required body missing', 400))?.kind).toBe('validation');
    expect(refusalFor(negative('path parameter id: wrong type', 404))?.kind).toBe('unknown id');
    expect(refusalFor(negative('query parameter limit: above maximum 100', 401))?.kind).toBe('credentials');
    expect(refusalFor(negative('the request body is not JSON: Unexpected end', 400))?.kind).toBe('malformed');
  });
});
