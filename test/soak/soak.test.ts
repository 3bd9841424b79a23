import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, ROOT } from '../mock/helpers.js';

// A bounded soak: the mock in its own process on a loopback port 0, sustained mixed load
// (~80 % reads, ~20 % writes that create and delete, so the population stays steady), RSS sampled
// from /proc. Stops by itself after SOAK_SECONDS (default 60).

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 60);
const WARM_UP_SECONDS = Math.min(10, SECONDS / 4);
const WORKERS = 16;
const SAMPLE_MS = 3_000;
/**
 * Flat means: the floor of the resident set (the lowest sample of the last third of the run, i.e.
 * after a garbage collection) is at most this much above the floor of the first third after
 * warm-up. V8's sawtooth between collections is not growth; a leak raises the floor.
 */
const RSS_BOUND_MB = 50;
/** And no sample may ever be this far above the post-warm-up floor. */
const RSS_PEAK_BOUND_MB = 150;

const WRITE = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]);
}

describe(`soak: ${SECONDS} s of mixed load against the mock in its own process`, () => {
  let child: ChildProcessWithoutNullStreams;
  let url: string;

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'src', 'cli', 'mock.js')), 'build first: npx tsc -p tsconfig.build.json').toBe(
      true,
    );
    child = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'petstore-mock.js'), '--port', '0', '--host', '127.0.0.1', '--pets', '200'],
      { cwd: ROOT, stdio: 'pipe' },
    );
    child.stderr.resume();
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the mock exited ${code}`)));
    });
    url = /listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)![1]!;
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it(
    `no errors, RSS flat within ${RSS_BOUND_MB} MB after warm-up`,
    async () => {
      const pid = child.pid!;
      const counts = { requests: 0, reads: 0, writes: 0, unexpected: 0, serverErrors: 0, connectionErrors: 0 };
      const unexpected: string[] = [];
      const started = Date.now();
      const deadline = started + SECONDS * 1000;
      const samples: { t: number; kb: number }[] = [{ t: 0, kb: rssKb(pid) }];
      const sampler = setInterval(() => samples.push({ t: (Date.now() - started) / 1000, kb: rssKb(pid) }), SAMPLE_MS);

      const call = async (
        method: string,
        path: string,
        expected: number,
        body?: unknown,
      ): Promise<Response | undefined> => {
        counts.requests++;
        try {
          const res = await fetch(`${url}${path}`, {
            method,
            headers: body === undefined && method === 'GET' ? {} : WRITE,
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (res.status >= 500) counts.serverErrors++;
          if (res.status !== expected) {
            counts.unexpected++;
            if (unexpected.length < 10)
              unexpected.push(`${method} ${path} → ${res.status} ${(await res.clone().text()).slice(0, 200)}`);
          }
          return res;
        } catch (error) {
          counts.connectionErrors++;
          if (unexpected.length < 10) unexpected.push(`${method} ${path} → ${String(error)}`);
          return undefined;
        }
      };

      const worker = async (w: number): Promise<void> => {
        let i = 0;
        while (Date.now() < deadline) {
          i++;
          if (i % 5 === 0) {
            // One write cycle (5 writes) per 20 reads: a pet is created, stocked, ordered, the order cancelled, the pet deleted.
            counts.writes += 5;
            const created = await call('POST', '/pets', 201, { name: `Soak ${w}-${i}`, categoryId: 1 + (i % 6) });
            const pet = created ? ((await created.json()) as { id: number }) : undefined;
            if (!pet) continue;
            await (await call('PUT', `/store/inventory/${pet.id}`, 200, { quantity: 3 }))?.arrayBuffer();
            const placed = await call('POST', '/store/orders', 201, { petId: pet.id, quantity: 2 });
            const order = placed ? ((await placed.json()) as { id: number }) : undefined;
            if (order) await (await call('DELETE', `/store/orders/${order.id}`, 204))?.arrayBuffer();
            await (await call('DELETE', `/pets/${pet.id}`, 204))?.arrayBuffer();
          } else {
            counts.reads += 4;
            const reads = [
              `/pets?limit=20&offset=${(i * 7) % 180}`,
              `/pets/${1 + (i % 200)}`,
              `/store/inventory?status=available&limit=50`,
              `/categories`,
            ];
            for (const path of reads) await (await call('GET', path, 200))?.arrayBuffer();
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      clearInterval(sampler);
      samples.push({ t: (Date.now() - started) / 1000, kb: rssKb(pid) });

      const afterWarmUp = samples.filter((s) => s.t >= WARM_UP_SECONDS);
      const third = Math.max(1, Math.floor(afterWarmUp.length / 3));
      const base = Math.min(...afterWarmUp.slice(0, third).map((s) => s.kb));
      const floorAtEnd = Math.min(...afterWarmUp.slice(-third).map((s) => s.kb));
      const peak = Math.max(...afterWarmUp.map((s) => s.kb));
      const end = samples[samples.length - 1]!.kb;
      const figures = {
        seconds: Math.round((Date.now() - started) / 1000),
        ...counts,
        perSecond: Math.round(counts.requests / SECONDS),
        rssStartMb: +(samples[0]!.kb / 1024).toFixed(1),
        rssFloorAfterWarmUpMb: +(base / 1024).toFixed(1),
        rssFloorAtEndMb: +(floorAtEnd / 1024).toFixed(1),
        rssPeakMb: +(peak / 1024).toFixed(1),
        rssEndMb: +(end / 1024).toFixed(1),
        rssMb: samples.map((s) => Math.round(s.kb / 1024)),
      };
      console.info(`soak figures: ${JSON.stringify(figures)}`);

      expect(unexpected, unexpected.join('\n')).toEqual([]);
      expect(counts.serverErrors).toBe(0);
      expect(counts.connectionErrors).toBe(0);
      expect(counts.requests).toBeGreaterThan(SECONDS * 50);
      expect((floorAtEnd - base) / 1024, `the RSS floor rose from ${base} kB to ${floorAtEnd} kB`).toBeLessThan(
        RSS_BOUND_MB,
      );
      expect((peak - base) / 1024, `RSS peaked at ${peak} kB over a floor of ${base} kB`).toBeLessThan(
        RSS_PEAK_BOUND_MB,
      );
      // The population is steady: the store holds what it started with.
      expect((await fetch(`${url}/pets?limit=1`)).headers.get('x-total-count')).toBe('200');
      expect(child.exitCode).toBeNull();
    },
    (SECONDS + 60) * 1000,
  );
});
