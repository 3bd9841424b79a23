import { describeZooMatrix } from './matrix-suite.js';

describeZooMatrix('fastapi-inventory');
