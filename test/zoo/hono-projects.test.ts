import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

// Fidelity of the mock against the Hono service (OpenAPI 3.1 from @hono/zod-openapi).
describeZooService('hono-projects', { differences: expectedDifferences('hono-projects') }, undefined, {
  documentPath: '/doc',
});
