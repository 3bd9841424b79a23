import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

// Fidelity of the mock against the Fastify service: its collection is `/books/` beside `/books/{id}`,
// as @fastify/swagger documents it, bound by the kernel's resource path.
describeZooService('fastify-books', { differences: expectedDifferences('fastify-books') });
