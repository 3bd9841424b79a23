import { describeZooMatrix } from './matrix-suite.js';

describeZooMatrix('fastify-books');
