// Ory's two documents of fixtures/corpus/ (60 and 52 operations).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: corpus-ory', () => selfConsistentFile('corpus-ory', 600_000));
