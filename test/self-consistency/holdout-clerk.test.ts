// fixtures/holdout/clerk-frontend-api.yml (192 operations).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: holdout-clerk', () => selfConsistentFile('holdout-clerk', 900_000));
