export { createFaker, diceOfFaker, Random, type Dice } from './dice.js';
export { sample, sampleValue, modeFor, type Mode, type Sampled, type SampleOptions } from './sample.js';
export { invalidValues } from './invalid.js';
export { formatValue } from './formats.js';
export { namedString, nameWords } from './names.js';
export { schemaNamesOf } from './schema-names.js';
