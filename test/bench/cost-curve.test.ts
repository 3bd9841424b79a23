import { describe, expect, it } from 'vitest';
import { cell, costCurveMarkdown, curveDocuments, type CurveRow } from '../../bench/cost-curve.js';
import { renderCostCurveSvg } from '../../bench/cost-curve-svg.js';

const doc = (name: string, bytes: number) => ({ name, file: `/x/${name}`, bytes, operations: 3, version: '3.0' });
const rows: CurveRow[] = [
  {
    document: doc('small', 30_000),
    mock: { outcome: 'ready', ms: 800, rssMb: 90, rssAfterEveryOperationMb: 95 },
    prism: { outcome: 'ready', ms: 2500, rssMb: 150 },
    plan: { outcome: 'ready', ms: 600, rssMb: 80 },
  },
  {
    document: doc('big', 2_900_000),
    mock: { outcome: 'timeout', ms: 60_000, rssMb: 900 },
    prism: { outcome: 'failed', ms: 1200, detail: 'cannot | parse' },
    plan: { outcome: 'ready', ms: 20_000, rssMb: 250 },
  },
];

describe('the cost curve (bench/cost-curve.ts)', () => {
  it('takes the documents from 20 KB up, smallest first, the largest (Stripe) included', () => {
    const docs = curveDocuments(20);
    expect(docs.length).toBeGreaterThanOrEqual(10);
    expect(docs.every((d, i) => i === 0 || docs[i - 1]!.bytes <= d.bytes)).toBe(true);
    expect(docs.filter((d) => !d.name.startsWith('petstore')).every((d) => d.bytes >= 20 * 1024)).toBe(true);
    expect(docs.at(-1)?.name).toBe('stripe-v1');
  });

  it('says "not ready in N s" for a time-out and never prints a time for it', () => {
    expect(cell(rows[0]!.mock)).toBe('0.80 s / 90 MB');
    expect(cell(rows[1]!.mock)).toBe('not ready in 60 s (900 MB then)');
    expect(cell(rows[1]!.prism)).toBe('failed: cannot / parse');
    const table = costCurveMarkdown(rows).split('\n');
    expect(table[2]).toContain('| 95 MB |');
    expect(table[3]).toContain('not ready in 60 s');
  });

  it('plots one marker per program that answered or timed out, hollow for the time-outs, none for a failure', () => {
    const svg = renderCostCurveSvg(rows, { timeoutS: 60, caption: 'test machine' });
    expect(svg.startsWith('<svg')).toBe(true);
    // Two panels; markers: small row 3 + 3, big row mock (timeout) + plan, twice (time, RSS); legend 3 + 1.
    const hollow = svg.match(/fill="white" stroke=/g) ?? [];
    expect(hollow).toHaveLength(2 + 1); // the time-out in each panel, and the legend's hollow marker
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    expect(svg).toContain('not ready in 60 s');
  });
});
