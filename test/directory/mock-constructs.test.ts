// Construct fixtures (fixtures/constructs/directory/) for faults of the mock the directory sweep
// found (issue 29 items 3 and 4), each swept as `npm run sweep` sweeps a document: the mock starts,
// no plain GET answers 5xx, and the runner finds nothing wrong with the mock.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { SWEEP_DEFAULTS, sweepDocument } from '../../bench/sweep/document.js';

const CONSTRUCTS = [
  // A response `$ref` into another operation (brex.io): every GET of the operation answered 500.
  'refs-into-paths.yaml',
  // A list under a parent with `minItems: 1` (zalando's article units): the empty scope answered `[]`, 500.
  'list-min-items.yaml',
];

describe('directory constructs of the mock: runner against mock', () => {
  it.each(CONSTRUCTS)('%s: mock starts, no 5xx, no failure', async (name) => {
    const outcome = await sweepDocument(
      name,
      join(packageRoot, 'fixtures', 'constructs', 'directory', name),
      SWEEP_DEFAULTS,
    );
    expect({
      stage: outcome.stage,
      reason: outcome.reason,
      fiveXx: outcome.fiveXx,
      failures: outcome.failures,
    }).toEqual({ stage: 'ok', reason: undefined, fiveXx: [], failures: [] });
    expect(outcome.judged).toBeGreaterThan(0);
  });
});

describe('a list whose schema needs minItems holds that many records, and they read back', () => {
  it('GET /articles/{id}/units answers one unit at least; each is readable; an unknown article is 404', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'list-min-items.yaml'),
    });
    try {
      const articles = (await (await fetch(`${mock.url}/articles`)).json()) as { content: { id: string }[] };
      const article = articles.content[0]!.id;
      const listed = await fetch(`${mock.url}/articles/${encodeURIComponent(article)}/units`);
      expect(listed.status).toBe(200);
      const units = (await listed.json()) as { id: string }[];
      expect(units.length).toBeGreaterThanOrEqual(1);
      const again = (await (
        await fetch(`${mock.url}/articles/${encodeURIComponent(article)}/units`)
      ).json()) as unknown;
      expect(again).toEqual(units);
      const unit = await fetch(
        `${mock.url}/articles/${encodeURIComponent(article)}/units/${encodeURIComponent(units[0]!.id)}`,
      );
      expect(unit.status).toBe(200);
      expect((await fetch(`${mock.url}/articles/no-such-article/units`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});
