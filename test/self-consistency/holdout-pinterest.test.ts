// fixtures/holdout/pinterest-v5.yaml (1.6 MB, 231 operations).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: holdout-pinterest', () => selfConsistentFile('holdout-pinterest', 900_000));
