/**
 * The registry's promise (docs/architecture.md, "Adding a check"): a check written in its own file
 * and listed in one line of conformance/registry/index.ts (with its import) runs, is judged under
 * the judge's policies and is reported, with no other file changed. The check is planted in a copy
 * of conformance/ under test-artifacts/ (the repository itself is never written), and the copy's
 * runner and report formats run it against the mock.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import type { RunReport } from '../../conformance/types.js';
import { scaled } from '../load-scale.js';

const PLANTED = `import { fail, pass, type Check } from './types.js';

/** Planted by test/conformance/registry.test.ts: fails the valid answers of two operations. */
export const plantedCheck: Check = {
  name: 'planted_check',
  description: 'A check planted by the registry test.',
  needs: ['positive'],
  appliesTo: () => true,
  judge: (exchange, operation) => {
    if (exchange.kind !== 'positive' || !exchange.response) return undefined;
    return ['listPets', 'setStock'].includes(operation.id) ? fail(\`planted failure on \${operation.id}\`) : pass;
  },
};
`;

// A check that sends its own request, in the one form every such entry has (plan → next request → judge).
const PLANTED_PROBE = `import type { Operation } from '../../src/contract/index.js';
import type { ProbeCheck } from '../registry/types.js';

/** Planted by test/conformance/registry.test.ts: one request to listPets and to setStock, each failed. */
export const plantedProbe: ProbeCheck<Operation> = {
  kind: 'probe',
  name: 'planted_probe',
  description: 'A probe check planted by the registry test.',
  needs: ['positive'],
  plan: (op) => (['listPets', 'setStock'].includes(op.id) ? { ok: true, plan: op } : undefined),
  next: (op, sent) => (sent.length === 0 ? { op } : undefined),
  judge: (op, sent) => {
    const exchange = sent[0]?.exchange;
    if (!exchange?.response) return { status: 'skipped', message: 'no answer', exchange };
    const message = \`planted probe failure on \${op.id} (\${exchange.response.status})\`;
    return { status: 'failed', message, exchange, judged: 1 };
  },
};
`;

const copy = join(packageRoot, 'test-artifacts', `registry-plant-${process.pid}`);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

let mock: RunningMock;

beforeAll(async () => {
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(join(packageRoot, 'conformance'), join(copy, 'conformance'), { recursive: true });
  // The runner imports only the kernel from src/ (test/contract/kernel-only.test.ts).
  symlinkSync(join(packageRoot, 'src'), join(copy, 'src'));
  // The planted check: its own file, and one entry (with its import) in the registry's list.
  writeFileSync(join(copy, 'conformance', 'checks', 'planted-check.ts'), PLANTED);
  writeFileSync(join(copy, 'conformance', 'probes', 'planted-probe.ts'), PLANTED_PROBE);
  const registry = join(copy, 'conformance', 'registry', 'index.ts');
  const text = readFileSync(registry, 'utf8');
  const listed = text.replace(
    /^export const REGISTRY: readonly Entry\[\] = \[\n/m,
    (head) => `${head}  plantedCheck,\n  plantedProbe,\n`,
  );
  expect(listed).not.toBe(text);
  writeFileSync(
    registry,
    `import { plantedCheck } from '../checks/planted-check.js';\nimport { plantedProbe } from '../probes/planted-probe.js';\n${listed}`,
  );
  mock = await start({ port: 0 });
});

afterAll(async () => {
  await mock?.close();
  rmSync(copy, { recursive: true, force: true });
});

describe('the registry of judgements', () => {
  it('differs from the repository in the planted file and the registry list only', () => {
    const original = join(packageRoot, 'conformance');
    const changed = files(join(copy, 'conformance'))
      .map((f) => relative(join(copy, 'conformance'), f))
      .filter((f) => {
        try {
          return readFileSync(join(original, f), 'utf8') !== readFileSync(join(copy, 'conformance', f), 'utf8');
        } catch {
          return true;
        }
      });
    expect(changed.sort()).toEqual(['checks/planted-check.ts', 'probes/planted-probe.ts', 'registry/index.ts']);
  });

  it('runs a planted check, judges it under the policies and reports it in every format', {
    timeout: scaled(120_000),
  }, async () => {
    const runner = (await import(
      join(copy, 'conformance', 'runner.ts')
    )) as typeof import('../../conformance/runner.js');
    const formats = (await import(
      join(copy, 'conformance', 'report', 'formats', 'index.ts')
    )) as typeof import('../../conformance/report/formats/index.js');
    const contract = await loadContract(join(packageRoot, 'openapi', 'petstore.yaml'));
    const report: RunReport = await runner.runConformance({
      target: mock.url,
      contract,
      apiKey: 'dev-key',
      checks: ['planted_check', 'planted_probe'],
      operations: ['listPets', 'getPet', 'setStock'],
      examples: 1,
    });
    const cells = Object.fromEntries(
      report.results.filter((r) => r.check === 'planted_check').map((r) => [r.operation, r]),
    );
    // Selected alone, it still gets the valid requests it declares it needs (the planner reads `needs`).
    expect(cells['getPet']?.status).toBe('passed');
    expect(cells['listPets']?.status).toBe('failed');
    expect(cells['listPets']?.message).toContain('planted failure on listPets');
    expect(cells['listPets']?.reproduce).toMatch(/^curl /);
    // The judge's x-stability policy: setStock is `x-stability: beta`, so its failure is a warning.
    expect(cells['setStock']?.status).toBe('warning');
    expect(cells['setStock']?.message).toMatch(/^\[x-stability: beta\] planted failure on setStock/);
    // The planted probe: sent by the one send loop, judged, and under the same x-stability policy.
    const probed = Object.fromEntries(
      report.results.filter((r) => r.check === 'planted_probe').map((r) => [r.operation, r]),
    );
    expect(Object.keys(probed).sort()).toEqual(['listPets', 'setStock']);
    expect(probed['listPets']?.status).toBe('failed');
    expect(probed['listPets']?.message).toBe('planted probe failure on listPets (200)');
    expect(probed['listPets']?.reproduce).toMatch(/^curl .*\/pets/);
    expect(probed['setStock']?.status).toBe('warning');
    expect(probed['setStock']?.message).toMatch(/^\[x-stability: beta\] planted probe failure on setStock/);
    expect(report.checks).toEqual(['planted_check', 'planted_probe']);
    for (const name of formats.REPORTERS) {
      const text = formats.render(name, report, false);
      expect(text, name).toContain('planted_check');
      expect(text, name).toContain('planted_probe');
    }
  });
});
