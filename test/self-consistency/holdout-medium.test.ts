// The medium documents of fixtures/holdout/ (the big ones have a file each, see OWN_FILE in suite.ts).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: holdout-medium', () => selfConsistentFile('holdout-medium', 600_000));
