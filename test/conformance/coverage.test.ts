import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { runConformance } from '../../conformance/runner.js';
import { prettyReport } from '../../conformance/report/formats/pretty.js';
import { startTodoServer, TODO_TOKEN } from '../../fixtures/todo/server.js';
import { scaled } from '../load-scale.js';

// Issue 21, item 7: "Operations exercised: 2/3" when every request got 404 (`--target …/docs`).
// An operation counts as exercised only when a documented success answer was judged.
describe('operations exercised', () => {
  it(
    'none when every valid request was answered 404; all on the right target',
    async () => {
      const contract = await loadContract(join(packageRoot, 'fixtures', 'todo', 'todo.yaml'));
      const server = await startTodoServer();
      try {
        const wrong = await runConformance({ target: `${server.url}/docs`, contract, apiKey: TODO_TOKEN, examples: 1 });
        expect(wrong.coverage?.total).toBeGreaterThan(0);
        expect(wrong.coverage?.exercised).toBe(0);
        for (const miss of wrong.coverage?.notExercised ?? [])
          expect(miss.reason, miss.operation).toMatch(/no valid request got a documented success answer: .*404/);
        expect(prettyReport(wrong, { colour: false })).toContain(`Operations exercised: 0/${wrong.coverage!.total}`);
        const right = await runConformance({ target: server.url, contract, apiKey: TODO_TOKEN, examples: 1 });
        expect(right.coverage?.exercised).toBe(right.coverage?.total);
      } finally {
        await server.close();
      }
    },
    scaled(120_000),
  );
});
