/**
 * `npm run sweep -- [--sample N] [--seed S] [--half odd|even] [--jobs J] [--examples E] [--timeout SECONDS] [--only ID,…|@FILE] [--out DIR] [--markdown FILE]`:
 * the kit over APIs.guru's directory (issue 29 item 3). Per document: does the mock start and how
 * fast, do its plain GETs answer without 5xx, how many failing results the runner (every credential)
 * gives against the mock. Each document runs in a worker thread, terminated after `--timeout`
 * seconds, so one that hangs or crashes is an outcome, not the end of the sweep. Writes the table as
 * JSON and markdown and prints the summary line. The directory is installed on demand (bench/sweep/directory.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../src/contract/index.js';
import {
  DIRECTORY_PACKAGE,
  DIRECTORY_VERSION,
  ensureDirectory,
  halfOfDirectory,
  listDirectory,
  sampleDirectory,
  type DirectoryEntry,
  type DirectoryHalf,
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
    half: { type: 'string' },
    jobs: { type: 'string', default: '1' },
    heap: { type: 'string', default: '3072' },
    directory: { type: 'string' },
    cache: { type: 'string', default: join(packageRoot, '.directory') },
    out: { type: 'string', default: join(packageRoot, 'bench', 'results') },
    markdown: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(
    'npm run sweep -- [--sample N] [--seed S=1] [--half odd|even] [--jobs J=1] [--heap MB=3072] [--examples E=1] [--timeout SECONDS=120] [--only ID,…|@FILE] [--directory DIR] [--out DIR] [--markdown FILE]\n',
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

const isHalf = (text: string): text is DirectoryHalf => text === 'odd' || text === 'even';
const root = values.directory ?? ensureDirectory(values.cache, log);
const all = listDirectory(root);
if (values.half !== undefined && !isHalf(values.half)) {
  process.stderr.write(`--half must be odd or even, got "${values.half}"\n`);
  process.exit(2);
}
let chosen: DirectoryEntry[] = values.half === undefined ? all : halfOfDirectory(all, values.half);
if (values.only !== undefined) {
  // `--only @FILE`: the ids one per line (a holdout's list, kept in the repository, is one command).
  let listed = values.only.split(',');
  if (values.only.startsWith('@')) {
    try {
      listed = readFileSync(values.only.slice(1), 'utf8').split(/\r?\n/);
    } catch (error) {
      process.stderr.write(`--only ${values.only}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    }
  }
  const ids = new Set(listed.map((id) => id.trim()).filter((id) => id !== '' && !id.startsWith('#')));
  chosen = chosen.filter((e) => ids.has(e.id));
  const missing = [...ids].filter((id) => !chosen.some((e) => e.id === id));
  if (missing.length > 0)
    log(
      `--only: ${missing.length} id(s) not in ${values.half === undefined ? 'the directory' : `the ${values.half} half`}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`,
    );
} else if (values.sample !== undefined) chosen = sampleDirectory(chosen, int('sample', values.sample), seed);
const jobs = Math.max(1, int('jobs', values.jobs));
// Each worker's old-generation heap: the largest documents (Microsoft Graph's 20 MB, 11,422 operations)
// run a worker out of 3 GB while judged; jobs × heap must stay inside the machine's memory.
const heapMb = Math.max(256, int('heap', values.heap));

const workerFile = new URL('./sweep/worker.js', import.meta.url);
const fresh = (): Worker => new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });

/** One standing worker per job; a timeout or a dead worker is the document's outcome, and that worker is replaced. */
class Lane {
  private worker: Worker | undefined;

  sweepOne(entry: DirectoryEntry): Promise<DocumentOutcome> {
    const w = (this.worker ??= fresh());
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
          this.worker = undefined;
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

  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}

const began = Date.now();
// Outcomes keep the directory's order whatever order the lanes finish in.
const outcomes: DocumentOutcome[] = new Array<DocumentOutcome>(chosen.length);
let next = 0;
let finished = 0;
const lanes = Array.from({ length: Math.min(jobs, chosen.length) }, () => new Lane());
await Promise.all(
  lanes.map(async (lane) => {
    for (let i = next++; i < chosen.length; i = next++) {
      const entry = chosen[i] as DirectoryEntry;
      const outcome = await lane.sweepOne(entry);
      outcomes[i] = outcome;
      finished += 1;
      log(
        `[${finished}/${chosen.length}] ${entry.id}: ${outcome.stage}${outcome.stage === 'ok' ? ` start ${outcome.mockStartMs} ms, 5xx ${outcome.plainGets5xx}/${outcome.plainGets}, document faults ${outcome.plainGetsDocumentFaults}, failed ${outcome.failed}/${outcome.judged}` : ` ${outcome.reason ?? ''}`}`,
      );
    }
    await lane.close();
  }),
);

const summary = summarise(outcomes);
const line = summaryLine(summary);
const half = values.half !== undefined ? `--half ${values.half} ` : '';
const selection =
  values.only !== undefined
    ? `${half}--only ${values.only}`
    : values.sample !== undefined
      ? `${half}--sample ${values.sample} --seed ${seed}`
      : half.trimEnd();
// The whole directory has no selection flag: the command starts with its other options.
const command = `npm run sweep --${selection === '' ? '' : ` ${selection}`}${jobs > 1 ? ` --jobs ${jobs}` : ''} --examples ${options.examples} --timeout ${timeoutMs / 1000}${values.directory !== undefined ? ` --directory ${values.directory}` : ''}`;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, ${Math.round((Date.now() - began) / 1000)} s`;
mkdirSync(values.out, { recursive: true });
const stem = join(
  values.out,
  `sweep-${values.only !== undefined ? 'only' : values.sample !== undefined ? `n${values.sample}-s${seed}` : 'all'}${values.half !== undefined ? `-${values.half}` : ''}`,
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
