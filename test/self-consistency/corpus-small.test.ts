// The small documents of fixtures/corpus/, every version (the big ones have a file each, see OWN_FILE in suite.ts).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: corpus-small', () => selfConsistentFile('corpus-small', 300_000));
