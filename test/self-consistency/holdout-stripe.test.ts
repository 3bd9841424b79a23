// fixtures/holdout/stripe-v1.yaml (2.8 MB, 384 operations).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: holdout-stripe', () => selfConsistentFile('holdout-stripe', 1_800_000));
