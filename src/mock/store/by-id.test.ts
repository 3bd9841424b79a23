import { describe, expect, it } from 'vitest';
import { ById } from './by-id.js';

describe('ById: a Map of records by id, in array slots while the ids stay close', () => {
  it.each([
    ['consecutive ids', [1, 2, 3, 4]],
    ['a gap within reach', [1, 500, 1200]],
    ['ids far apart (an imported state)', [1, 1_000_000_000, 3, 2 ** 40]],
    ['a far id first, then the array grows past it', [5000, 1, 2, ...Array.from({ length: 5100 }, (_, i) => i + 3)]],
    ['zero and odd keys', [0, -1, 1.5, 7]],
  ])('behaves as a Map on %s', (_name, ids) => {
    const table = new ById<{ id: number }>();
    const model = new Map<number, { id: number }>();
    for (const id of ids) {
      table.set(id, { id });
      model.set(id, { id });
    }
    // Overwrite, delete every third, then read everything back against the Map.
    for (const id of ids.slice(0, 3)) {
      table.set(id, { id: id + 0.25 });
      model.set(id, { id: id + 0.25 });
    }
    ids.forEach((id, i) => {
      if (i % 3 === 1) expect(table.delete(id)).toBe(model.delete(id));
    });
    expect(table.delete(123_456_789)).toBe(false);
    for (const id of [...ids, 999_999, -5, 2 ** 41]) {
      expect(table.get(id)).toEqual(model.get(id));
      expect(table.has(id)).toBe(model.has(id));
    }
    table.clear();
    expect(ids.some((id) => table.has(id))).toBe(false);
  });
});
