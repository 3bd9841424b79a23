import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { loadArazzo, runWorkflows } from '../../conformance/workflows/index.js';
import { petstoreContract } from '../conformance/helpers.js';
import { BUNDLED_ARAZZO } from './helpers.js';
import { scaled } from '../load-scale.js';

const run = promisify(execFile);
const REDOCLY = join(packageRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/** `redocly respect FILE` against the mock: --server overrides the source description's server, --input gives the key. */
async function respect(file: string, url: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [REDOCLY, 'respect', file, '--server', `petstore=${url}`, '--input', 'apiKey=dev-key'],
      {
        cwd: packageRoot,
        env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: scaled(120_000),
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: (e.stdout ?? '') + (e.stderr ?? '') };
  }
}

describe('a second opinion: Redocly Respect on the same workflows', () => {
  let mock: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    mock = await start({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('passes every bundled workflow against our mock', { timeout: scaled(150_000) }, async () => {
    const doc = await loadArazzo(BUNDLED_ARAZZO);
    const { code, output } = await respect(BUNDLED_ARAZZO, mock.url);
    expect(output).toMatch(new RegExp(`Workflows: ${doc.workflows.length} passed, ${doc.workflows.length} total`));
    expect(code).toBe(0);
  });

  it('disagrees with our runner on a regex over a JSON object; ours reads the JSON text, Respect "[object Object]"', {
    timeout: scaled(150_000),
  }, async () => {
    // Arazzo 1.0.1 §4.6.20 applies a regex to the context's value without saying how a non-string is
    // read. Respect tests String(value): every object reads "[object Object]", so such a criterion can
    // never look at the body at all: that is the wrong reading. This runner tests the JSON text.
    const file = join(packageRoot, 'fixtures', 'workflows', 'regex-on-body.arazzo.yaml');
    const theirs = await respect(file, mock.url);
    expect(theirs.code).not.toBe(0);
    expect(theirs.output).toMatch(/Workflows: 1 failed, 1 total/);
    const ours = await runWorkflows({
      documents: [await loadArazzo(file)],
      contract: await petstoreContract(),
      target: mock.url,
      credentials: { apiKey: 'dev-key' },
      timeoutMs: scaled(5000),
      maxResponseBytes: 1 << 20,
    });
    expect(ours.map((r) => r.status)).toEqual(['passed']);
  });
});
