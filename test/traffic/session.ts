import { scaled } from '../load-scale.js'; /**
 * A client's session, as a team's end-to-end tests would drive the Petstore: reads, a create, a few
 * mistakes of its own (an invalid body, a missing key) and reads of things that do not exist. Sent
 * through whatever `base` is (the conformance proxy, in these tests).
 */
export async function petstoreSession(base: string, timeoutMs = scaled(10_000)): Promise<number> {
  const key = { 'x-api-key': 'dev-key' };
  const json = { ...key, 'content-type': 'application/json', accept: 'application/json' };
  let sent = 0;
  const send = async (path: string, init: RequestInit = {}): Promise<Response | undefined> => {
    sent++;
    // A server that hangs or drops the connection is the proxy's to record; the client gives up.
    try {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...(init.headers ?? {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.arrayBuffer();
      return res;
    } catch {
      return undefined;
    }
  };
  await send('/pets?limit=3');
  await send('/pets/1');
  await send('/pets/999999');
  const created = await send('/categories', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Traffic' }),
  });
  const category = { id: Number(/\/categories\/(\d+)/.exec(created?.headers.get('location') ?? '')?.[1] ?? 1) };
  await send('/categories');
  await send(`/categories/${category.id ?? 1}`);
  await send('/categories/999999');
  await send('/categories', { method: 'POST', headers: json, body: JSON.stringify({}) });
  await send('/pets', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Rex', categoryId: category.id ?? 1, status: 'available' }),
  });
  await send('/pets', { method: 'POST', headers: json, body: JSON.stringify({ name: 5 }) });
  await send('/pets', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Keyless', categoryId: 1 }),
  });
  await send('/store/orders', { headers: key });
  await send('/store/orders/999999', { headers: key });
  await send('/store/inventory', { headers: key });
  return sent;
}
