import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { measureLoadFactor, LOAD_FACTOR_ENV, scaled } from './test/load-scale.js';

/**
 * Most test files spend their time waiting on sockets, child processes and timers, not on the
 * CPU, so running more files at once than there are cores shortens the run (vitest's default is
 * cores − 1, i.e. one file at a time on a 2-core machine). Files are independent: every server
 * listens on port 0 and every store belongs to its own app. `VITEST_MAX_WORKERS` overrides.
 */
/**
 * Every time limit of the suite stretches with the machine's load (test/load-scale.ts): measured once
 * here and handed to the workers through the environment, so tests that pass their own limits
 * (`scaled(ms)`) use the same figure. At idle it is 1 and the limits are the ones written.
 */
const loadFactor = measureLoadFactor();
process.env[LOAD_FACTOR_ENV] = loadFactor.toFixed(2);

const workers = Number(process.env['VITEST_MAX_WORKERS'] ?? Math.min(8, Math.max(4, availableParallelism() * 2)));

/**
 * The longest files, longest first: CPU seconds of the file alone (user + system, its spawned
 * servers included: `/usr/bin/time -f "%U %S" env VITEST_MAX_WORKERS=1 npx vitest run FILE`, or
 * "in a whole-suite run": `npx vitest run --config vitest.cpu.config.ts`, children included, which
 * counts more than alone as the other files share the cores;
 * 2026-11-24 sessions 25 to 27) where measured, else its share of the summed file time of one `vitest run
 * --reporter=json` (2026-11-24). Without a cache of earlier runs (a fresh clone, as in CI) vitest
 * starts the largest files first, and these are among the smallest: the self-consistency and
 * Prism corpus files are a few lines each and minutes of CPU, so they started last (in the fresh
 * clone's run at session 25's start, Stripe's and Discord's files, 94 s and 99 s, ended the run).
 * Started early, they overlap the many files that mostly wait.
 */
const LONGEST_FIRST = [
  // The zoo's defect matrix: 17 runs, each on a fresh service instance, all served by one host process per
  // file: 27–72 s wall per file alone, 338 s for the six side by side on the shared machine (2026-11-27, a
  // process per instance then). CPU per file, own and children's (vitest.cpu.config.ts): 4.8–10.2 s, was 8.7–23 s.
  'test/zoo/matrix-nest-members.test.ts',
  'test/zoo/matrix-fastapi-template.test.ts',
  'test/zoo/matrix-fastapi-inventory.test.ts',
  'test/zoo/matrix-fastify-books.test.ts',
  'test/zoo/matrix-ezapi-orders.test.ts',
  'test/zoo/matrix-hono-projects.test.ts',
  'test/zoo/matrix-tsoa-devices.test.ts', // 6.7 s CPU (own 4.7, children 2.0), 35 s wall at load (2026-11-28)
  'test/conformance/corpus-discord.test.ts', // 31–36 s CPU in a whole-suite run, Prism 22–27 s of it (session 27; 97 s before Prism ran without its answer check)
  'test/conformance/holdout-prism-clerk.test.ts', // 17–18 s CPU in a whole-suite run (session 27; 43 s before Prism ran without its answer check)
  'test/self-consistency/holdout-stripe.test.ts', // 25.9 s CPU alone (52.8 s with the 4-shard equality test, moved to holdout-clerk, 2026-11-28); earlier: 87 s before the validators stopped carrying `paths`, less as validators shared component schemas, compiled each referenced schema once, and resets restored the kept seeded state (2026-11-27/28)
  'test/self-consistency/corpus-versions-large.test.ts', // 30 s CPU (49 s before); 38.1 → 37.1 s alone, main and the branch side by side at load ~6 (2026-11-28)
  'test/conformance/holdout-prism-pinterest.test.ts', // 28 s CPU in a whole-suite run (session 27)
  'test/self-consistency/holdout-pinterest.test.ts', // 25 s CPU (37 s before); alone, main and h-suite side by side: 29.9 → 29.1 s (load ~6), 26.6 → 26.5 s (load ~3): within the noise (2026-11-28)
  'test/mock/validation-equivalence.test.ts', // 23–25 s CPU (43 s before)
  'test/mock/corpus.test.ts', // 18 s CPU (31 s with a Prism process per document, before session 27)
  'test/self-consistency/holdout-clerk.test.ts', // 6.3 %, + about 9 s of CPU for the 4-shard equality test (issue 32)
  'test/conformance/corpus-twilio-api.test.ts', // 22 s CPU
  'test/self-consistency/holdout-medium.test.ts', // 19 s CPU; 23.5 → 23.8 s alone, main and h-suite side by side at load ~3 (2026-11-28)
  'test/conformance/corpus.test.ts', // 5.8 s CPU (session 27: its 7 documents on one Prism process)
  'test/readme/commands.test.ts', // 55 s wall in a whole-suite run: every command of the README and docs/ (2026-11-27)
  'test/traffic/har.test.ts', // 24 s wall in a whole-suite run: proxy, HAR, shards through the CLI (2026-11-27)
  'test/self-consistency/corpus-twilio-api.test.ts', // 5.2 %
  'test/conformance/broken.test.ts', // 13 s CPU (session 27)
  'test/hostile/cli.test.ts', // 13 s CPU (session 27)
  'test/self-consistency/corpus-small.test.ts', // 3.1 %
  'test/workflows/defects.test.ts', // 9.7 s CPU (session 27)
  'test/conformance/benign.test.ts', // 10 s CPU (session 27)
  'test/conformance/holdout-prism.test.ts', // 11 s CPU (Lob)
  'test/conformance/holdout-prism-openai.test.ts', // 8.5 s CPU
  'test/conformance/holdout-prism-miro.test.ts', // 7.9 s CPU
];

/**
 * Of LONGEST_FIRST, the files on the bundled contract or small documents: they run in the shared
 * workers too (below; these six took 70 s of CPU isolated, 57 s shared, measured as below). The others load a large document (or judge Prism on one) and keep a process
 * of their own.
 */
const LONG_ON_SMALL_DOCUMENTS = new Set([
  'test/conformance/corpus.test.ts',
  'test/conformance/broken.test.ts',
  'test/hostile/cli.test.ts',
  'test/self-consistency/corpus-small.test.ts',
  'test/workflows/defects.test.ts',
  'test/conformance/benign.test.ts',
  'test/readme/commands.test.ts',
  'test/traffic/har.test.ts',
  // Prism runs in a process of its own; the runner's side of these three is a document of 68–93 operations.
  'test/conformance/holdout-prism.test.ts',
  'test/conformance/holdout-prism-openai.test.ts',
  'test/conformance/holdout-prism-miro.test.ts',
  // Documents of middling size (Clerk, Twilio's API, the mock corpus): in one worker one after the
  // other, 68.7 s of CPU isolated and 60.2 s shared (`/usr/bin/time npx vitest run` of the four with one
  // worker, --isolate and not, side by side at load ~8, 30 passed each, 2026-11-28): the fresh import
  // each saves outweighs the caches it meets. Not so for the largest (Stripe, Discord + Docker,
  // Pinterest: 106.0 s isolated, 106.2 s shared, twice the memory), which keep a process each.
  'test/conformance/holdout-prism-clerk.test.ts',
  'test/mock/corpus.test.ts',
  'test/self-consistency/holdout-clerk.test.ts',
  'test/self-consistency/corpus-twilio-api.test.ts',
]);
const OWN_PROCESS = LONGEST_FIRST.filter((f) => !LONG_ON_SMALL_DOCUMENTS.has(f));

/**
 * The zoo's matrix files of OWN_PROCESS: long in wall time (27–72 s alone) but light on CPU (4.8–10.2 s,
 * their services waiting on requests), so they are started between the CPU-bound ones of OWN_PROCESS.
 */
const MOSTLY_WAITING = new Set(LONGEST_FIRST.filter((f) => f.startsWith('test/zoo/matrix-')));

/**
 * vitest's own order (failed, then longest by its cache, else largest), with LONGEST_FIRST at its
 * front. First the files of OWN_PROCESS, two CPU-bound ones (one per core), then one after every
 * mostly waiting one, so that the CPU-bound ones do not all share the 2 cores at once (in one measured
 * run under heavy load, four of them together pushed two past their 15-minute limit). Then the other
 * files, the shared-worker ones of LONGEST_FIRST spread over their front, one after every SPREAD
 * other files, so that none is left to the end.
 *
 * OWN_PROCESS first, and never between the others: a shared worker is kept for the next file only
 * when that file is a shared one too (vitest's pool: `isolate: false` and the queue's next task of
 * the same project), else it is stopped and the next shared file starts a fresh one, importing the
 * kit again. With OWN_PROCESS spread over the front, 14 shared workers were started in a whole-suite
 * run (the worker pids of `npx vitest run --config vitest.cpu.config.ts`, 2026-11-28) where 4 (one
 * per worker) suffice; a fresh one costs about 1 s of CPU (6 small files in one worker, shared and
 * isolated, side by side: 9.3 and 14.5 s of CPU, 99 passed each). The order changes no file's
 * tests; by the whole-suite logs' file times (ci-final, ci-final2) it ends no later.
 */
const SPREAD = 3;
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (f: TestSpecification): string => relative(f.project.config.root, f.moduleId).split('\\').join('/');
    const rank = (f: TestSpecification): number => LONGEST_FIRST.indexOf(path(f));
    const longest = sorted.filter((f) => rank(f) !== -1).sort((a, b) => rank(a) - rank(b));
    const others = sorted.filter((f) => rank(f) === -1);
    const own = longest.filter((f) => OWN_PROCESS.includes(path(f)));
    const waiting = own.filter((f) => MOSTLY_WAITING.has(path(f)));
    const bound = own.filter((f) => !MOSTLY_WAITING.has(path(f)));
    const out = bound.splice(0, 2);
    while (bound.length > 0 || waiting.length > 0) out.push(...waiting.splice(0, 1), ...bound.splice(0, 1));
    const shared = longest.filter((f) => !OWN_PROCESS.includes(path(f)));
    while (shared.length > 0) out.push(shared.shift()!, ...others.splice(0, SPREAD));
    return [...out, ...others];
  }
}

/**
 * Files that must not run beside any other: they start `npm start`, whose prestart
 * (scripts/build-if-stale.js) runs tsc into the shared dist/ when it finds the build due, and another
 * file can make it due for a moment: the README's `npm run build` (test/readme/commands.test.ts) writes
 * dist/.tsbuildinfo seconds before the bundles (5.6 s under load, watched with `build-if-stale.js
 * --check` every 3 s through a whole-suite run, 2026-11-28). Caught in that window, `npm start` rebuilt
 * dist/ under the running suite: background-stop took 28 and 37 s in two of three session-40 CI runs
 * (1.4 s in session 38's, 3.5 s in the third). They run first, alone (`sequence.groupOrder`), on the
 * build the gate has just made: about 3 s before the others start.
 */
const ALONE = ['test/mock/background-stop.test.ts'];

const include = ['test/**/*.test.ts', 'src/**/*.test.ts', 'conformance/**/*.test.ts'];
// The 60 s soak runs as its own script (`npm run test:soak`, vitest.soak.config.ts); CI runs both.
const exclude = ['test/soak/**', '**/node_modules/**'];

export default defineConfig({
  test: {
    maxWorkers: workers,
    /**
     * A 64 MB young generation per semi-space in the test workers (V8's default on 64-bit: at most
     * 16 MB): the self-consistency and corpus files allocate heavily (contracts, validators, many
     * exchanges), and with more room fewer short-lived objects are scavenged and promoted. A
     * GC-heavy file alternately with and without, three times (`/usr/bin/time env
     * VITEST_MAX_WORKERS=1 npx vitest run test/self-consistency/holdout-pinterest.test.ts`): 18.6–20.1 s
     * of user CPU against 18.9–22.0 s; the memory is there (4 workers on a 24 GB machine).
     */
    execArgv: ['--max-semi-space-size=64'],
    testTimeout: scaled(30_000, loadFactor),
    hookTimeout: scaled(60_000, loadFactor),
    sequence: { sequencer: LongestFirst },
    /**
     * Two groups. `shared`: every file but the longest runs in a worker that stays up from file to
     * file (`isolate: false`), so the kit, express, ajv and the rest are imported once per worker
     * instead of once per file; the files keep no state between them (the kit has no module-level
     * state but content-keyed caches, and the few tests that touch a global, such as a console spy,
     * restore it). The 131 files outside LONGEST_FIRST took 300 s of CPU isolated and 215 s shared
     * (the 94 smallest 93 → 28 s, the next 37 207 → 187 s: `/usr/bin/time -f "%U %S" env
     * VITEST_MAX_WORKERS=1 npx vitest run FILES` with and without `--isolate=false`, 2026-11-24
     * session 26, at load 10). `isolated` (OWN_PROCESS): the long files on a large document or on
     * Prism keep a fresh process each, so no worker carries a 4 MB contract's caches into the next
     * file; a fresh import is about 1 % of their time.
     */
    projects: [
      { extends: true, test: { name: 'alone', include: ALONE, exclude, isolate: true, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: 'shared',
          include,
          exclude: [...exclude, ...OWN_PROCESS, ...ALONE],
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: OWN_PROCESS, exclude, isolate: true, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
