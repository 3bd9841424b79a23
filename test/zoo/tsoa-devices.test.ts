import { expect, it } from 'vitest';
import { expectedDifferences } from './expected-differences.js';
import { describeZooService } from './zoo-suite.js';

// Fidelity of the mock against the tsoa service (docs/zoo-node.md lists where it departs from its own
// document). The served document is the one `tsoa spec` wrote in this build (build.mjs), so the drift
// check regenerates it from the controllers. One instance for the file: tsoa's own behaviour below.
describeZooService('tsoa-devices', { differences: expectedDifferences('tsoa-devices') }, (service) => {
  const send = async (method: string, path: string, body?: unknown, key = 'zoo-tsoa-key') => {
    const response = await fetch(`${service().url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };

  it('behaves as written: API key on writes, 201 with a UUID, read back, filtered page, 204 delete', async () => {
    const valid = { name: 'Boiler room sensor', kind: 'sensor', location: null, tags: ['heating'] };
    expect((await send('POST', '/devices', valid, '')).status).toBe(401);
    const made = await send('POST', '/devices', valid);
    const device = made.body as { id: string; status: string; intervalSeconds: number };
    expect([made.status, device.status, device.intervalSeconds, /^[0-9a-f-]{36}$/.test(device.id)]).toEqual([
      201,
      'active',
      300,
      true,
    ]);
    expect(made.body).toMatchObject(valid);
    expect(await send('GET', `/devices/${device.id}`)).toEqual({ status: 200, body: made.body });
    const page = await send('GET', '/devices?kind=sensor&limit=1');
    expect(page.body).toMatchObject({ total: 1, limit: 1, offset: 0, items: [{ id: device.id }] });
    expect(await send('DELETE', `/devices/${device.id}`)).toEqual({ status: 204, body: undefined });
    expect(await send('GET', `/devices/${device.id}`)).toEqual({ status: 404, body: { message: 'Device not found' } });
  });

  it("answers an invalid body with ValidateError's fields, as the tsoa docs' error handler does", async () => {
    expect(await send('POST', '/devices', { name: '', kind: 'phone', extra: 1 })).toEqual({
      status: 422,
      body: {
        message: 'Validation Failed',
        details: {
          'requestBody.name': { message: 'minLength 1', value: '' },
          'requestBody.kind': {
            message: "should be one of the following; ['sensor','gateway','camera']",
            value: 'phone',
          },
          'requestBody.extra': {
            message: '"extra" is an excess property and therefore is not allowed',
            value: 'extra',
          },
        },
      },
    });
  });
});
