import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../../src/contract/index.js';
import { runConformance } from '../../conformance/runner.js';
import { exitCodeFor } from '../../conformance/report/verdict.js';
import { parseArazzo } from '../../conformance/workflows/index.js';
import { CONSTRUCTS, type ConstructCase } from '../../fixtures/constructs/cases.js';
import { serve, type Routes } from '../../fixtures/constructs/server.js';
import { scaled } from '../load-scale.js';

async function runOn(c: ConstructCase, routes: Routes) {
  const server = await serve(routes);
  try {
    const contract = await contractFromDocument(structuredClone(c.document));
    const documents = c.workflows ? [parseArazzo(structuredClone(c.workflows), `${c.name}.arazzo.yaml`)] : [];
    return await runConformance({
      target: server.url,
      contract,
      examples: 2,
      timeoutMs: scaled(3000),
      bearer: c.run?.bearer,
      basic: c.run?.basic,
      apiKey: c.run?.apiKey,
      extra: { documents },
    });
  } finally {
    await server.close();
  }
}

const failuresOf = (report: Awaited<ReturnType<typeof runOn>>): string[] =>
  report.results.filter((r) => r.status === 'failed').map((r) => `${r.operation} › ${r.check}: ${r.message}`);

describe('one contract per construct', () => {
  it.each(CONSTRUCTS.map((c) => [c.name, c] as const))(
    '%s: the correct server passes, the broken one fails its check',
    async (_name, c) => {
      const good = await runOn(c, c.correct);
      expect(failuresOf(good)).toEqual([]);
      expect(good.internalErrors ?? []).toEqual([]);
      expect(good.coverage?.notExercised.map((n) => n.operation).sort()).toEqual(
        Object.keys(c.notExercised ?? {}).sort(),
      );
      expect(exitCodeFor(good)).toBe(0);
      // A construct with workflows judges them too: none is skipped for want of an input.
      if (c.workflows)
        expect(good.results.filter((r) => r.check.startsWith('workflow:')).map((r) => r.status)).toEqual(['passed']);
      if (c.warns)
        expect(
          good.results
            .filter((r) => r.status === 'warning')
            .map((r) => r.message)
            .join('\n'),
        ).toContain(c.warns);
      const broken = await runOn(c, c.broken);
      expect(broken.results.filter((r) => r.status === 'failed').map((r) => r.check)).toContain(c.check);
      expect(exitCodeFor(broken)).toBe(1);
    },
  );
});
