import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { loadContract } from '../../src/contract/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const KEY = 'dev-key';
export const JSON_HEADERS = { 'X-API-Key': KEY, 'Content-Type': 'application/json' } as const;

export function fixture<T>(relative: string): T {
  return JSON.parse(readFileSync(join(ROOT, 'fixtures', relative), 'utf8')) as T;
}

const contract = await loadContract();
/** The catalogue of the contract: code → status. */
export const CATALOGUE: ReadonlyMap<string, number | undefined> = contract.errorCatalogue;
export const CONTRACT = contract;

/** Every 4xx/5xx must be the contract's Error: JSON, a catalogue code, status equal to the HTTP status. */
export function expectError(res: Response, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toMatchObject({ code, status });
  expect(typeof res.body.message).toBe('string');
  expect(CATALOGUE.get(code)).toBe(status);
  expect(JSON.stringify(res.body)).not.toMatch(/node_modules|\.ts:\d|\.js:\d|at \w+ \(/);
}

export type App = Express;

export { freePort } from '../../fixtures/servers/prism.js';
