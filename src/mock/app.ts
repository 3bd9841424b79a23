import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import { formatHttpDate, readContractFile, SchemaValidator } from '../contract/index.js';
import { docsRouter } from '../docs/router.js';
import type { Faker } from '@faker-js/faker';
import { makeClock } from './clock.js';
import { createFaker } from './faker.js';
import { controlGuard } from './controls/endpoints/access.js';
import { adminRouter } from './controls/endpoints/admin.js';
import { Journal, keepSentBodies } from './controls/endpoints/journal.js';
import { RateLimiter, rateLimit } from './controls/policies/rate-limit.js';
import { buildEngine, type Dice, type Engine, type EngineDeps } from './engine.js';
import { errorHandler } from './errors.js';
import { normalizeOptions, OptionsError, type MockOptions } from './options.js';
import { seededRandom } from './random.js';
import { series } from './series.js';
import { rulesOf, RuleStores } from './rules/index.js';
import { seedState } from './store/seed.js';
import { Store } from './store/store.js';
import { StoreFullError } from './store/capacity.js';
import { GenericStore } from './generic/store.js';
import type { StateSnapshot } from './store/types.js';
import { validateState } from './store/validate-state.js';
import { watchContractFile } from './watch.js';

/** Headers a browser client may read (CORS, Fetch §3.2.6): paging, creation, deprecation, retry, auth. */
const EXPOSED_HEADERS = [
  'Location',
  'Link',
  'X-Total-Count',
  'Deprecation',
  'Sunset',
  'Retry-After',
  'WWW-Authenticate',
  'Allow',
  'X-Mock-Stateless',
  'X-Mock-Document-Fault',
  'X-Mock-Read-Only-Ignored',
];

/** The paths the '/__mock' mount takes (Express 5 `app.use` path: case-insensitive, the path itself or under it). */
const CONTROL_PATH = /^\/__mock(?:\/|$)/i;

/** Seeded dice that can go back to their start. */
class SeededDice implements Dice {
  private draw: () => number;
  readonly faker: Faker;
  constructor(private readonly seed: number) {
    this.draw = seededRandom(seed);
    this.faker = createFaker(seed);
  }
  random(): number {
    return this.draw();
  }
  reset(): void {
    this.draw = seededRandom(this.seed);
    this.faker.seed(this.seed);
  }
}

/**
 * Builds the mock's Express app from options (it does not listen): the contract loaded from
 * `spec`, a store seeded from `seed` (or loaded from `state`), the validating request pipeline,
 * the control endpoints and the served documents. One store, one faker, one validator per app.
 * Returns a promise: `const app = await createMockApp(options)`.
 */
export async function createMockApp(input?: MockOptions): Promise<Express> {
  return (await buildMockApp(input)).app;
}

/** What the mock serves, for the start-up line: read when asked, as `--watch` may swap the contract. */
export interface ServedContract {
  readonly title: string;
  readonly version: string;
  /** `''` when the contract's paths sit at the root. */
  readonly basePath: string;
  /** What the document holds that the specification does not define, ignored (one line each, for stderr). */
  readonly ignored: readonly string[];
}

/** The app and a view of the contract it serves now (start() names it when it listens). */
export async function buildMockApp(
  input?: MockOptions,
): Promise<{ app: Express; served: () => ServedContract; renderBare: Engine['renderBare'] }> {
  const options = normalizeOptions(input);
  const clock = makeClock(options.sunsetNow);
  const schemaValidator = new SchemaValidator();
  const first = await readContractFile(options.spec);

  // The starting state: checked once, and reloaded from this on reset.
  if (options.state !== undefined && rulesOf(first.contract) !== 'petstore') {
    throw new OptionsError(
      'a starting state (--state) needs the Petstore rules (x-mock-rules: petstore); this contract is served by the generic engine',
    );
  }
  const given = options.state === undefined ? undefined : validateState(options.state, first.contract, schemaValidator);
  const initial = (): StateSnapshot => given ?? seedState(options.seed, options.pets);
  // Only the store the contract's rules answer from is ever made (rules/index.ts).
  // Each store holds at most maxRecords records (--max-records): a create beyond them is a 507.
  const stores = new RuleStores(
    () => new Store(clock, options.maxRecords),
    initial,
    () => new GenericStore(options.maxRecords),
  );

  const dice = new SeededDice(options.seed);
  const deps: EngineDeps = { options, clock, stores, dice };
  let engine: Engine = await withinCap(buildEngine(first.contract, first.text, deps));

  if (options.watch) {
    watchContractFile(
      options.spec,
      async () => {
        try {
          const next = await readContractFile(options.spec);
          // A touch or a save of the same text changes nothing: no rebuild, no event.
          if (next.text === engine.text) return;
          engine = await buildEngine(next.contract, next.text, deps);
          options.onEvent({ type: 'contract-reloaded', path: options.spec });
        } catch (error) {
          // A broken contract keeps the old one serving.
          options.onEvent({
            type: 'contract-error',
            path: options.spec,
            error: error instanceof Error ? error : new Error(String(error)),
          });
        }
      },
      options.signal,
    );
  }

  const journal = new Journal(options.journalSize);
  const app = express();
  keepSentBodies(app.response);
  app.disable('x-powered-by');
  app.set('etag', false);
  // What every request goes through, as one middleware (series.ts): the Date, the journal, CORS.
  const common: RequestHandler[] = [];
  let lastSecond = Number.NaN;
  let lastDate = '';
  common.push((_req, res, next) => {
    // One clock for everything: with a pretended clock, Date agrees with the sunset decisions.
    // IMF-fixdate has whole seconds (RFC 9110 §5.6.7): written once per second of the clock.
    const now = clock();
    const second = Math.floor(now.getTime() / 1000);
    if (second !== lastSecond) [lastSecond, lastDate] = [second, formatHttpDate(now)];
    res.setHeader('Date', lastDate);
    next();
  });
  common.push(journal.middleware(clock));
  if (options.cors) {
    const grant = cors({ exposedHeaders: EXPOSED_HEADERS, maxAge: 600 });
    // Only a preflight (Fetch §3.2.2: OPTIONS with Access-Control-Request-Method) is the CORS layer's
    // to answer; any other OPTIONS goes on to the contract's routes (204 + Allow, RFC 9110 §9.3.7).
    const exposed = EXPOSED_HEADERS.join(',');
    common.push((req, res, next) => {
      if (req.method !== 'OPTIONS') {
        // What the CORS layer writes on an actual request with these options (cors 2.8 lib/index.js,
        // any origin, no credentials), without rebuilding its options on every request.
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Expose-Headers', exposed);
        next();
        return;
      }
      if (req.headers['access-control-request-method'] === undefined) {
        if (req.headers.origin !== undefined) res.setHeader('Access-Control-Allow-Origin', '*');
        next();
        return;
      }
      grant(req, res, next);
    });
  }
  // An API request (any path outside the control endpoints) goes from the common layer straight on
  // to the API's handlers (`api`, below), in the one router layer; a control path goes on through
  // the router to the '/__mock' mount, as Express mounts it (case-insensitive, `/__mock` or under it).
  common.push((req, res, next) => (CONTROL_PATH.test(req.path) ? next() : api(req, res, next)));
  app.use(series(common));
  app.use(
    '/__mock',
    controlGuard({ enabled: options.control, fromAnywhere: options.controlFromAnywhere }),
    adminRouter({
      journal,
      reset: () => {
        engine.rules.reset();
        dice.reset();
      },
      // The generic engine's records are exported as they are; importing a state is the Petstore rules' feature.
      exportState: () => engine.rules.exportState(),
      describeEngine: () => ({
        rules: engine.rules.name,
        basePath: engine.contract.basePath,
        stateful: engine.statefulOperations,
        stateless: engine.statelessOperations,
        notices: engine.notices,
        collections: engine.collections,
        store: (engine.rules.name === 'petstore' ? stores.petstore() : stores.generic()).usage(),
      }),
      importState: (state) => engine.rules.importState(state),
    }),
  );
  // After /__mock: the limit is for API clients, not for the harness that resets the state.
  const toApi: RequestHandler[] = [];
  if (options.rateLimit > 0) {
    const limiter = new RateLimiter(options.rateLimit);
    toApi.push(rateLimit(limiter, (status) => engine.errorContext.codeForStatus(status)));
  }
  const served = express.Router();
  served.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(engine.text);
  });
  served.get('/openapi.json', (_req, res) => {
    res.json(engine.contract.document);
  });
  // The interactive reference (Swagger UI), outside the validator: never part of the contract.
  served.use(
    '/docs',
    docsRouter(() => engine.contract),
  );
  // Only a path these routes could match (Express matches them case-insensitively, with or without
  // a trailing slash) goes through them first; the API's requests go straight to the pipeline, and so
  // does a path the contract itself names (Azure Search's `GET /docs`).
  toApi.push((req, res, next) => {
    if (!/^\/(openapi\.|docs)/i.test(req.path) || engine.documentsLiterally(req.method, req.path)) {
      engine.router(req, res, next);
      return;
    }
    served(req, res, (error?: unknown) => (error ? next(error) : engine.router(req, res, next)));
  });
  const api = series(toApi);
  // A control path the control endpoints do not answer goes on to the API's handlers, as every path did.
  app.use((req, res, next) => (CONTROL_PATH.test(req.path) ? api(req, res, next) : next()));
  app.use(errorHandler(() => engine.errorContext));
  const servedContract = (): ServedContract => ({
    title: engine.contract.document.info.title,
    version: engine.contract.document.info.version,
    basePath: engine.contract.basePath,
    ignored: engine.ignored,
  });
  return { app, served: servedContract, renderBare: (...args) => engine.renderBare(...args) };
}

/** The first engine, or a usage error when its starting state (seeded or given) is over the store's cap (`--max-records`). */
async function withinCap(building: Promise<Engine>): Promise<Engine> {
  try {
    return await building;
  } catch (error) {
    if (error instanceof StoreFullError)
      throw new OptionsError(`the starting state holds more records than maxRecords (${error.maxRecords})`);
    throw error;
  }
}
