import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Difference } from '../../bench/fidelity/compare.js';
import { measureFidelity } from '../../bench/fidelity/measure.js';
import { zooService, type RunningZooService } from '../../fixtures/zoo/services.js';
import { scaled } from '../load-scale.js';

/** A difference the lead knows of, and why: the mock's known gap (an issue item), or the service's own bug. */
export interface KnownDifference extends Difference {
  readonly why: string;
}

/**
 * Today's fidelity of the mock against one zoo service, exactly: the mock refuses the document with
 * this reason, or it serves it and differs from the service on these exchanges and no others.
 */
export type FidelityExpectation =
  | { readonly mockRefuses: string }
  | { readonly differences: readonly KnownDifference[] };

/**
 * The suite of one zoo service: one instance for the file, its /openapi.json against the committed
 * document (drift), and fidelity against the committed expectation (two-sided: a new difference and
 * a difference that went away both fail, and the failure prints today's list to paste). `more` adds
 * tests of the service's own behaviour on the same instance.
 */
export function describeZooService(
  name: string,
  expected: FidelityExpectation,
  more?: (service: () => RunningZooService) => void,
  options: { readonly documentPath?: string } = {},
): void {
  // Where the framework serves its document (`/openapi.json`, Nest's `/api-json`, Hono's `/doc`).
  const documentPath = options.documentPath ?? '/openapi.json';
  const zoo = zooService(name);
  const reason = zoo.unavailable();
  if (reason !== undefined) console.warn(`SKIPPED: the zoo service ${name}: ${reason}`);
  describe.skipIf(reason !== undefined)(
    `zoo service ${name} (${zoo.framework})${reason ? ` — skipped: ${reason}` : ''}`,
    () => {
      let running: RunningZooService;
      beforeAll(async () => {
        running = await zoo.start();
      }, scaled(60_000));
      afterAll(async () => {
        await running?.close();
      });

      it(`serves exactly the committed document at ${documentPath} (fixtures/zoo/generate.py or the service's generate.mjs writes it)`, async () => {
        const served: unknown = await (await fetch(`${running.url}${documentPath}`)).json();
        const committed: unknown = JSON.parse(await readFile(zoo.document, 'utf8'));
        expect(
          served,
          `${zoo.document} drifted from what the service generates: regenerate it (python3 fixtures/zoo/generate.py ${name}, or node fixtures/zoo/${name}/generate.mjs)`,
        ).toEqual(committed);
      });

      it(
        'the mock answers as the service does, but for the known differences',
        async () => {
          const result = await measureFidelity(zoo, running);
          if (result.mockRefused !== undefined) {
            expect({ mockRefuses: result.mockRefused }, `the mock still refuses ${name}'s document`).toEqual(expected);
            return;
          }
          const today = result.differences.map(({ step, aspect, service, mock }) => ({ step, aspect, service, mock }));
          const known =
            'differences' in expected
              ? expected.differences.map(({ step, aspect, service, mock }) => ({ step, aspect, service, mock }))
              : undefined;
          expect(
            today,
            `${name}: the differences changed; today's list (add each one's why):\n${JSON.stringify(today, null, 2)}`,
          ).toEqual(known);
        },
        scaled(60_000),
      );

      more?.(() => running);
    },
  );
}
