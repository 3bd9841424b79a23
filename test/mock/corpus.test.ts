import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diceOfFaker, loadContract, sampleValue, type Contract } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import type { RunningPrism } from '../../fixtures/servers/prism.js';
import { prismHost } from '../../fixtures/servers/prism-host.js';
import { CORPUS } from '../../fixtures/corpus/index.js';
import { validValue } from '../../conformance/cases/inputs.js';
import { Random } from '../../conformance/cases/random.js';
import {
  driveOrder,
  LenientValidator,
  PathValues,
  planRequest,
  validValues,
  type EngineDescription,
  type GenericState,
} from './corpus-requests.js';
import { createFaker } from '../../src/mock/faker.js';
import { scaled } from '../load-scale.js';

interface Violation {
  location: string[];
  message: string;
  severity?: string;
}

// One process holds Prism's proxies for all the documents (each the proxy `prism proxy` runs): Prism's
// start-up is paid once for the file, not once per document.
const prisms = prismHost();
afterAll(async () => {
  await prisms.close();
});

/**
 * The mock on real public contracts (fixtures/corpus): each starts with the generic engine, and
 * Prism's validating proxy in front of it finds no response violation over one valid request per
 * operation. What is found is printed per contract (started, stateful operations, violations).
 */
describe.each(CORPUS.map((c) => [c.name, c] as const))('the mock on %s', (_name, doc) => {
  let mock: RunningMock;
  let prism: RunningPrism;
  let contract: Contract;
  let description: EngineDescription;

  beforeAll(async () => {
    contract = await loadContract(doc.file);
    mock = await start({ port: 0, spec: doc.file });
    description = (await (await fetch(`${mock.url}/__mock/engine`)).json()) as EngineDescription;
    // Prism routes on the contract's paths and forwards to the upstream URL plus the path: the base path goes into the upstream.
    prism = await prisms.serve(
      { mode: 'proxy', upstream: `${mock.url}${description.basePath}` },
      doc.file,
      scaled(90_000),
    );
  }, scaled(120_000));

  afterAll(async () => {
    await prism?.close();
    await mock?.close();
  });

  it(
    'serves every operation with no response violation, Prism as the judge',
    async () => {
      expect(description.rules).toBe('generic');
      const state = (await (await fetch(`${mock.url}/__mock/state`)).json()) as GenericState;
      const validator = new LenientValidator();
      const rng = new Random(1);
      const paths = new PathValues(contract, description, state, validValues(rng, validator, 1));
      const report: string[] = [];
      const skipped: string[] = [];
      let sent = 0;
      const classes = new Map<string, number>();
      for (const operation of driveOrder(contract, description)) {
        const r = planRequest(contract, operation, paths, rng, validator);
        if (!r) {
          skipped.push(operation.id);
          continue;
        }
        sent++;
        const res = await fetch(`${prism.url}${r.target}`, {
          method: r.method,
          headers: r.headers,
          redirect: 'manual',
          ...(r.body === undefined ? {} : { body: r.body }),
        });
        const text = await res.text();
        classes.set(`${String(res.status)[0]}xx`, (classes.get(`${String(res.status)[0]}xx`) ?? 0) + 1);
        const location = res.headers.get('location');
        if (location && res.status === 201) paths.learn(location);
        const header = res.headers.get('sl-violations');
        const violations = header ? (JSON.parse(header) as Violation[]) : [];
        const response = violations.filter((v) => v.location[0] === 'response' && v.severity !== 'Warning');
        if (response.length > 0)
          report.push(`${r.method} ${r.target}: ${res.status} ${JSON.stringify(response).slice(0, 600)}`);
        if (process.env['CORPUS_DEBUG'])
          console.log(`${r.method} ${r.target.slice(0, 120)} → ${res.status} ${text.slice(0, 160)}`);
        if (res.status >= 500) report.push(`${r.method} ${r.target}: ${res.status} ${text.slice(0, 300)}`);
        expect(text).not.toMatch(/<html|at \w+ \(|node_modules/i);
      }
      console.log(
        `${doc.name}: started; ${description.stateful.length}/${contract.operations.length} operations stateful; ${sent} requests (${[
          ...classes,
        ]
          .sort()
          .map(([k, n]) => `${n} ${k}`)
          .join(
            ', ',
          )}; ${skipped.length} operations without a valid input: ${skipped.join(', ') || 'none'}); ${report.length} response violations`,
      );
      expect(report).toEqual([]);
      expect(sent).toBeGreaterThan(0);
    },
    scaled(300_000),
  );

  it('round-trips every collection the engine infers: create → read → list → delete → read is 404', async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const state = (await (await fetch(`${mock.url}/__mock/state`)).json()) as GenericState;
    const validator = new LenientValidator();
    const rng = new Random(2);
    const faker = createFaker(2);
    const paths = new PathValues(
      contract,
      description,
      state,
      (schema) =>
        validValue(schema, rng, 'min', validator) ??
        sampleValue(schema, { dice: diceOfFaker(faker), everyProperty: true }),
    );
    const base = `${mock.url}${description.basePath}`;
    const call = async (operationId: string): Promise<{ status: number; text: string; location: string | null }> => {
      const operation = contract.operationsById.get(operationId)!;
      const r = planRequest(contract, operation, paths, rng, validator);
      expect(r, `a valid request for ${operationId}`).toBeDefined();
      const res = await fetch(`${base}${r!.target}`, {
        method: r!.method,
        headers: r!.headers,
        ...(r!.body === undefined ? {} : { body: r!.body }),
      });
      return { status: res.status, text: await res.text(), location: res.headers.get('location') };
    };
    const trips: string[] = [];
    for (const collection of description.collections) {
      const ops = collection.operations;
      const [create] = ops['create'] ?? [];
      const [read] = ops['read'] ?? [];
      const [list] = ops['list'] ?? [];
      const [remove] = ops['delete'] ?? [];
      if (!read && !create) {
        // A collection nothing creates whose item read answers no record (Kratos' `/schemas/{id}`,
        // src/contract/resources/lookups.ts): its list shows the ids it holds, a DELETE takes one off.
        const id = paths.idFor(collection.itemPath);
        expect(list, `${collection.path} lists what it holds`).toBeDefined();
        expect(id, `${collection.path} holds records`).toBeDefined();
        expect((await call(list!)).text, `${list} lists ${id}`).toContain(JSON.stringify(id).slice(1, -1));
        if (remove) {
          expect((await call(remove)).status, `${remove}`).toBeLessThan(300);
          expect((await call(list!)).text, `${list} after ${remove}`).not.toContain(JSON.stringify(id));
        }
        trips.push(`${collection.path}: list${remove ? ' → delete → list' : ''} (nothing creates)`);
        continue;
      }
      expect(read, `${collection.itemPath} can be read`).toBeDefined();
      if (create) {
        const created = await call(create);
        expect(created.status, `${create}: ${created.text.slice(0, 300)}`).toBeLessThan(300);
        expect(created.location, `${create} says where the record is`).toBeTruthy();
        if (process.env['CORPUS_DEBUG']) console.log('LEARN', created.location);
        paths.learn(created.location!);
      }
      const id = paths.idFor(collection.itemPath);
      if (id === undefined) {
        // Scoped collections without a create start empty: there is nothing to read back.
        trips.push(`${collection.path}: empty, no create`);
        continue;
      }
      const got = await call(read!);
      expect(got.status, `${read}: ${got.text.slice(0, 300)}`).toBe(200);
      if (collection.idField)
        expect(got.text, `${read} answers the record ${id}`).toContain(JSON.stringify(id).slice(1, -1));
      if (list) {
        const listed = await call(list);
        expect(listed.status, `${list}: ${listed.text.slice(0, 300)}`).toBe(200);
        if (collection.idField && create)
          expect(listed.text, `${list} lists ${id}`).toContain(JSON.stringify(id).slice(1, -1));
      }
      if (remove) {
        const deleted = await call(remove);
        expect(deleted.status, `${remove}: ${deleted.text.slice(0, 300)}`).toBeLessThan(300);
        const gone = await call(read!);
        expect(gone.status, `${read} after ${remove}`).toBe(404);
        expect(gone.text).not.toMatch(/<html|at \w+ \(/i);
      }
      trips.push(
        `${collection.path}: ${[create && 'create', 'read', list && 'list', remove && 'delete'].filter(Boolean).join(' → ')}`,
      );
    }
    console.log(`${doc.name}: ${description.collections.length} collections\n  ${trips.join('\n  ')}`);
    expect(trips.length).toBe(description.collections.length);
  });
});
