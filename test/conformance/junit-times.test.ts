import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junitReport } from '../../conformance/report/formats/junit.js';
import { createMockApp } from '../../src/index.js';
import { run } from './helpers.js';
import { xmlProblems } from '../../conformance/checks/xml-wellformed.js';
import { scaled } from '../load-scale.js';

// Issue 13, item 17: real `time` per testcase (the exchanges the check judged) and a `timestamp` on the suite.
const DELAY_MS = 120;
let server: Server;
let target = '';
beforeAll(async () => {
  const mock = await createMockApp();
  const app = express();
  // listPets answers late, every time: its testcases must take at least that long.
  app.get('/pets', (_req, _res, next) => void setTimeout(next, DELAY_MS));
  app.use(mock);
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

describe('JUnit times', () => {
  it(
    'each testcase has the time of the answers its check judged; the suite has an Ant-schema timestamp',
    async () => {
      const before = Date.now();
      const report = await run(target, {
        operations: ['listPets', 'listCategories'],
        checks: ['response_schema', 'status_code_documented', 'use_after_delete'],
      });
      const xml = junitReport(report);
      expect(xmlProblems(xml)).toEqual([]);

      const suite = /<testsuite [^>]*>/.exec(xml)?.[0] ?? '';
      const timestamp = attr(suite, 'timestamp') ?? '';
      // xs:dateTime as the Ant JUnit schema has it: no fraction, no zone (the value is UTC).
      expect(timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      const started = Date.parse(`${timestamp}Z`);
      expect(started).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(started).toBeLessThanOrEqual(Date.now());

      const cases = [...xml.matchAll(/<testcase [^>]*>/g)].map((m) => m[0]);
      expect(cases).toHaveLength(report.results.length);
      for (const tag of cases) expect(attr(tag, 'time')).toMatch(/^\d+\.\d{3}$/);
      const time = (op: string, check: string): number =>
        Number(attr(cases.find((t) => t.includes(`classname="${op}" name="${check}"`)) ?? '', 'time'));
      const judged = (op: string, check: string): number =>
        report.results.find((r) => r.operation === op && r.check === check)?.judged ?? -1;

      // Every judged answer of listPets took at least DELAY_MS.
      expect(judged('listPets', 'response_schema')).toBeGreaterThan(0);
      expect(time('listPets', 'response_schema')).toBeGreaterThanOrEqual(
        (judged('listPets', 'response_schema') * DELAY_MS) / 1000,
      );
      expect(time('listPets', 'status_code_documented')).toBeGreaterThanOrEqual(
        (judged('listPets', 'status_code_documented') * DELAY_MS) / 1000,
      );
      // The same check on the undelayed operation is faster than the delayed one per answer.
      expect(time('listCategories', 'response_schema') / judged('listCategories', 'response_schema')).toBeLessThan(
        time('listPets', 'response_schema') / judged('listPets', 'response_schema'),
      );
      // A check that judged nothing took no time.
      const skipped = report.results.find((r) => r.status === 'skipped' && r.judged === 0);
      if (skipped) expect(time(skipped.operation, skipped.check)).toBe(0);
    },
    scaled(120_000),
  );
});
