import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { PROBES } from '../../conformance/registry/index.js';
import { startTodoServer, TODO_TOKEN } from '../../fixtures/todo/server.js';
import { run } from '../conformance/helpers.js';
import { scaled } from '../load-scale.js';

const ruleResults = (report: Awaited<ReturnType<typeof run>>): Array<readonly [string, string, string]> =>
  report.results
    .filter((r) => PROBES.some((rule) => rule.name === r.check))
    .map((r) => [`${r.operation} › ${r.check}`, r.status, r.message] as const);

describe('generic rules', () => {
  it('pass on our mock where they apply, and apply where the Petstore declares what they need', {
    timeout: scaled(120_000),
  }, async () => {
    const mock = await start({ port: 0 });
    try {
      const results = ruleResults(await run(mock.url, { extra: { probes: true } }));
      expect(results.filter(([, s]) => s === 'failed')).toEqual([]);
      const passed = new Set(results.filter(([, s]) => s === 'passed').map(([n]) => n));
      for (const cell of [
        'createPet › location_names_resource',
        'createCategory › location_names_resource',
        'placeOrder › location_names_resource',
        'createPet › read_only_not_honoured',
        'listPets › paging_truthful',
        'listCategories › paging_truthful',
        'listInventory › paging_truthful',
        'listPets › filters_filter',
        'listOrders › filters_filter',
        'createPet › references_checked',
        'placeOrder › references_checked',
      ]) {
        expect(passed.has(cell), cell).toBe(true);
      }
    } finally {
      await mock.close();
    }
  });

  it('raise no false alarm on a correct server of another contract, and skip with reasons what it does not declare', {
    timeout: scaled(120_000),
  }, async () => {
    const contract = await loadContract(join(packageRoot, 'fixtures', 'todo', 'todo.yaml'));
    const server = await startTodoServer();
    try {
      const results = ruleResults(await run(server.url, { contract, apiKey: TODO_TOKEN, examples: 3 }));
      expect(results.filter(([, s]) => s === 'failed')).toEqual([]);
      const byName = new Map(results.map(([n, s, m]) => [n, { s, m }]));
      // A limit-only list (no offset, no total header): the page size is judged, nothing else.
      expect(byName.get('listTodos › paging_truthful')?.s).toBe('passed');
      expect(byName.get('listTodos › paging_truthful')?.m).toMatch(/^limit=1 held \(1 of \d+ listed\)$/);
      expect(byName.get('createTodo › references_checked')?.s).toBe('skipped');
      expect(byName.get('listTodos › filters_filter')?.s).toBe('passed');
    } finally {
      await server.close();
    }
  });
});
