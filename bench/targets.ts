import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startPrism as startPrismServer } from '../fixtures/servers/prism.js';
import { packageRoot } from '../src/contract/index.js';

/** A server under test, run as its own process so that the load generator never shares its CPU time slice. */
export interface RunningTarget {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** Milliseconds from spawn to the first successful answer. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Peak resident set size of a process in MB (VmHWM, Linux), undefined elsewhere. */
export const peakRssMb = (pid: number): number | undefined => procStatusMb(pid, 'VmHWM');

/** Current resident set size of a process in MB (VmRSS, Linux), undefined elsewhere. */
export const rssMb = (pid: number): number | undefined => procStatusMb(pid, 'VmRSS');

async function firstAnswer(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
}

/** Spawns `node args…`, waits for a line matching `ready` on stdout (which yields the URL), then for a first answer at `probe`. */
export async function startProcess(
  name: string,
  args: readonly string[],
  ready: (line: string) => string | undefined,
  probe: string,
  timeoutMs = 60_000,
): Promise<RunningTarget> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${name} did not start in ${timeoutMs} ms: ${stderr}`)), timeoutMs);
    lines.on('line', (line) => {
      const found = ready(line);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${stderr}`)));
  });
  child.stdout?.resume();
  await firstAnswer(`${url}${probe}`, Date.now() + timeoutMs);
  const startupMs = performance.now() - started;
  return { name, url, pid: child.pid ?? 0, startupMs, stop: stopper(child) };
}

export const distPath = (...parts: string[]): string => join(packageRoot, 'dist', ...parts);

export async function startOurs(extraArgs: readonly string[] = []): Promise<RunningTarget> {
  return startProcess(
    'ours',
    [join(packageRoot, 'bin', 'petstore-mock.js'), '--port', '0', ...extraArgs],
    (line) => /^Petstore mock listening on (http:\/\/\S+)$/.exec(line)?.[1],
    '/pets?limit=1',
  );
}

export async function startPrism(): Promise<RunningTarget> {
  const started = performance.now();
  const prism = await startPrismServer({ mode: 'mock' });
  await firstAnswer(`${prism.url}/pets?limit=1`, Date.now() + 60_000);
  return { name: 'prism', url: prism.url, pid: prism.pid, startupMs: performance.now() - started, stop: prism.close };
}

export async function startFixed(kind: 'http' | 'express' | 'validated', bodiesFile: string): Promise<RunningTarget> {
  return startProcess(
    kind === 'http' ? 'node:http' : kind === 'express' ? 'express' : 'express+EOV',
    [distPath('bench', 'servers', 'fixed-body.js'), kind, bodiesFile],
    (line) => {
      const port = /^listening (\d+)$/.exec(line)?.[1];
      return port ? `http://127.0.0.1:${port}` : undefined;
    },
    '/pets',
  );
}
