import { describeZooMatrix } from './matrix-suite.js';

describeZooMatrix('nest-members');
