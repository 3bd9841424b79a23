// The validation-equivalence suite (issue 22): the mock drives express-openapi-validator per
// operation (src/mock/operation-validators.ts); the validator's own whole-document middleware is
// kept behind `validatorDispatch: 'document'` as the reference. Both are built from the same code
// and sent the same requests, in the same order, from the same starting state: every answer must
// be the same (status, error code, body). The requests: the bad-input corpus
// (fixtures/hardening/bad-inputs.json) on the bundled contract, and on every document of
// fixtures/corpus one valid request per operation (test/mock/corpus-requests.ts) plus invalid
// variations of it (a required query parameter left out, a body of the wrong type, no body).
// The mutant fixtures (fixtures/broken) are judged by test/conformance/broken.test.ts and
// benign.test.ts against the mock as it is now, with the verdicts they always expected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type Contract } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import type { MockOptions } from '../../src/mock/options.js';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { Random } from '../../conformance/cases/random.js';
import { loadCorpus, requestBytes } from '../hardening/corpus.js';
import { rawRequest, sendRaw, type RawResponse } from '../hardening/raw-http.js';
import {
  driveOrder,
  LenientValidator,
  PathValues,
  planRequest,
  validValues,
  type EngineDescription,
  type GenericState,
  type PlannedRequest,
} from './corpus-requests.js';
import { scaled } from '../load-scale.js';

/**
 * What a client sees of an answer, without what changes from one run to the next: the Date header,
 * and a time the store reads off the clock (an order's default shipDate, two days after it), which
 * the two mocks, asked at the same moment, may read a second apart.
 */
interface Verdict {
  readonly status: number;
  readonly type: string | undefined;
  readonly body: string;
}

const pair = async (options: MockOptions): Promise<[RunningMock, RunningMock]> =>
  Promise.all([
    start({ ...options, port: 0, validatorDispatch: 'document' }),
    start({ ...options, port: 0, validatorDispatch: 'operation' }),
  ]);

function rawVerdict(res: RawResponse | Error): Verdict | string {
  if (res instanceof Error) return `no answer: ${res.message}`;
  return {
    status: res.status,
    type: res.headers['content-type'],
    body: res.text.replace(/"shipDate":"[^"]*"/g, '"shipDate":"<clock>"'),
  };
}

describe('the bad-input corpus gets the same answers from the per-operation and the whole-document validator', () => {
  let mocks: [RunningMock, RunningMock];
  const corpus = loadCorpus();
  beforeAll(async () => {
    mocks = await pair({});
  });
  afterAll(async () => {
    await Promise.all(mocks.map((m) => m.close()));
  });

  it(
    `${corpus.cases.length} cases, answer for answer`,
    async () => {
      const differences: string[] = [];
      let compared = 0;
      for (const c of corpus.cases) {
        const head = c.method.toUpperCase() === 'HEAD';
        const bytes = requestBytes(c, corpus.apiKey);
        const [reference, lazy] = await Promise.all(
          mocks.map((m) =>
            sendRaw(m.port, bytes, { head }).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
          ),
        );
        const want = rawVerdict(reference!);
        const got = rawVerdict(lazy!);
        compared++;
        if (JSON.stringify(want) !== JSON.stringify(got))
          differences.push(
            `${c.name}: whole-document ${JSON.stringify(want).slice(0, 300)} ≠ per-operation ${JSON.stringify(got).slice(0, 300)}`,
          );
        await Promise.all(mocks.map((m) => sendRaw(m.port, rawRequest('POST', '/__mock/reset'))));
      }
      expect(differences).toEqual([]);
      expect(compared).toBe(corpus.cases.length);
    },
    scaled(300_000),
  );
});

/** Invalid variations of a valid request, each one the validator must judge. */
function variations(contract: Contract, r: PlannedRequest): PlannedRequest[] {
  const operation = contract.operationsById.get(r.operation)!;
  const out: PlannedRequest[] = [];
  const [path, search] = r.target.split('?') as [string, string | undefined];
  const query = new URLSearchParams(search ?? '');
  const required = operation.parameters.find((p) => p.in === 'query' && p.required === true && query.has(p.name));
  if (required) {
    query.delete(required.name);
    const rest = query.toString();
    out.push({ ...r, target: `${path}${rest ? `?${rest}` : ''}` });
  }
  out.push({ ...r, target: `${path}${search ? `?${search}&` : '?'}not_a_parameter=1` });
  if (r.body !== undefined) {
    out.push({ ...r, body: r.headers['Content-Type']?.includes('json') ? '"not an object"' : '' });
    const { body: _body, ...bodiless } = r;
    out.push(bodiless);
  }
  return out;
}

describe.each(CORPUS.map((c) => [c.name, c] as const))(
  '%s gets the same answers from both validators',
  (_name, doc) => {
    let mocks: [RunningMock, RunningMock];
    let contract: Contract;
    let description: EngineDescription;

    beforeAll(async () => {
      contract = await loadContract(doc.file);
      mocks = await pair({ spec: doc.file });
      description = (await (await fetch(`${mocks[0].url}/__mock/engine`)).json()) as EngineDescription;
    }, scaled(120_000));
    afterAll(async () => {
      await Promise.all((mocks ?? []).map((m) => m.close()));
    });

    it(
      'one valid request per operation and its invalid variations, answer for answer',
      async () => {
        const state = (await (await fetch(`${mocks[0].url}/__mock/state`)).json()) as GenericState;
        const validator = new LenientValidator();
        const rng = new Random(1);
        const paths = new PathValues(contract, description, state, validValues(rng, validator, 1));
        const differences: string[] = [];
        let compared = 0;
        const send = async (r: PlannedRequest): Promise<Array<Verdict & { location: string | null }>> =>
          Promise.all(
            mocks.map(async (m) => {
              const res = await fetch(`${m.url}${description.basePath}${r.target}`, {
                method: r.method,
                headers: r.headers,
                redirect: 'manual',
                ...(r.body === undefined ? {} : { body: r.body }),
              });
              return {
                status: res.status,
                type: res.headers.get('content-type') ?? undefined,
                body: await res.text(),
                location: res.headers.get('location'),
              };
            }),
          );
        for (const operation of driveOrder(contract, description)) {
          const planned = planRequest(contract, operation, paths, rng, validator);
          if (!planned) continue;
          for (const r of [...variations(contract, planned), planned]) {
            const [want, got] = await send(r);
            compared++;
            if (JSON.stringify(want) !== JSON.stringify(got))
              differences.push(
                `${r.method} ${r.target}: whole-document ${JSON.stringify(want).slice(0, 300)} ≠ per-operation ${JSON.stringify(got).slice(0, 300)}`,
              );
            if (want!.status === 201 && want!.location) paths.learn(want!.location);
          }
        }
        expect(differences).toEqual([]);
        expect(compared).toBeGreaterThan(0);
      },
      scaled(300_000),
    );
  },
);
