import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeZooService, failingCells } from '../../bench/zoo-runner.js';
import { loadContract, type Contract } from '../../src/contract/index.js';
import type { RunReport } from '../../conformance/types.js';
import { ZOO, type RunningZooService } from '../../fixtures/zoo/services.js';
import { RUNNER_EXPECTED } from './runner-expected.js';
import { scaled } from '../load-scale.js';

/**
 * Issue 30 item 7: the runner on each zoo service, judged on the service's own document as a team
 * gates it in CI. Its failures are exactly the framework's named deviations (runner-expected.ts), and
 * every operation is exercised.
 */
for (const zoo of ZOO) {
  const reason = zoo.unavailable();
  if (reason !== undefined) console.warn(`SKIPPED: the zoo service ${zoo.name}: ${reason}`);
  describe.skipIf(reason !== undefined)(
    `the runner on ${zoo.name} (${zoo.framework})${reason ? ` — skipped: ${reason}` : ''}`,
    () => {
      let running: RunningZooService;
      let contract: Contract;
      let report: RunReport;
      beforeAll(async () => {
        contract = await loadContract(zoo.document);
        running = await zoo.start();
        report = await judgeZooService(zoo, contract, running.url);
      }, scaled(120_000));
      afterAll(async () => {
        await running?.close();
      });

      it("fails exactly on the framework's named deviations (two-sided)", () => {
        const expected = (RUNNER_EXPECTED[zoo.name] ?? []).map((e) => e.cell).sort();
        const today = failingCells(report);
        const detail = report.results
          .filter((r) => r.status === 'failed')
          .map((r) => `${r.operation} › ${r.check}: ${r.message.slice(0, 200)}`);
        expect(today.sort(), `${zoo.name}: failures changed; today:\n${detail.join('\n')}`).toEqual(expected);
      });

      it('exercises every operation of the document', () => {
        expect(report.coverage?.notExercised ?? []).toEqual([]);
        expect(report.coverage?.exercised).toBe(contract.operations.length);
      });
    },
  );
}
