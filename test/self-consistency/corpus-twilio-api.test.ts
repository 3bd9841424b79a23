// fixtures/corpus/twilio-api-v2010.yaml (1.5 MB, 197 operations).
import { describe } from 'vitest';
import { selfConsistentFile } from './suite.js';

describe('self-consistency: corpus-twilio-api', () => selfConsistentFile('corpus-twilio-api', 900_000));
