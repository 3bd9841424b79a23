import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../mock/helpers.js';
import { OFFLINE_NPM, packKit, ROOT, sh, TARBALL, writeConsumer } from './consumer.js';
import { scaled } from '../load-scale.js';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Readonly<Record<string, unknown>>;
}

/** The first YAML block under `heading` in docs/ci.md (or another page of docs/). */
async function recipe(heading: string, file = 'ci.md'): Promise<string> {
  const page = await readFile(join(ROOT, 'docs', file), 'utf8');
  const at = page.indexOf(`\n${heading}\n`);
  const block = at < 0 ? undefined : /```yaml\n([\s\S]*?)```/.exec(page.slice(at))?.[1];
  if (block === undefined) throw new Error(`docs/${file} has no YAML under ${heading}`);
  return block;
}

/** Runs a CI job's shell lines in `dir`, in one process group (a server it leaves in the background included), then stops that group. */
async function runJob(script: string, dir: string, env: Readonly<Record<string, string>> = {}): Promise<number | null> {
  const child = spawn('bash', ['-ec', script], {
    cwd: dir,
    env: { ...process.env, ...OFFLINE_NPM, ...env },
    detached: true,
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  // The job's server goes with its job (a fresh one per job, as on a CI runner), and frees its port.
  try {
    process.kill(-child.pid!, 'SIGTERM');
    for (let i = 0; i < 100; i++) {
      process.kill(-child.pid!, 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch {
    // the group is gone
  }
  return code;
}

/** docs/ci.md's GitHub Actions workflow, parsed. */
async function readmeWorkflow(): Promise<readonly Step[]> {
  const workflow = parse(await recipe('## GitHub Actions')) as { jobs: Record<string, { steps: Step[] }> };
  const job = Object.values(workflow.jobs)[0];
  if (!job) throw new Error('the workflow has no job');
  return job.steps;
}

// Every command of docs/ci.md's CI recipes, run for real in a consumer project whose server under
// test is the mock (installed from the kit's tarball, on a free port).
describe("docs/ci.md's CI recipes run as written", () => {
  let dir = '';
  let serverGroup: number | undefined;
  let port = 0;
  const stopServer = async (): Promise<void> => {
    if (serverGroup === undefined) return;
    const group = serverGroup;
    serverGroup = undefined;
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      return; // already gone
    }
    // The port is free once the group is gone.
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(-group, 0);
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  afterAll(async () => {
    await stopServer(); // the background server of the start step, by its process group
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'installs the kit, starts and waits for the server, gates it, and leaves the reports to upload',
    async () => {
      const steps = await readmeWorkflow();
      port = await freePort();
      dir = await mkdtemp(join(tmpdir(), 'ci-recipe-'));
      await mkdir(join(dir, 'vendor'));
      await copyFile(await packKit(dir), join(dir, 'vendor', TARBALL));
      // "your server": here the mock from the kit, on the port the workflow names (substituted).
      await writeConsumer(dir, { 'start:my-server': `petstore-mock --port ${port}` });

      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression of the recipe, not a template.
      const secret = '${{ secrets.PETSTORE_API_KEY }}';
      const substitute = (command: string): string =>
        command.replaceAll('8080', String(port)).replaceAll(secret, 'dev-key');
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
          const child = spawn('bash', ['-ec', command], {
            cwd: dir,
            env: { ...process.env, ...OFFLINE_NPM },
            detached: true,
            stdio: 'ignore',
          });
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
    },
    scaled(600_000),
  );
  it(
    'GitLab CI: the job script runs in the same project, and its artifacts are the reports',
    async () => {
      expect(dir, 'the GitHub Actions recipe set up the consumer project').not.toBe('');
      await stopServer();
      for (const report of (await readdir(dir)).filter((f) => f.startsWith('conformance.')))
        await rm(join(dir, report));
      const job = Object.values(
        parse(await recipe('## GitLab CI')) as Record<
          string,
          {
            image?: string;
            script: string[];
            artifacts: { when?: string; paths: string[]; reports?: { junit?: string } };
          }
        >,
      )[0]!;
      expect(job.image).toMatch(/^node:\d+$/);
      // GitLab runs the script lines in one shell, stopping at the first that fails.
      const script = job.script.map((line) => line.replaceAll('8080', String(port))).join('\n');
      const child = spawn('bash', ['-ec', script], {
        cwd: dir,
        env: { ...process.env, ...OFFLINE_NPM, PETSTORE_API_KEY: 'dev-key' },
        detached: true,
        stdio: 'ignore',
      });
      serverGroup = child.pid;
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(job.artifacts.when).toBe('always');
      expect(job.artifacts.reports?.junit).toBe('conformance.xml');
      expect([...job.artifacts.paths].sort()).toEqual(['conformance.html', 'conformance.xml']);
      expect(await readFile(join(dir, 'conformance.xml'), 'utf8')).toMatch(/<testsuites?[\s>]/);
      expect(await readFile(join(dir, 'conformance.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    },
    scaled(300_000),
  );
  it(
    "docs/traffic.md's shard matrices: every job of GitHub Actions' and GitLab's matrix, then the verdict's merge",
    async () => {
      expect(dir, 'the GitHub Actions recipe set up the consumer project').not.toBe('');
      await stopServer();
      await mkdir(join(dir, 'openapi'), { recursive: true });
      await copyFile(join(ROOT, 'openapi', 'petstore.yaml'), join(dir, 'openapi', 'api.yaml')); // "your contract"
      const shardPort = String(await freePort());
      const clean = async (): Promise<void> => {
        for (const f of (await readdir(dir)).filter((f) => /^shard-\d+\.json$|^conformance\./.test(f)))
          await rm(join(dir, f));
      };

      // GitHub Actions: the matrix job once per shard (its steps, with `matrix.shard`), then the verdict job.
      const workflow = parse(await recipe('### GitHub Actions', 'traffic.md')) as {
        jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; steps: Step[] }>;
      };
      const [matrixJob, verdictJob] = Object.values(workflow.jobs);
      const shards = matrixJob!.strategy!.matrix.shard;
      expect(shards).toEqual([1, 2, 3, 4]);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression of the recipe, not a template.
      const matrix = '${{ matrix.shard }}';
      const lines = (steps: readonly Step[], shard?: number): string =>
        steps
          // `npm ci` installs on a fresh runner; here the project is installed already, from the same lockfile.
          .filter((step) => step.run !== undefined && step.run.trim() !== 'npm ci')
          .map((step) => step.run!.replaceAll(matrix, String(shard)).replaceAll('4010', shardPort))
          .join('\n');
      await clean();
      for (const shard of shards) {
        const script = lines(matrixJob!.steps, shard);
        expect(script).not.toMatch(/\$\{\{/);
        expect(await runJob(script, dir), `GitHub Actions shard ${shard}`).toBe(0);
        const upload = matrixJob!.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'));
        expect(String(upload?.with?.['path']).replaceAll(matrix, String(shard))).toBe(`shard-${shard}.json`);
      }
      expect(await runJob(lines(verdictJob!.steps), dir), 'GitHub Actions verdict').toBe(0);
      expect(await readFile(join(dir, 'conformance.xml'), 'utf8')).toMatch(/<testsuites?[\s>]/);

      // GitLab CI: `parallel: 4` runs the script with CI_NODE_INDEX 1..4, then the verdict job merges.
      const gitlab = parse(await recipe('### GitLab CI', 'traffic.md')) as Record<
        string,
        { parallel?: number; script: string[]; artifacts: { paths?: string[]; reports?: { junit?: string } } }
      >;
      const [shardJob, verdict] = Object.values(gitlab);
      expect(shardJob!.parallel).toBe(4);
      await clean();
      for (let index = 1; index <= shardJob!.parallel!; index++) {
        const script = shardJob!.script
          .filter((line) => line.trim() !== 'npm ci')
          .map((line) => line.replaceAll('4010', shardPort))
          .join('\n');
        const env = { CI_NODE_INDEX: String(index), CI_NODE_TOTAL: String(shardJob!.parallel) };
        expect(await runJob(script, dir, env), `GitLab shard ${index}`).toBe(0);
      }
      expect(shardJob!.artifacts.paths).toEqual(['shard-*.json']);
      const merge = verdict!.script.filter((line) => line.trim() !== 'npm ci').join('\n');
      expect(await runJob(merge, dir), 'GitLab verdict').toBe(0);
      expect(verdict!.artifacts.reports?.junit).toBe('conformance.xml');
      expect(await readFile(join(dir, 'conformance.xml'), 'utf8')).toMatch(/<testsuites?[\s>]/);
    },
    scaled(600_000),
  );
});
