import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './consumer.js';

/** The tasks a new user comes with, each a heading of the README. */
const TASKS = [
  'Mock my contract',
  'Test my frontend against it',
  'Gate my server in CI',
  'Judge my e2e traffic',
  'Split a run across CI jobs',
];

/** What a lab notebook says and a user guide does not: numbered issues and rounds, who worked when, a machine's load. */
const NOTEBOOK =
  /\bissue #?\d+|\bround \d+|\bsession \d+|\bh-[a-z]+'s area|\bload average [\d.]+|\bon (?:main at |the build of )?[0-9a-f]{7,40}\b/i;

/** A page a command wrote (its command and machine at the top): its figures are that run's, and the command rewrites it. */
const written = (text: string): boolean =>
  /^(?:Command: `|<!-- written by `|# Performance\n\n<!-- Written by the bench)/.test(text);

describe('the README is a user guide, and docs/ holds the rest', () => {
  it('the README is at most 300 lines, with a heading for each task and a link to each from the top', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    const headings = readme.split('\n').filter((l) => /^#{2,3} /.test(l));
    const top = readme.slice(0, readme.indexOf('\n## '));
    for (const task of TASKS) {
      expect(headings, task).toContain(`### ${task}`);
      expect(top, task).toContain(`[${task}](#${task.toLowerCase().replace(/ /g, '-')})`);
    }
    expect(readme).not.toMatch(NOTEBOOK);
  });

  it('no page of docs/ or the changelog reads as a lab notebook (pages a command wrote aside)', async () => {
    const pages = (await readdir(join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
    const found: string[] = [];
    for (const page of [...pages, 'CHANGELOG.md']) {
      const text = await readFile(join(ROOT, page), 'utf8');
      if (written(text)) continue;
      const hit = NOTEBOOK.exec(text);
      if (hit) found.push(`${page}: ${hit[0]}`);
    }
    expect(found).toEqual([]);
  });
});
