import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageStructure, renderPerformancePage, type BenchResults } from '../../bench/performance-page.js';
import { ROOT } from '../mock/helpers.js';

// docs/performance.md is written by `npm run bench -- --markdown docs/performance.md`. The long bench
// does not run here: the writer renders a small results file, and the committed page must have the
// structure the writer gives (its headings and tables), so a hand-edited page or a stale writer fails.
const fixture = JSON.parse(
  readFileSync(join(ROOT, 'test', 'bench', 'fixtures', 'bench-results.json'), 'utf8'),
) as BenchResults;
const page = renderPerformancePage(fixture);

describe('the performance page writer', () => {
  it('names the command and the machine the figures come from', () => {
    expect(page).toContain('```text\nnpm run build && npm run bench -- --markdown docs/performance.md\n```');
    expect(page).toContain('- Machine: 3 × Fixture CPU 9000, Node v20.0.1');
    expect(page).toContain('when the bench started: 1.3; when it ended: 7.8');
    expect(page).toContain(
      'wrk (a process of its own, one thread), 8 connections, 1 alternating rounds of 2 s per cell',
    );
    expect(page).toContain('- Date: 2030-01-02T03:04:05.000Z');
  });

  it('carries the results figures, side by side, with each target met or missed', () => {
    expect(page).toContain(
      '| CLI ready (spawn to first answer) | ≤ 500 ms | 311 ms | 901 ms | 401 ms | 211 ms | 191 ms | met |',
    );
    expect(page).toContain('| peak RSS under the load | ≤ 150 MB | 177 MB | – | – | – | – | MISSED |');
    expect(page).toContain(
      '| big contract: runner --examples 1 judges it | ≤ 10 min | not run (--big-runner) | – | – | – | – | not run |',
    );
    expect(page).toContain('ours over bare Express in this run: 1.47×');
    expect(page).toContain(
      '| list: GET /pets?limit=20 | 12345 | 2345 | 6543 | 15432 | 65432 | 1.50/4.25 | 11.50/27.50 | 3.50/13.50 | 1.75/8.50 | 0.25/1.25 |',
    );
    expect(page).toContain('| Express | 211 ms | 68 MB | 153 MB |');
    expect(page).toContain('| through prism proxy | 9.1 | 31.3 | 393 | 0 | 0 | 1359 µs |');
    expect(page).toContain('Added p99: petstore-conformance proxy 1.6 ms (met), prism proxy 28.0 ms.');
    expect(page).toContain('| petstore (bundled) (3.0) | 48 KB | 18 |');
    expect(page).toContain('](cost-curve.svg)');
    expect(page).not.toMatch(/undefined|NaN/);
  });

  it('says what was not run instead of leaving a section out', () => {
    const bare = renderPerformancePage({ ...fixture, proxy: undefined, costCurve: [] });
    expect(bare).toContain('Not run in this run (`--no-proxy`).');
    expect(bare).toContain('Not run in this run (`--no-curve`).');
  });

  it('docs/performance.md has the structure the writer produces', () => {
    const committed = readFileSync(join(ROOT, 'docs', 'performance.md'), 'utf8');
    expect(committed).toContain('Written by the bench (bench/performance-page.ts)');
    expect(pageStructure(committed)).toEqual(pageStructure(page));
  });
});
