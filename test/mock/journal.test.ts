import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { BODY_CAP } from '../../src/mock/controls/endpoints/journal.js';
import { JSON_HEADERS, ROOT } from './helpers.js';

interface Entry {
  readonly id: number;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly requestBody?: string;
  readonly responseBody?: string;
  readonly error?: string;
}

// Issue 21, item 12: what a failing frontend test needs from the journal, and an index of /__mock.
describe('/__mock: the request journal and the index', () => {
  it('?limit=N lists the newest N, oldest first; a bad limit is a 400 saying why', async () => {
    const app = await createMockApp({ pets: 3 });
    for (const path of ['/pets/1', '/pets/2', '/pets/3', '/categories']) await request(app).get(path);
    const all = (await request(app).get('/__mock/requests').expect(200)).body as Entry[];
    expect(all.map((e) => e.url)).toEqual(['/pets/1', '/pets/2', '/pets/3', '/categories']);
    const last = (await request(app).get('/__mock/requests?limit=2').expect(200)).body as Entry[];
    expect(last.map((e) => e.url)).toEqual(['/pets/3', '/categories']);
    expect(((await request(app).get('/__mock/requests?limit=10').expect(200)).body as Entry[]).length).toBe(4);
    for (const bad of ['0', '-1', 'two', '1.5']) {
      const res = await request(app).get(`/__mock/requests?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/limit must be a positive integer/);
    }
  });

  it('each entry carries the request and answer bodies, and the error message of a 4xx', async () => {
    const app = await createMockApp({ pets: 3 });
    await request(app).post('/categories').set(JSON_HEADERS).send({ name: 'Birds' }).expect(201);
    await request(app).post('/pets').set(JSON_HEADERS).send({ name: 'Rex', categoryId: 999 });
    await request(app).get('/pets/424242');
    const [created, refused, missing] = (await request(app).get('/__mock/requests').expect(200)).body as Entry[];
    expect(JSON.parse(created!.requestBody!)).toEqual({ name: 'Birds' });
    expect(JSON.parse(created!.responseBody!)).toMatchObject({ name: 'Birds' });
    expect(created!.error).toBeUndefined();
    expect(refused!.status).toBe(422);
    expect(JSON.parse(refused!.requestBody!)).toEqual({ name: 'Rex', categoryId: 999 });
    expect(refused!.error).toBe(JSON.parse(refused!.responseBody!).message);
    expect(refused!.error).toMatch(/999/);
    expect(missing!.status).toBe(404);
    expect(missing!.requestBody).toBeUndefined();
    expect(missing!.error).toMatch(/424242/);
  });

  it('a large answer is cut, so the journal stays bounded', async () => {
    const app = await createMockApp({ pets: 200 });
    await request(app).get('/pets?limit=100').expect(200);
    const [entry] = (await request(app).get('/__mock/requests').expect(200)).body as Entry[];
    expect(entry!.responseBody!.length).toBeLessThan(BODY_CAP + 40);
    expect(entry!.responseBody).toMatch(/… \(\d+ characters\)$/);
  });

  it('a cut body keeps every UTF-16 code unit up to the cap, even half of a surrogate pair', async () => {
    // The cut is copied off the body (so the journal does not keep the whole body alive); the copy
    // must not turn a split pair into U+FFFD as a UTF-8 round trip would.
    const app = await createMockApp();
    const prefix = '{"name":"Rex","categoryId":1,"notes":"';
    const body = { name: 'Rex', categoryId: 1, notes: `${'x'.repeat(BODY_CAP - 1 - prefix.length)}${'😀'.repeat(50)}` };
    const text = JSON.stringify(body);
    expect(text.startsWith(prefix)).toBe(true);
    expect(text.charCodeAt(BODY_CAP - 1)).toBe(0xd83d); // the cap falls inside a pair
    await request(app).post('/pets').set(JSON_HEADERS).send(body);
    const [entry] = (await request(app).get('/__mock/requests').expect(200)).body as Entry[];
    expect(entry!.requestBody).toBe(`${text.slice(0, BODY_CAP)}… (${text.length} characters)`);
  });

  it('GET /__mock is an index of every control endpoint, and --help names each', async () => {
    const app = await createMockApp();
    const res = await request(app).get('/__mock').expect(200);
    const paths = (res.body.endpoints as { method: string; path: string }[]).map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /__mock/reset',
        'GET /__mock/state',
        'PUT /__mock/state',
        'GET /__mock/engine',
        'GET /__mock/requests',
        'DELETE /__mock/requests',
      ]),
    );
    for (const path of paths) {
      const [method, url] = path.split(' ') as [string, string];
      if (method === 'GET') expect((await request(app).get(url)).status, path).toBe(200);
    }
    const help = (await promisify(execFile)(process.execPath, [join(ROOT, 'bin', 'petstore-mock.js'), '--help']))
      .stdout;
    for (const path of new Set(paths.map((p) => p.split(' ')[1]!))) expect(help, path).toContain(path);
  });
});
