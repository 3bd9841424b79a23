import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { CONTRACT, expectError, type App } from '../mock/helpers.js';

const KEY = { 'X-API-Key': 'dev-key' };
/** A concrete path for an operation: every template parameter set to 1. */
const concrete = (path: string): string => path.replace(/\{[^}]+\}/g, '1');
const withBody = CONTRACT.operations.filter((op) => op.requestBody !== undefined);

/** Words that mean a message was built from a missing value. */
const LEAKED = /\bundefined\b|\bnull\b|\bNaN\b|\[object /;

type Send = (app: App, method: string, path: string) => request.Test;
const agent = (app: App, method: string, path: string): request.Test => request(app)[method as 'post'](path).set(KEY);

const variants: readonly { readonly name: string; readonly status: number; readonly send: Send }[] = [
  { name: 'no body, no Content-Type', status: 415, send: (app, m, p) => agent(app, m, p) },
  {
    name: 'a body without Content-Type',
    status: 415,
    send: (app, m, p) => agent(app, m, p).set('Content-Length', '2').send(Buffer.from('{}')).unset('Content-Type'),
  },
  {
    name: 'a Content-Type without a media type',
    status: 415,
    send: (app, m, p) => agent(app, m, p).set('Content-Type', ';charset=utf-8').send('{}'),
  },
  {
    name: 'text/plain',
    status: 415,
    send: (app, m, p) => agent(app, m, p).set('Content-Type', 'text/plain').send('{}'),
  },
  {
    name: 'an empty JSON body',
    status: 400,
    send: (app, m, p) => agent(app, m, p).set('Content-Type', 'application/json').send(''),
  },
  {
    name: 'truncated JSON',
    status: 400,
    send: (app, m, p) => agent(app, m, p).set('Content-Type', 'application/json').send('{"name":'),
  },
  {
    name: 'a JSON number',
    status: 400,
    send: (app, m, p) => agent(app, m, p).set('Content-Type', 'application/json').send('5'),
  },
];

// Issue 13, item 8: a 415 without Content-Type read "(unsupported media type undefined)".
describe('error messages never print a missing value', () => {
  let app: App;
  beforeAll(async () => {
    app = await createMockApp();
  });

  for (const { name, status, send } of variants) {
    it.each(withBody.map((op) => ({ id: op.id, method: op.method, path: concrete(op.path) })))(
      `${name} → ${status}: $id`,
      async ({ method, path }) => {
        const res = await send(app, method, path);
        expectError(res, status, status === 415 ? 'unsupported_media_type' : 'validation_failed');
        expect(res.body.message).not.toMatch(LEAKED);
        for (const detail of res.body.details ?? []) expect(`${detail.location} ${detail.message}`).not.toMatch(LEAKED);
        if (status === 415) expect(res.body.message).toContain('application/json');
      },
    );
  }

  it('the 415 without Content-Type says what is missing', async () => {
    const res = await agent(app, 'post', '/pets')
      .set('Content-Length', '2')
      .send(Buffer.from('{}'))
      .unset('Content-Type');
    expect(res.body.message).toMatch(/no Content-Type/);
  });
});
