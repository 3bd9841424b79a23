import express, { type RequestHandler, type Router } from 'express';
import { HttpError } from '../../errors.js';
import { verifyUtf8 } from '../../input-guards.js';
import type { Journal } from './journal.js';

/** A state to import is JSON; anything else would be read as no body at all. */
const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json'))
    throw new HttpError(415, 'unsupported_media_type', 'A state to import must be application/json.');
  next();
};

export interface AdminDeps {
  readonly journal: Journal;
  /** Back to the starting point: the seeded (or `--state`) store, and the seeded dice. */
  reset(): void;
  /** The whole state, as JSON. */
  exportState(): unknown;
  /** Checks and loads a state; throws an HttpError (400 when it is bad). */
  importState(input: unknown): void;
  /** Which rules serve the contract and which operations answer from the state. */
  describeEngine(): unknown;
}

/** What `GET /__mock` lists: every control endpoint, as `--help` and the README name them. */
export const CONTROL_ENDPOINTS: readonly {
  readonly method: string;
  readonly path: string;
  readonly description: string;
}[] = [
  { method: 'GET', path: '/__mock', description: 'this index' },
  { method: 'POST', path: '/__mock/reset', description: 'back to the starting state (seeded or --state)' },
  { method: 'GET', path: '/__mock/state', description: 'export the whole state as JSON' },
  { method: 'PUT', path: '/__mock/state', description: 'import a state (application/json; checked, 400 if bad)' },
  {
    method: 'GET',
    path: '/__mock/engine',
    description: 'which rules serve the contract, its base path, the stateful operations',
  },
  {
    method: 'GET',
    path: '/__mock/requests',
    description: 'the recent requests, oldest first, with bodies and error messages; ?limit=N for the newest N',
  },
  { method: 'DELETE', path: '/__mock/requests', description: 'forget the recorded requests' },
];

/**
 * The control endpoints under `/__mock`. They are not part of the contract, so they are mounted
 * before the validator and never reach it.
 */
export function adminRouter(deps: AdminDeps): Router {
  const router = express.Router();
  router.post('/reset', (_req, res) => {
    deps.reset();
    res.status(204).end();
  });
  router.get('/state', (_req, res) => {
    res.json(deps.exportState());
  });
  // A whole state may be large (100,000 pets is a few MB): its own, larger limit.
  router.put('/state', requireJson, express.json({ limit: '256mb', verify: verifyUtf8 }), (req, res) => {
    deps.importState(req.body);
    res.status(204).end();
  });
  router.get('/engine', (_req, res) => {
    res.json(deps.describeEngine());
  });
  router.get('/requests', (req, res) => {
    const raw = req.query['limit'];
    let limit: number | undefined;
    if (raw !== undefined) {
      if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1) {
        throw new HttpError(
          400,
          'validation_failed',
          `limit must be a positive integer (the newest entries to list), got ${JSON.stringify(raw)}.`,
        );
      }
      limit = Number(raw);
    }
    res.json(deps.journal.list(limit));
  });
  router.get('/', (_req, res) => {
    res.json({ endpoints: CONTROL_ENDPOINTS });
  });
  router.delete('/requests', (_req, res) => {
    deps.journal.clear();
    res.status(204).end();
  });
  return router;
}
