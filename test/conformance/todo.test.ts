import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { exitCodeFor } from '../../conformance/report/verdict.js';
import { startTodoServer, TODO_TOKEN } from '../../fixtures/todo/server.js';
import { cell, failures, run } from './helpers.js';

const spec = join(packageRoot, 'fixtures', 'todo', 'todo.yaml');

describe('a second, different contract (to-do API): nothing Petstore-specific', () => {
  it('passes a correct server', async () => {
    const contract = await loadContract(spec);
    const server = await startTodoServer();
    try {
      const report = await run(server.url, { contract, apiKey: TODO_TOKEN, examples: 3 });
      expect(failures(report)).toEqual([]);
      expect(exitCodeFor(report)).toBe(0);
      // The state and auth checks really ran (passed, not skipped).
      for (const [op, check] of [
        ['createTodo', 'created_resource_readable'],
        ['replaceTodo', 'created_resource_readable'],
        ['removeTodo', 'use_after_delete'],
        ['createTodo', 'auth_enforced'],
        ['getTodo', 'not_found_for_unknown_id'],
        ['listTodos', 'method_not_allowed'],
        ['createTodo', 'negative_data_rejected'],
        ['createTodo', 'malformed_json_rejected'],
        ['removeTodo', 'error_shape'],
      ] as const) {
        expect(cell(report, op, check)?.status, `${op} › ${check}`).toBe('passed');
      }
    } finally {
      await server.close();
    }
  });

  it('fails a broken variant (done returned as a string) on response_schema', async () => {
    const contract = await loadContract(spec);
    const server = await startTodoServer({ defect: 'done-as-string' });
    try {
      const report = await run(server.url, { contract, apiKey: TODO_TOKEN });
      expect(cell(report, 'getTodo', 'response_schema')?.status).toBe('failed');
      expect(cell(report, 'getTodo', 'response_schema')?.message).toMatch(/done/);
      expect(exitCodeFor(report)).toBe(1);
    } finally {
      await server.close();
    }
  });
});
