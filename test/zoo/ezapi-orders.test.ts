import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

// Fidelity of the mock against the express-zod-api service: every answer is wrapped as
// {status, data}; the session reads the created record inside `data`, as the kernel's model says.
describeZooService('ezapi-orders', { differences: expectedDifferences('ezapi-orders') });
