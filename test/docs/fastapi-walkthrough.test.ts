// The "your own contract" example's vitest tests run here, as part of this suite (vitest's
// `include` covers test/ only): importing them makes vitest collect them and tsc type-check them.
// The example itself: examples/fastapi-tasks/ (FastAPI's document, its types, the tests).
import '../../examples/fastapi-tasks/tasks.test.js';
