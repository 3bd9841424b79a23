import { describe, expect, it } from 'vitest';
import { zooMatrix, type MatrixCell } from '../../bench/zoo-matrix.js';
import { zooService } from '../../fixtures/zoo/services.js';
import { MODES } from './defect-modes.js';
import { scaled } from '../load-scale.js';

/**
 * The modes that do not apply to each service (test/zoo/defect-modes.ts says why, from the document
 * or from what the run met): two-sided, so a mode that starts or stops applying is looked at.
 */
export const NOT_APPLICABLE: Readonly<Record<string, readonly string[]>> = {
  'fastapi-template': [],
  'fastapi-inventory': [],
  'nest-members': ['limit-ignored', 'filter-ignored'],
  'fastify-books': ['deprecation-missing'],
  'hono-projects': ['filter-ignored', 'credentials-ignored'],
  // Every answer schema of express-zod-api closes its objects (additionalProperties: false): no extra member is benign there.
  // Its Documentation depicts no response headers: neither Location nor the deprecated read's Deprecation is promised.
  'ezapi-orders': ['location-dropped', 'filter-ignored', 'deprecation-missing', 'extra-properties'],
  // tsoa closes every answer object (additionalProperties: false under throw-on-extras), documents no
  // response header for its 201 and deprecates nothing.
  'tsoa-devices': ['location-dropped', 'deprecation-missing', 'extra-properties'],
};

/**
 * Issue 30 item 7 on one zoo service: each seeded defect in front of it is caught, each benign
 * variation passes (bench/zoo-matrix.ts; `npm run zoo-matrix` prints the whole matrix). One file per
 * service so that the services run side by side; the modes run four at a time, each on a fresh
 * instance of the service.
 */
export function describeZooMatrix(name: string): void {
  const zoo = zooService(name);
  const reason = zoo.unavailable();
  if (reason !== undefined) console.warn(`SKIPPED: the zoo service ${name}: ${reason}`);
  describe.skipIf(reason !== undefined)(
    `seeded defects and benign variations in front of ${name} (${zoo.framework})${reason ? ` — skipped: ${reason}` : ''}`,
    () => {
      it('catches every defect and passes every benign variation; the modes that do not apply are the known ones', {
        timeout: scaled(600_000),
      }, async () => {
        // A busy machine slows the service's start, which is no fault of the matrix (issue 31 item 8).
        const { cells } = await zooMatrix(zoo, { startTimeoutMs: scaled(60_000) });
        const line = (c: MatrixCell): string =>
          `${c.kind} ${c.mode}: ${c.verdict} — ${c.detail}${c.traffic ? ` | from traffic: ${c.traffic} — ${c.trafficDetail ?? ''}` : ''}`;
        console.log(`${name}:\n  ${cells.map(line).join('\n  ')}`);
        expect(cells.map((c) => c.mode)).toEqual(MODES.map((m) => m.name));
        expect(cells.filter((c) => c.verdict === 'n/a').map((c) => c.mode)).toEqual(NOT_APPLICABLE[name]);
        expect(
          cells.filter((c) => c.kind === 'defect' && c.verdict !== 'n/a' && c.verdict !== 'caught').map(line),
        ).toEqual([]);
        expect(
          cells.filter((c) => c.kind === 'benign' && c.verdict !== 'n/a' && c.verdict !== 'passed').map(line),
        ).toEqual([]);
        // Issue 32: the same runs judged from their traffic by the conformance proxy: the defects that
        // show in answers are caught on those exchanges, the benign variations add no failure.
        const fromTraffic = (c: MatrixCell): string => `${c.mode}: ${c.traffic ?? '-'} — ${c.trafficDetail ?? ''}`;
        expect(cells.filter((c) => c.traffic === 'missed' || c.traffic === 'false alarm').map(fromTraffic)).toEqual([]);
        expect(
          cells.filter((c) => c.kind === 'benign' && c.verdict === 'passed').every((c) => c.traffic === 'passed'),
        ).toBe(true);
        expect(cells.filter((c) => c.traffic === 'caught').map((c) => c.mode)).toEqual(
          expect.arrayContaining(['undocumented-status', 'stack-trace-500', 'required-field-dropped']),
        );
      });
    },
  );
}
