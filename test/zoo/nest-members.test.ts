import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

// Fidelity of the mock against the NestJS service (docs/zoo-node.md lists where the service departs
// from its own document). Its own behaviour is checked in node-services.test.ts.
describeZooService('nest-members', { differences: expectedDifferences('nest-members') }, undefined, {
  documentPath: '/api-json',
});
