// The big documents of fixtures/corpus/ in other versions than 3.0 (Discord 3.1, 242 operations; Docker Engine 2.0, 108).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: corpus-versions-large', () => selfConsistentFile('corpus-versions-large', 900_000));
