import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { startDefectProxy } from '../../fixtures/broken/proxy.js';
import { RULE_DEFECTS } from '../../fixtures/broken/rule-defects.js';
import { run } from '../conformance/helpers.js';
import { bundledWorkflows } from './helpers.js';
import { scaled } from '../load-scale.js';

function bash(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Issue 21, item 13: a workflow's reproduce script carries the step outputs as shell variables
// (not the ids this run got), so it replays on a fresh server; the failure states the rule.
describe('a failed workflow reproduces on a fresh server', () => {
  it('cancel-keeps-stock: the ids are variables, the script runs against another mock, the message says the rule', {
    timeout: scaled(120_000),
  }, async () => {
    const defect = RULE_DEFECTS.find((d) => d.name === 'cancel-keeps-stock')!;
    const doc = await bundledWorkflows();
    const workflow = doc.workflows.find((w) => w.workflowId === defect.workflow)!;
    const mock = await start({ port: 0 });
    const proxy = await startDefectProxy(mock.url, defect.make());
    let script = '';
    let message = '';
    try {
      const report = await run(proxy.url, { extra: { documents: [doc] } });
      const result = report.results.find((r) => r.check === `workflow:${defect.workflow}`)!;
      expect(result.status).toBe('failed');
      script = result.reproduce ?? '';
      message = result.message;
    } finally {
      await proxy.close();
      await mock.close();
    }
    expect(message).toMatch(/^step \w+ /);
    expect(message).toContain(`(The rule: ${workflow.description!.replace(/\s+/g, ' ').trim().replace(/\.$/, '')}.)`);
    // Outputs read into variables, later requests use them: no id of this run in a later URL.
    expect(script).toMatch(/^\w+_answer=\$\(curl /m);
    expect(script).toMatch(/^\w+_\w+=\$\(printf '%s' "\$\w+_answer" \| node -e /m);
    const urls = [...script.matchAll(/-X [A-Z]+ (\S+)/g)].map((m) => m[1]!);
    expect(urls.some((u) => u.includes('"${'))).toBe(true);
    for (const u of urls) expect(u, u).not.toMatch(/\/(pets|orders|inventory|categories)\/\d+/);

    // A fresh mock whose ids differ from the run's (more pets, a category): the script still hits what it created.
    const fresh = await start({ port: 0, pets: 7 });
    try {
      const url = new URL(proxy.url);
      const replay = await bash(script.replaceAll(`${url.protocol}//${url.host}`, fresh.url), {
        CONFORMANCE_API_KEY: 'dev-key',
      });
      expect(replay.stderr).toBe('');
      expect(replay.stdout).not.toMatch(/"code":"not_found"/);
      expect(replay.stdout).toMatch(/HTTP\/1\.1 204/); // the cancel, at the order the script placed
    } finally {
      await fresh.close();
    }
  });
});
