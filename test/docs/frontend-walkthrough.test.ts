// The walk-through's sample test runs here, as part of this suite (vitest's `include` covers
// test/ only): importing it makes vitest collect the hooks and tests it declares, and makes tsc
// type-check it with the rest of the tests. The sample itself: examples/frontend-vitest/.
import '../../examples/frontend-vitest/pets.test.js';
