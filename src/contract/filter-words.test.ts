import { describe, expect, it } from 'vitest';
import { namesEveryValue } from './filter-words.js';

describe('namesEveryValue', () => {
  it.each([
    ['all', undefined, true],
    ['ALL', undefined, true],
    ['any', ['open', 'closed'], true],
    ['*', undefined, true],
    ['all', ['all', 'some'], false],
    ['open', undefined, false],
    [1, undefined, false],
    ['allowed', undefined, false],
  ])('%s against held %j → %s', (value, held, expected) => {
    expect(namesEveryValue(value, held)).toBe(expected);
  });
});
