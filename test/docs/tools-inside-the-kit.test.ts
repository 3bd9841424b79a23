import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packageRoot } from '../../src/contract/index.js';
import { scaled } from '../load-scale.js';

const run = promisify(execFile);

// A user's document breaks house rules the kit holds its own contract to (a server URL with a
// trailing slash, no security, no summaries): a tool run inside the kit must still work on it.
const USERS_DOCUMENT = `openapi: 3.0.3
info: { title: Tasks, version: "1.0" }
servers: [ { url: "http://127.0.0.1:8000/" } ]
paths:
  /tasks:
    get:
      responses:
        "200":
          description: ok
          content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Task" } } } }
components:
  schemas:
    Task: { type: object, required: [id], properties: { id: { type: integer }, title: { type: string } } }
`;

describe("the kit's own configuration does not get in the way of tools run inside it", () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tools-inside-'));
    await writeFile(join(dir, 'tasks.yaml'), USERS_DOCUMENT);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'npx openapi-typescript, run in the kit, types a document with a trailing-slash server',
    async () => {
      const cli = join(packageRoot, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      const out = join(dir, 'tasks.ts');
      await run(process.execPath, [cli, join(dir, 'tasks.yaml'), '-o', out], { cwd: packageRoot });
      expect(await readFile(out, 'utf8')).toMatch(/"\/tasks": \{/);
    },
    scaled(60_000),
  );

  it(
    'npx @redocly/cli lint, run in the kit, judges a document as it does outside it, and passes the bundled contract',
    async () => {
      const cli = join(packageRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      // Telemetry off, as the kit's own lint config has it: a test never phones home.
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const lint = async (file: string, cwd: string): Promise<{ code: number; problems: string[] }> => {
        const ran = await run(process.execPath, [cli, 'lint', file, '--format', 'json'], { cwd, env }).then(
          (r) => ({ code: 0, stdout: r.stdout }),
          (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
        );
        const report = JSON.parse(ran.stdout.slice(ran.stdout.indexOf('{'))) as {
          problems: { ruleId: string; severity: string; location: { pointer: string }[] }[];
        };
        return {
          code: ran.code,
          problems: report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}`).sort(),
        };
      };
      const users = join(dir, 'tasks.yaml');
      const [inside, outside, bundled] = await Promise.all([
        lint(users, packageRoot),
        lint(users, dir),
        lint('openapi/petstore.yaml', packageRoot),
      ]);
      // The user's document breaks Redocly's own defaults (a trailing slash is an error there): the
      // kit adds nothing and takes nothing away.
      expect(outside.problems).toContain('error no-server-trailing-slash #/servers/0/url');
      expect(inside).toEqual(outside);
      expect(bundled.code).toBe(0);
    },
    scaled(60_000),
  );

  it("no Redocly configuration in the kit's root: the strict one is named for npm run lint only, and keeps telemetry off", async () => {
    for (const name of ['redocly.yaml', '.redocly.yaml', 'redocly.yml', '.redocly.yml'])
      expect(existsSync(join(packageRoot, name)), name).toBe(false);
    const pkg = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['lint']).toMatch(/--config lint\.redocly\.yaml/);
    const config = parse(await readFile(join(packageRoot, 'lint.redocly.yaml'), 'utf8')) as {
      extends: string[];
      telemetry: string;
    };
    expect(config.extends).toEqual(['recommended']);
    expect(config.telemetry).toBe('off');
  });
});
