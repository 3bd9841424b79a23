/**
 * The public API of the Petstore mock.
 *
 * - `createMockApp(options)` returns a **promise** of the Express app (it loads and checks the
 *   contract first) and does not listen: `const app = await createMockApp({ seed: 7 })`.
 * - `start(options)` listens and resolves to `{ url, port, close() }`:
 *   `const mock = await start({ port: 0 }); … await mock.close();`
 *
 * @module
 */
export { createMockApp } from './mock/app.js';
export { start, type StartOptions, type RunningMock } from './mock/server.js';
export type { ServedContract } from './mock/app.js';
export {
  normalizeOptions,
  parseLatency,
  OptionsError,
  DEFAULTS,
  type MockOptions,
  type NormalizedOptions,
  type MockEvent,
  type LatencyRange,
} from './mock/options.js';
export { HttpError, type ErrorBody, type ErrorDetail } from './mock/errors.js';
export type {
  StateSnapshot,
  StateSnapshotInput,
  Pet,
  Category,
  Order,
  InventoryItem,
  PetStatus,
} from './mock/store/types.js';
/** The contract as TypeScript types (openapi-typescript), for typed clients such as openapi-fetch. */
export type { paths, components, operations } from './generated/petstore-api.js';
