import { describe, expect, it } from 'vitest';
import { ready, run, spawnMock } from '../mock/cli-helpers.js';

// The safe-default flags of petstore-mock, spawned as a user would (bin imports dist/: build first).

describe('petstore-mock safe-default flags', () => {
  it('--help lists them and the limits', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const text of ['--rate-limit', '--no-control', '--control-from-anywhere', '64 KiB', '16 KiB'])
      expect(help.stdout).toContain(text);
  });

  it.each([
    [['--rate-limit', '0'], /--rate-limit/],
    [['--rate-limit', 'ten'], /--rate-limit/],
    [['--rate-limit', '-5'], /--rate-limit/],
    [['--no-control', '--control-from-anywhere'], /contradict/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('--no-control --rate-limit 2: /__mock answers 404, the API is limited to 2 a second', async () => {
    const child = spawnMock(['--port', '0', '--pets', '2', '--no-control', '--rate-limit', '2']);
    try {
      const line = await ready(child);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)![1]!;
      const control = await fetch(`${url}/__mock/state`);
      expect(control.status).toBe(404);
      expect(await control.json()).toMatchObject({ code: 'not_found', status: 404 });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${url}/pets`)).status);
      expect(statuses.slice(0, 2)).toEqual([200, 200]);
      expect(statuses).toContain(429);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
