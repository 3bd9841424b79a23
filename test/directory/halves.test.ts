import { describe, expect, it } from 'vitest';
import { halfOfDirectory, sampleDirectory, type DirectoryEntry } from '../../bench/sweep/directory.js';

const entries: DirectoryEntry[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, file: `${id}.json` }));

describe('halfOfDirectory: two fixed halves of the sorted directory (a training half and a holdout)', () => {
  it.each([
    ['odd', ['a', 'c', 'e']],
    ['even', ['b', 'd']],
  ] as const)('%s keeps the 1-based %s positions, as the progress lines number them', (half, ids) => {
    expect(halfOfDirectory(entries, half).map((e) => e.id)).toEqual(ids);
  });

  it('the halves are disjoint and together are the whole directory', () => {
    const both = [...halfOfDirectory(entries, 'odd'), ...halfOfDirectory(entries, 'even')].map((e) => e.id).sort();
    expect(both).toEqual(entries.map((e) => e.id));
  });

  it('a seeded sample of a half stays inside it', () => {
    const odd = halfOfDirectory(entries, 'odd');
    expect(sampleDirectory(odd, 2, 7).every((e) => odd.includes(e))).toBe(true);
  });
});
