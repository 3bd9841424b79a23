import { describeZooMatrix } from './matrix-suite.js';

describeZooMatrix('ezapi-orders');
