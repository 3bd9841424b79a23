import { describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { startDefectProxy } from '../../fixtures/broken/proxy.js';
import { RULE_DEFECTS } from '../../fixtures/broken/rule-defects.js';
import { CHECK_NAMES, PROBES } from '../../conformance/registry/index.js';
import { run } from '../conformance/helpers.js';
import { bundledWorkflows } from './helpers.js';
import { scaled } from '../load-scale.js';

const failed = (report: Awaited<ReturnType<typeof run>>): string[] =>
  report.results
    .filter((r) => r.status === 'failed' || r.status === 'warning')
    .map((r) => `${r.operation} › ${r.check}`)
    .sort();

describe('business-rule defects: each fails exactly its own workflow', () => {
  it('has one defect per bundled workflow', async () => {
    const doc = await bundledWorkflows();
    expect(RULE_DEFECTS.map((d) => d.workflow).sort()).toEqual(doc.workflows.map((w) => w.workflowId).sort());
  });

  it('the clean mock passes every workflow and every check', { timeout: scaled(120_000) }, async () => {
    const mock = await start({ port: 0 });
    try {
      const report = await run(mock.url, { extra: { documents: [await bundledWorkflows()] } });
      expect(failed(report)).toEqual([]);
      expect(report.results.filter((r) => r.check.startsWith('workflow:') && r.status === 'passed')).toHaveLength(
        (await bundledWorkflows()).workflows.length,
      );
    } finally {
      await mock.close();
    }
  });

  it.each(RULE_DEFECTS.map((d) => [d.name, d] as const))('%s', { timeout: scaled(120_000) }, async (_name, defect) => {
    const mock = await start({ port: 0 });
    const proxy = await startDefectProxy(mock.url, defect.make());
    try {
      const report = await run(proxy.url, { extra: { documents: [await bundledWorkflows()] } });
      // Other checks of the very same promise may catch it too, once they exist.
      const known = [...CHECK_NAMES, ...PROBES.map((r) => r.name)];
      const also = defect.alsoFails.filter((c) => known.some((name) => c.endsWith(`› ${name}`)));
      expect(failed(report)).toEqual([`petstore.arazzo.yaml › workflow:${defect.workflow}`, ...also].sort());
      const result = report.results.find((r) => r.check === `workflow:${defect.workflow}`);
      expect(result?.message).toMatch(/^step \w+ /);
      expect(result?.reproduce).toMatch(/curl /);
    } finally {
      await proxy.close();
      await mock.close();
    }
  });
});
