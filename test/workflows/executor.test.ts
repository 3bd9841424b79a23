import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { runWorkflows } from '../../conformance/workflows/index.js';
import { petstoreContract } from '../conformance/helpers.js';
import { bundledWorkflows } from './helpers.js';
import { scaled } from '../load-scale.js';

describe('the bundled workflows against our mock', () => {
  let mock: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    mock = await start({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('passes every workflow, one result each', async () => {
    const doc = await bundledWorkflows();
    const results = await runWorkflows({
      documents: [doc],
      contract: await petstoreContract(),
      target: mock.url,
      credentials: { apiKey: 'dev-key' },
      timeoutMs: scaled(5000),
      maxResponseBytes: 1 << 22,
    });
    expect(results.map((r) => r.check)).toEqual(doc.workflows.map((w) => `workflow:${w.workflowId}`));
    expect(results.filter((r) => r.status !== 'passed').map((r) => `${r.check}: ${r.message}`)).toEqual([]);
    expect(results.every((r) => r.judged >= 3)).toBe(true);
  });

  it('skips every workflow, with the reason, without an API key', async () => {
    const doc = await bundledWorkflows();
    const results = await runWorkflows({
      documents: [doc],
      contract: await petstoreContract(),
      target: mock.url,
      credentials: {},
      timeoutMs: scaled(5000),
      maxResponseBytes: 1 << 22,
    });
    for (const r of results) {
      expect(r.status).toBe('skipped');
      expect(r.message).toMatch(/apiKey.*--api-key/);
    }
  });

  it('fails with the step, the criterion, and a reproduce script without the key when the key is wrong', async () => {
    const doc = await bundledWorkflows();
    const results = await runWorkflows({
      documents: [doc],
      contract: await petstoreContract(),
      target: mock.url,
      credentials: { apiKey: 'wrong-key' },
      timeoutMs: scaled(5000),
      maxResponseBytes: 1 << 22,
    });
    const first = results[0];
    expect(first?.status).toBe('failed');
    expect(first?.message).toMatch(/step createCategory .*\$statusCode == 201 .*\$statusCode = 401/);
    expect(first?.exchange?.response?.status).toBe(401);
    expect(first?.reproduce).toMatch(/^# workflow createReadList/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell variable the reproduce script reads.
    expect(first?.reproduce).toContain('${CONFORMANCE_API_KEY}');
    expect(first?.reproduce).not.toContain('wrong-key');
  });
});

describe('the deprecated read past its sunset (mock sunsetNow 2027-07-01)', () => {
  it('takes the 410 branch of deprecatedReadHeaders and passes', async () => {
    const mock = await start({ port: 0, sunsetNow: new Date('2027-07-01T00:00:00Z') });
    try {
      const doc = await bundledWorkflows();
      const results = await runWorkflows({
        documents: [doc],
        contract: await petstoreContract(),
        target: mock.url,
        credentials: { apiKey: 'dev-key' },
        timeoutMs: scaled(5000),
        maxResponseBytes: 1 << 22,
        checks: ['workflow:deprecatedReadHeaders'],
      });
      expect(results.map((r) => [r.check, r.status, r.message])).toEqual([
        ['workflow:deprecatedReadHeaders', 'passed', expect.stringContaining('4 requests') as unknown],
      ]);
    } finally {
      await mock.close();
    }
  });
});
