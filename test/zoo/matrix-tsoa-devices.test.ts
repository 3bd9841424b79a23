import { describeZooMatrix } from './matrix-suite.js';

describeZooMatrix('tsoa-devices');
