import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/index.js';
import { exitCodeFor } from '../../conformance/report/verdict.js';
import { DEFECTS } from '../../fixtures/broken/defects.js';
import { startDefectProxy } from '../../fixtures/broken/proxy.js';
import { CHECK_NAMES } from '../../conformance/registry/index.js';
import { cell, failures, run } from './helpers.js';

describe('our mock, unbroken', () => {
  let mock: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    mock = await start({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('passes every check with zero failures and zero warnings (default examples)', async () => {
    const report = await run(mock.url, { examples: 3 });
    expect(failures(report)).toEqual([]);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.warnings).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(150);
    expect(exitCodeFor(report)).toBe(0);
  });
});

describe('our mock past its sunset (sunsetNow 2027-07-01)', () => {
  it('answers the deprecated operation 410 and sunset_enforced passes', async () => {
    const mock = await start({ port: 0, sunsetNow: new Date('2027-07-01T00:00:00Z') });
    try {
      const report = await run(mock.url, { operations: ['createCategory', 'createPet', 'getPet', 'listPets'] });
      expect(cell(report, 'getPet', 'sunset_enforced')?.status).toBe('passed');
      expect(failures(report)).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});

describe('broken implementations: each defect fails its check', () => {
  it('has at least 15 defects, each naming a known check', () => {
    expect(DEFECTS.length).toBeGreaterThanOrEqual(15);
    for (const d of DEFECTS) expect(CHECK_NAMES).toContain(d.check);
    expect(new Set(DEFECTS.map((d) => d.name)).size).toBe(DEFECTS.length);
  });

  it.each(DEFECTS.map((d) => [d.name, d] as const))('%s', async (_name, defect) => {
    const mock = await start({ port: 0 });
    const proxy = await startDefectProxy(mock.url, defect);
    try {
      const report = await run(proxy.url, {
        strict: true,
        ...(defect.run?.timeoutMs !== undefined ? { timeoutMs: defect.run.timeoutMs } : {}),
        ...(defect.run?.operations ? { operations: defect.run.operations } : {}),
      });
      const result = cell(report, defect.operation, defect.check);
      expect(result?.status, `${defect.operation} › ${defect.check}: ${result?.message ?? 'no result'}`).toBe('failed');
      expect(result?.reproduce).toMatch(/^curl /);
      expect(exitCodeFor(report)).toBe(1);
    } finally {
      await proxy.close();
      await mock.close();
    }
  });
});
