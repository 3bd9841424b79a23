import { describeZooMatrix } from './matrix-suite.js';

describeZooMatrix('hono-projects');
