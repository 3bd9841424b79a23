import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../mock/helpers.js';
import { OFFLINE_NPM, packKit, ROOT, sh, TARBALL, writeConsumer } from './consumer.js';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Readonly<Record<string, unknown>>;
}

/** The README's "Gate your server in CI" workflow, parsed. */
async function readmeWorkflow(): Promise<readonly Step[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Gate your server in CI'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('the README has no CI workflow');
  const workflow = parse(block) as { jobs: Record<string, { steps: Step[] }> };
  const job = Object.values(workflow.jobs)[0];
  if (!job) throw new Error('the workflow has no job');
  return job.steps;
}

// Issue 13, item 2: every command of the README's CI example, run for real in a consumer project
// whose server under test is the mock (installed from the kit's tarball, on a free port).
describe("the README's CI recipe runs as written", () => {
  let dir = '';
  let serverGroup: number | undefined;
  afterAll(async () => {
    if (serverGroup !== undefined) {
      try {
        process.kill(-serverGroup, 'SIGTERM'); // the background server of the start step, by its process group
      } catch {
        // already gone
      }
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('installs the kit, starts and waits for the server, gates it, and leaves the reports to upload', async () => {
    const steps = await readmeWorkflow();
    const port = await freePort();
    dir = await mkdtemp(join(tmpdir(), 'ci-recipe-'));
    await mkdir(join(dir, 'vendor'));
    await copyFile(await packKit(dir), join(dir, 'vendor', TARBALL));
    // "your server": here the mock from the kit, on the port the workflow names (substituted).
    await writeConsumer(dir, { 'start:my-server': `petstore-mock --port ${port}` });

    const substitute = (command: string): string => command.replaceAll('8080', String(port)).replaceAll('${{ secrets.PETSTORE_API_KEY }}', 'dev-key');
    const ran: string[] = [];
    for (const step of steps) {
      if (step.uses !== undefined) {
        // The actions: checkout (this directory is the checkout), setup-node (this Node), upload-artifact (checked below).
        expect(step.uses).toMatch(/^actions\/(checkout|setup-node|upload-artifact)@v\d+$/);
        continue;
      }
      const command = substitute(step.run ?? '');
      expect(command).not.toMatch(/\$\{\{/); // every expression is one the test knows how to stand in for
      if (/&\s*(#.*)?$/m.test(command)) {
        // A step that leaves a process in the background: its own process group, stopped after the test.
        const child = spawn('bash', ['-ec', command], { cwd: dir, env: { ...process.env, ...OFFLINE_NPM }, detached: true, stdio: 'ignore' });
        serverGroup = child.pid;
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        expect(code, `step "${step.name ?? command}"`).toBe(0);
      } else {
        const result = await sh(command, dir, OFFLINE_NPM);
        expect(result.code, `step "${step.name ?? command}" failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
      }
      ran.push(step.name ?? command);
    }
    expect(ran.length).toBeGreaterThanOrEqual(3);

    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    const pattern = String(upload?.with?.['path'] ?? '');
    expect(pattern).toBe('conformance.*');
    const reports = (await readdir(dir)).filter((f) => f.startsWith('conformance.')).sort();
    expect(reports).toEqual(['conformance.html', 'conformance.xml']);
    expect(await readFile(join(dir, 'conformance.xml'), 'utf8')).toMatch(/<testsuites?[\s>]/);
    expect(await readFile(join(dir, 'conformance.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  }, 600_000);
});
