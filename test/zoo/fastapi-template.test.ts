import { expect, it } from 'vitest';
import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

// Fidelity of the mock against the FastAPI full-stack template's shape; the differences and their
// reasons are in expected-differences.ts and known-gaps.ts.
describeZooService('fastapi-template', { differences: expectedDifferences('fastapi-template') }, (service) => {
  // What the fixture claims to be, checked on the service itself (the oracle must be what the issue describes).
  it('behaves as the template does: password login, 201 with Location, defaults filled, null stored, 422 detail[], 404 detail, upload, a deprecated read', async () => {
    const api = `${service().url}/api/v1`;
    const login = await fetch(`${api}/login/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin@example.com', password: 'zoo-password' }),
    });
    const token = (await login.json()) as { access_token: string; token_type: string };
    expect(token.token_type).toBe('bearer');
    const auth = { authorization: `Bearer ${token.access_token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const created = await fetch(`${api}/tasks/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'feed the zebras', description: 'at noon' }),
    });
    const task = (await created.json()) as Record<string, unknown>;
    expect([created.status, task['priority'], task['done'], task['status']]).toEqual([201, 1, false, 'todo']);
    expect(created.headers.get('location')).toBe(`${api}/tasks/${String(task['id'])}`);
    const mine = await fetch(`${api}/users/me/tasks`, { headers: auth });
    expect([mine.status, mine.headers.get('deprecation'), ((await mine.json()) as unknown[]).length]).toEqual([
      200,
      '@1767225600',
      1,
    ]);
    const patched = await fetch(`${api}/tasks/${String(task['id'])}`, {
      method: 'PATCH',
      headers: json,
      body: '{"description": null}',
    });
    expect(((await patched.json()) as Record<string, unknown>)['description']).toBeNull();
    const invalid = await fetch(`${api}/tasks/`, { method: 'POST', headers: json, body: '{"title": ""}' });
    expect([invalid.status, ((await invalid.json()) as { detail: Array<{ loc: unknown[] }> }).detail[0]?.loc]).toEqual([
      422,
      ['body', 'title'],
    ]);
    const missing = await fetch(`${api}/tasks/987654321`, { headers: auth });
    expect([missing.status, await missing.json()]).toEqual([404, { detail: 'Task not found' }]);
    const form = new FormData();
    form.append('file', new Blob(['zebra'], { type: 'text/plain' }), 'zebra.txt');
    const upload = await fetch(`${api}/tasks/${String(task['id'])}/attachment`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(await upload.json()).toMatchObject({ filename: 'zebra.txt', size: 5 });
    expect((await fetch(`${api}/users/me`)).status).toBe(401);
  });
});
