/**
 * `npm run sweep -- [--sample N] [--seed S] [--examples E] [--timeout SECONDS] [--only ID,…] [--out DIR] [--markdown FILE]`:
 * the kit over APIs.guru's directory (issue 29 item 3). Per document: does the mock start and how
 * fast, do its plain GETs answer without 5xx, how many failing results the runner (every credential)
 * gives against the mock. Each document runs in a worker thread, terminated after `--timeout`
 * seconds, so one that hangs or crashes is an outcome, not the end of the sweep. Writes the table as
 * JSON and markdown and prints the summary line. The directory is installed on demand (bench/sweep/directory.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../src/contract/index.js';
import {
  DIRECTORY_PACKAGE,
  DIRECTORY_VERSION,
  ensureDirectory,
  listDirectory,
  sampleDirectory,
  type DirectoryEntry,
} from './sweep/directory.js';
import { SWEEP_DEFAULTS, unjudged, type DocumentOutcome, type SweepOptions } from './sweep/document.js';
import { markdownTable, summarise, summaryLine } from './sweep/table.js';
import type { SweepJob } from './sweep/worker.js';

const { values } = parseArgs({
  options: {
    sample: { type: 'string' },
    seed: { type: 'string', default: '1' },
    examples: { type: 'string', default: String(SWEEP_DEFAULTS.examples) },
    timeout: { type: 'string', default: '120' },
    only: { type: 'string' },
    directory: { type: 'string' },
    cache: { type: 'string', default: join(packageRoot, '.directory') },
    out: { type: 'string', default: join(packageRoot, 'bench', 'results') },
    markdown: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(
    'npm run sweep -- [--sample N] [--seed S=1] [--examples E=1] [--timeout SECONDS=120] [--only ID,…] [--directory DIR] [--out DIR] [--markdown FILE]\n',
  );
  process.exit(0);
}
const int = (name: string, text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`--${name} must be a non-negative integer, got "${text}"\n`);
    process.exit(2);
  }
  return n;
};
const seed = int('seed', values.seed);
const options: SweepOptions = { ...SWEEP_DEFAULTS, examples: Math.max(1, int('examples', values.examples)) };
const timeoutMs = int('timeout', values.timeout) * 1000;
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const root = values.directory ?? ensureDirectory(values.cache, log);
const all = listDirectory(root);
let chosen: DirectoryEntry[] = all;
if (values.only !== undefined) {
  const ids = new Set(values.only.split(','));
  chosen = all.filter((e) => ids.has(e.id));
} else if (values.sample !== undefined) chosen = sampleDirectory(all, int('sample', values.sample), seed);

const workerFile = new URL('./sweep/worker.js', import.meta.url);
let worker: Worker | undefined;
const fresh = (): Worker => new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: 3072 } });

/** One document on the standing worker; a timeout or a dead worker is the document's outcome, and the worker is replaced. */
function sweepOne(entry: DirectoryEntry): Promise<DocumentOutcome> {
  const w = (worker ??= fresh());
  let mockStartMs: number | undefined;
  const lost = (stage: 'timeout' | 'worker-crashed', reason: string): DocumentOutcome => ({
    ...unjudged(entry.id),
    stage,
    reason,
    mockStartMs,
  });
  return new Promise((resolve) => {
    const done = (outcome: DocumentOutcome, replace: boolean): void => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      if (replace) {
        worker = undefined;
        void w.terminate();
      }
      resolve(outcome);
    };
    const onMessage = (message: DocumentOutcome | { readonly started: number }): void => {
      if ('started' in message) mockStartMs = message.started;
      else done(message, false);
    };
    const onError = (error: Error): void => done(lost('worker-crashed', error.message.split('\n')[0] ?? ''), true);
    const onExit = (code: number): void => done(lost('worker-crashed', `the worker exited with code ${code}`), true);
    const timer = setTimeout(() => done(lost('timeout', `not done after ${timeoutMs / 1000} s`), true), timeoutMs);
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    const job: SweepJob = { id: entry.id, file: entry.file, options };
    w.postMessage(job);
  });
}

const began = Date.now();
const outcomes: DocumentOutcome[] = [];
for (const [i, entry] of chosen.entries()) {
  const outcome = await sweepOne(entry);
  outcomes.push(outcome);
  log(
    `[${i + 1}/${chosen.length}] ${entry.id}: ${outcome.stage}${outcome.stage === 'ok' ? ` start ${outcome.mockStartMs} ms, 5xx ${outcome.plainGets5xx}/${outcome.plainGets}, failed ${outcome.failed}/${outcome.judged}` : ` ${outcome.reason ?? ''}`}`,
  );
}
await worker?.terminate();

const summary = summarise(outcomes);
const line = summaryLine(summary);
const selection =
  values.only !== undefined
    ? `--only ${values.only}`
    : values.sample !== undefined
      ? `--sample ${values.sample} --seed ${seed}`
      : '(whole directory)';
const command = `npm run sweep -- ${selection} --examples ${options.examples} --timeout ${timeoutMs / 1000}${values.directory !== undefined ? ` --directory ${values.directory}` : ''}`;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, ${Math.round((Date.now() - began) / 1000)} s`;
mkdirSync(values.out, { recursive: true });
const stem = join(
  values.out,
  `sweep-${values.only !== undefined ? 'only' : values.sample !== undefined ? `n${values.sample}-s${seed}` : 'all'}`,
);
writeFileSync(
  `${stem}.json`,
  `${JSON.stringify({ command, machine, directory: `${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}`, summary, outcomes }, null, 2)}\n`,
);
const markdown = [
  `Command: \`${command}\` (${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION})`,
  '',
  `Machine: ${machine}`,
  '',
  `**${line}**`,
  '',
  markdownTable(outcomes),
  '',
].join('\n');
writeFileSync(`${stem}.md`, markdown);
if (values.markdown !== undefined) writeFileSync(values.markdown, markdown);
process.stdout.write(`${line}\nwritten: ${stem}.json, ${stem}.md\n`);
