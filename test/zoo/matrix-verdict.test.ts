import { describe, expect, it } from 'vitest';
import { defectFailures } from '../../bench/zoo-matrix.js';
import type { CheckResult } from '../../conformance/types.js';

/**
 * The matrix's defect verdict (bench/zoo-matrix.ts), on reports written here: a defect seeded where the
 * service already departs from its document (tsoa-devices: the tsoa docs' error handler answers a JSON
 * string body 500, so every write's negative_data_rejected fails on the clean run) is caught by the
 * exchanges it adds to that cell, not called missed because the cell was red already.
 */
const result = (operation: string, check: string, status: CheckResult['status'], message = ''): CheckResult => ({
  operation,
  check,
  status,
  message,
  exchange: undefined,
  smallestInput: undefined,
  reproduce: undefined,
  judged: 28,
});

describe('defectFailures', () => {
  const clean = {
    results: [
      result(
        'CreateDevice',
        'negative_data_rejected',
        'failed',
        'answered 500 (2 of 28 exchanges failed, 2 distinct violations)',
      ),
      result('CreateDevice', 'malformed_json_rejected', 'failed', 'malformed JSON answered 500 instead of 422'),
      result('ListDevices', 'negative_data_rejected', 'passed'),
    ],
  };

  it('counts a cell the clean run fails on fewer exchanges, and a cell it passes', () => {
    const seeded = {
      results: [
        result(
          'CreateDevice',
          'negative_data_rejected',
          'failed',
          'accepted (28 of 28 exchanges failed, 9 distinct violations)',
        ),
        result('CreateDevice', 'malformed_json_rejected', 'failed', 'malformed JSON answered 500 instead of 422'),
        result('ListDevices', 'negative_data_rejected', 'failed', 'accepted with 200'),
      ],
    };
    expect(defectFailures(clean, seeded, ['negative_data_rejected', 'malformed_json_rejected'])).toEqual([
      'CreateDevice › negative_data_rejected (2 → 28 exchanges failed)',
      'ListDevices › negative_data_rejected',
    ]);
  });

  it('does not count a cell failing as it did on the clean run, nor a check the defect is not caught by', () => {
    const same = {
      results: [
        result(
          'CreateDevice',
          'negative_data_rejected',
          'failed',
          'answered 500 (2 of 28 exchanges failed, 2 distinct violations)',
        ),
        result('CreateDevice', 'malformed_json_rejected', 'failed', 'malformed JSON answered 500 instead of 422'),
        result('ListDevices', 'response_schema', 'failed', 'missing id'),
      ],
    };
    expect(defectFailures(clean, same, ['negative_data_rejected', 'malformed_json_rejected'])).toEqual([]);
  });
});
