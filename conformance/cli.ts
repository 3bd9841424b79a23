import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  bundledContractPath,
  ContractError,
  loadContract,
  namingTheContract,
  nearest,
  packageRoot,
  parseSeed,
  joinDashValues,
  usageMessage,
  type Contract,
} from '../src/contract/index.js';
import { CHECKS, PROBES } from './registry/index.js';
import { contractInfo, nothingJudgedReason, runFailureReport, withNotices, type RunBasics } from './diagnostics.js';
import { looksLikeProtocolMismatch, schemeMismatch } from './http/scheme.js';
import { isReporterName, progressPrinter, REPORTERS } from './report/formats/index.js';
import { checkOutputs, OutputPathError, writeReports, type ReportDestination } from './report/formats/outputs.js';
import { runComposed } from './composed-run.js';
import { DEFAULTS, SelectionError, TargetUnreachableError } from './runner.js';
import type { RunReport } from './types.js';
import { verdictOf } from './report/verdict.js';
import { workflowKnown } from './workflows/hook.js';
import { ArazzoError } from './workflows/document.js';
import { workflowCheckNames } from './workflows/index.js';
import { loadWorkflows } from './workflows/load.js';
import { harMain, mergeMain, proxyMain } from './traffic/cli.js';
import {
  emptyShareNotice,
  idleShardNotice,
  ownedResults,
  parseShard,
  shardReport,
  shardRuns,
  shardSelection,
  wholeOrder,
} from './shard/shard.js';
import { DEFAULT_MAX_RETRY_AFTER_S } from './http/rate-limit.js';
import { DEFAULT_RETRY } from './session.js';
import { obtainToken, readUserInputs, UserInputError, withLoginInputs, type UserInputs } from './user-inputs.js';

/** Help lines are wrapped to this width: words are moved to the next line, never cut. */
const HELP_WIDTH = 100;
const HELP_INDENT = 29;

/** `first` then the words of `text`, on lines of at most `width` columns, the next ones after `indent` spaces. */
export function wrapWords(first: string, text: string, indent: number, width: number = HELP_WIDTH): string {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (empty) line += word;
    else if (line.length + 1 + word.length > width) {
      lines.push(line);
      line = `${' '.repeat(indent)}${word}`;
    } else line += ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.join('\n');
}

/** `text` without its parenthesised asides, nested ones included. */
function withoutAsides(text: string): string {
  let out = text;
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(/\s*\([^()]*\)/g, '');
  }
  return out;
}

/**
 * One entry of --help: the name, the description's first sentence and, when that one does not
 * say it, the sentence that says when it fails; asides left out, wrapped, never cut. Sentences
 * end at a full stop before a capital, so `§15.5.14` and `…` stay whole.
 */
export function helpLine(check: { readonly name: string; readonly description: string }): string {
  const sentences = check.description.split(/(?<=\.)\s+(?=[A-Z`])/).map((s) => s.replace(/\.$/, ''));
  const first = sentences[0] ?? '';
  const fails = /\bfails\b/i.test(first) ? undefined : sentences.slice(1).find((s) => /\bfails\b/i.test(s));
  const text =
    withoutAsides(first) + (fails ? `: ${withoutAsides(fails).replace(/^[A-Z]/, (c) => c.toLowerCase())}` : '');
  return wrapWords(`  ${check.name.padEnd(26)} `, text, HELP_INDENT);
}

const HELP = `petstore-conformance: check a running server against its API contract
(Swagger 2.0, OpenAPI 3.0, 3.1 or 3.2; by default the bundled Petstore contract)

Usage: petstore-conformance --target URL [options]
       petstore-conformance --spec DOC --har FILE [options]    judge a recorded HAR 1.2 session
       petstore-conformance proxy --spec DOC --upstream URL   a validating proxy (proxy --help)
       petstore-conformance merge REPORT.json…                join the JSON reports of shards

  --target URL            base address of the server to check (required)
  --spec PATH             the contract: Swagger 2.0, OpenAPI 3.0.x, 3.1.x or 3.2.x, YAML or JSON
                          (default: the bundled Petstore contract, openapi/petstore.yaml)
  --api-key KEY           key for operations with security requirements (default: none;
                          then the checks that need it are skipped, never failed)
  --bearer TOKEN          token for http bearer, oauth2 and openIdConnect schemes
  --basic USER:PASS       credentials for http basic schemes
  --auth SCHEME=VALUE     credential for the named scheme of components/securitySchemes
                          (repeatable; wins over the flags above). Whichever flag gives a
                          credential, the checks, the generic rules and the workflows use it
  --base-path PATH        path before every contract path (default: the path of the
                          contract's first servers entry, unless --target already ends with it)
  --header 'Name: value'  extra header on every request (repeatable; removed, like every
                          credential, from the "without credentials" probes)
  --checks a,b            run only these checks
  --skip-checks a,b       do not run these checks
  --operations id1,id2    only these operations (operationIds)
  --reporter NAME[=FILE]  pretty | json | junit | html (repeatable; default pretty)
  --output FILE           where reporters without =FILE write (default: stdout)
  --timeout MS            per request, connect to last byte (default ${DEFAULTS.timeoutMs})
  --inputs FILE           YAML/JSON { operationId: { path, query, header, body } }: values for the
                          valid requests of those operations (logins, codes, secrets)
  --oauth2 USER:PASS      obtain a token through the contract's OAuth2 password flow (a relative
                          tokenUrl against --target) and use it as the bearer token; refused: exit 2
  --oauth2-client ID:SECRET  the same through its client-credentials flow
  --max-retry-after S     longest Retry-After waited out on a 429/503 (default ${DEFAULT_MAX_RETRY_AFTER_S});
                          a longer one is skipped, naming the wait
  --seed N                seed of the generated inputs, 0..4294967295 (default ${DEFAULTS.seed})
  --examples N            generated cases per operation (default ${DEFAULTS.examples})
  --strict                failures in x-stability operations count (otherwise warnings),
                          and a run that exercised fewer than all operations fails
  --workflows FILE        Arazzo 1.0.x workflows to run after the checks (repeatable; default: the
                          bundled petstore.arazzo.yaml for the bundled contract, else a
                          *.arazzo.yaml beside the contract); each is a result workflow:<workflowId>
  --no-workflows          run no workflows
  --shard K/N             run a deterministic share of the operations (and the workflows that
                          start in them), one of N; join the JSON reports with merge
  --har FILE              judge a recorded HAR 1.2 session instead of sending (no --target needed;
                          --target URL adds an address whose entries count as the contract's)
  --help, --version

Exit codes: 0 conformant, 1 at least one failure, 2 usage error, target unreachable (or
speaking another protocol than the URL says), nothing judged, or credentials refused (every
secured operation answered 401/403 to them), 3 internal error. Once the
run has started, the report files are written whatever the outcome.
The valid key never appears in reports: reproduce commands read $CONFORMANCE_API_KEY.

Checks (one result per operation × check):
${CHECKS.map(helpLine).join('\n')}

Rules (derived from the contract's declarations; they send their own probes):
${PROBES.map(helpLine).join('\n')}

Workflows: one result workflow:<workflowId> per Arazzo workflow (--workflows).
`;

class UsageError extends Error {}

const list = (value: string | undefined): string[] | undefined =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return Number(value);
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

const OPTIONS = {
  target: { type: 'string' },
  spec: { type: 'string' },
  'api-key': { type: 'string' },
  bearer: { type: 'string' },
  basic: { type: 'string' },
  auth: { type: 'string', multiple: true },
  'base-path': { type: 'string' },
  header: { type: 'string', multiple: true },
  checks: { type: 'string' },
  'skip-checks': { type: 'string' },
  operations: { type: 'string' },
  reporter: { type: 'string', multiple: true },
  output: { type: 'string' },
  timeout: { type: 'string' },
  'max-retry-after': { type: 'string' },
  inputs: { type: 'string' },
  oauth2: { type: 'string' },
  'oauth2-client': { type: 'string' },
  seed: { type: 'string' },
  examples: { type: 'string' },
  strict: { type: 'boolean' },
  workflows: { type: 'string', multiple: true },
  'no-workflows': { type: 'boolean' },
  shard: { type: 'string' },
  har: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** `--target 127.0.0.1:4010` (no scheme): the URL meant, to suggest; undefined when it is not that. */
function schemeless(target: string): string | undefined {
  return /^(\[[0-9a-f:.]+\]|[\w.-]+):\d{1,5}(\/.*)?$/i.test(target) ? `http://${target}` : undefined;
}

/** Parses argv, runs, writes the reports; returns the exit code. Only this module prints. */
export async function main(argv: readonly string[]): Promise<number> {
  // The traffic commands (PRODUCT.md §6) have their own flags: conformance/traffic/cli.ts.
  if (argv[0] === 'proxy') return proxyMain(argv.slice(1));
  if (argv[0] === 'merge') return mergeMain(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({
      args: joinDashValues(argv, new Set(['seed', 'timeout', 'examples'])), // `--seed -1` gets the flag's own message
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    });
  } catch (error) {
    process.stderr.write(`petstore-conformance: ${usageMessage(error, Object.keys(OPTIONS))}\nTry --help.\n`);
    return 2;
  }
  const v = parsed.values;
  if (v.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (v.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (v.har !== undefined) {
    return harMain({
      har: v.har,
      spec: v.spec,
      targets: v.target ? [v.target] : [],
      reporters: v.reporter,
      output: v.output,
      checks: list(v.checks),
      skipChecks: list(v['skip-checks']),
      strict: v.strict ?? false,
    });
  }
  const reporters: ReportDestination[] = [];
  let basics: RunBasics | undefined;
  const fail = async (code: 2 | 3, message: string, report: RunReport | undefined): Promise<2 | 3> => {
    process.stderr.write(`petstore-conformance: ${message}\n`);
    // CI uploads the report files whatever happened: write them with the reason as one failed result.
    const failed = report ? runFailureReport(report, message) : basics ? runFailureReport(basics, message) : undefined;
    if (failed) {
      try {
        await writeReports(reporters, failed, {
          stdout: (t) => void process.stdout.write(t),
          colour: false,
          filesOnly: true,
        });
      } catch (error) {
        process.stderr.write(`petstore-conformance: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    return code;
  };
  try {
    if (!v.target) throw new UsageError('--target URL is required');
    let target: URL;
    const meant = schemeless(v.target);
    try {
      target = new URL(v.target);
    } catch {
      throw new UsageError(
        `--target is not a URL: "${v.target}"${meant === undefined ? '' : `; did you mean ${meant}?`}`,
      );
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new UsageError(
        `--target must be http:// or https://, got "${v.target}"${meant === undefined ? '' : `; did you mean ${meant}?`}`,
      );
    }
    const headers: Record<string, string> = {};
    for (const h of v.header ?? []) {
      const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(h);
      if (!m?.[1]) throw new UsageError(`--header must look like 'Name: value', got "${h}"`);
      headers[m[1]] = m[2] ?? '';
    }
    for (const spec of v.reporter ?? ['pretty']) {
      const [name, ...rest] = spec.split('=');
      if (!name || !isReporterName(name))
        throw new UsageError(`unknown reporter "${name ?? ''}" (known: ${REPORTERS.join(', ')})`);
      const file = rest.length > 0 ? rest.join('=') : v.output;
      if (rest.length > 0 && !file) throw new UsageError(`--reporter ${name}= needs a file name`);
      reporters.push({ name, file, flag: rest.length > 0 ? `--reporter ${spec}` : `--output ${file ?? ''}` });
    }
    const destinations = reporters.map((r) => r.file ?? '-');
    if (new Set(destinations).size !== destinations.length)
      throw new UsageError('two reporters write to the same place: give each its own =FILE');
    const auth: Record<string, string> = {};
    for (const a of v.auth ?? []) {
      const m = /^([^=]+)=(.*)$/s.exec(a);
      if (!m?.[1] || m[2] === undefined) throw new UsageError(`--auth must look like SCHEME=VALUE, got "${a}"`);
      auth[m[1]] = m[2];
    }
    if (v.basic !== undefined && !v.basic.includes(':'))
      throw new UsageError('--basic must look like USER:PASS (RFC 7617)');
    const checks = list(v.checks);
    const skipChecks = list(v['skip-checks']);
    const timeoutMs = integer('timeout', v.timeout, DEFAULTS.timeoutMs, 1);
    const maxRetryAfterMs = integer('max-retry-after', v['max-retry-after'], DEFAULT_MAX_RETRY_AFTER_S, 0) * 1000;
    const parsedSeed = v.seed === undefined ? undefined : parseSeed(v.seed); // the one seed range of both CLIs
    if (parsedSeed && !parsedSeed.ok) throw new UsageError(parsedSeed.message);
    const seed = parsedSeed?.seed ?? DEFAULTS.seed;
    const examples = integer('examples', v.examples, DEFAULTS.examples, 1);
    await checkOutputs(reporters);
    let contract;
    try {
      contract = await loadContract(v.spec ?? bundledContractPath);
    } catch (error) {
      if (error instanceof ContractError) throw new UsageError(error.message);
      throw error;
    }
    // Inputs the runner cannot invent (conformance/user-inputs.ts, PRODUCT.md §6).
    const login = await loginInputs(v, contract, timeoutMs);
    if (!login.ok) return await fail(2, login.reason, undefined);
    if (v['no-workflows'] && v.workflows) throw new UsageError('--workflows and --no-workflows contradict each other');
    let documents;
    try {
      documents = await loadWorkflows(
        { files: v.workflows, disabled: v['no-workflows'] ?? false },
        v.spec ?? bundledContractPath,
        bundledContractPath,
        contract,
      );
    } catch (error) {
      if (error instanceof ArazzoError) throw new UsageError(error.message);
      throw error;
    }
    for (const name of [...(checks ?? []), ...(skipChecks ?? [])]) {
      if (![...CHECKS, ...PROBES].some((c) => c.name === name) && !workflowKnown(name, { documents })) {
        const known = [...CHECKS.map((c) => c.name), ...PROBES.map((r) => r.name), ...workflowCheckNames(documents)];
        const meant = nearest(name, known);
        throw new UsageError(
          `unknown check "${name}"${meant === undefined ? '' : ` (did you mean ${meant}?)`}. ` +
            `Checks: ${CHECKS.map((c) => c.name).join(', ')}. Rules: ${PROBES.map((r) => r.name).join(', ')}. ` +
            `Workflows: ${workflowCheckNames(documents).join(', ')}.`,
        );
      }
    }
    // A selection that leaves no check would judge nothing: say so before the run (PRODUCT.md §4, exit 2).
    const extraPicked = (checks ?? []).some(
      (name) => PROBES.some((p) => p.name === name) || workflowKnown(name, { documents }),
    );
    if (
      !extraPicked &&
      !CHECKS.some(
        (c) => (!checks || checks.length === 0 || checks.includes(c.name)) && !(skipChecks ?? []).includes(c.name),
      )
    ) {
      throw new UsageError(`--checks and --skip-checks leave no check to run, so nothing would be judged`);
    }
    const shard = v.shard === undefined ? undefined : parseShard(v.shard);
    if (v.shard !== undefined && !shard) throw new UsageError(`--shard must be K/N with 1 ≤ K ≤ N, got "${v.shard}"`);
    const operations = list(v.operations);
    // A shard judges its share and replays the rest of the selection's writes (conformance/shard).
    const share = shard ? shardSelection(contract, shard, operations) : undefined;
    const about = contractInfo(contract, v.spec ?? 'the bundled Petstore contract');
    basics = { target: v.target, seed, examples, strict: v.strict ?? false, startedAt: new Date(), contract: about };
    const tty = process.stderr.isTTY === true;
    const showProgress = reporters.some((r) => r.name === 'pretty');
    const printer = showProgress ? progressPrinter((t) => void process.stderr.write(t), tty) : undefined;
    if (shard && share && !shardRuns(shard, share)) {
      // A share with no operation: an empty report, so the matrix's job passes and merge finds it.
      const empty: RunReport = {
        ...runFailureReport(basics, ''),
        results: [],
        summary: { passed: 0, failed: 0, skipped: 0, warnings: 0 },
        operations: [],
        checks: [],
        notices: [emptyShareNotice(shard)],
      };
      await writeReports(reporters, shardReport(empty, shard, [], wholeOrder(contract, documents)), {
        stdout: (t) => void process.stdout.write(t),
        colour: false,
      });
      return 0;
    }
    const { report: whole, exchanges } = await runComposed({
      target: v.target,
      contract,
      contractSource: v.spec ?? 'the bundled Petstore contract',
      documents,
      apiKey: v['api-key'],
      bearer: login.bearer ?? v.bearer,
      inputs: login.inputs,
      basic: v.basic,
      auth,
      basePath: v['base-path'],
      headers,
      checks,
      skipChecks,
      operations,
      shareOf: share,
      timeoutMs,
      retry: { ...DEFAULT_RETRY, maxWaitMs: maxRetryAfterMs },
      seed,
      examples,
      strict: v.strict ?? false,
      onProgress: printer,
    });
    const report = shard
      ? shardReport(
          whole,
          shard,
          ownedResults(whole.results, contract, documents, shard, list(v.operations)),
          wholeOrder(contract, documents),
        )
      : whole;
    // Not one answer came back: before reporting a failure per request, ask whether the target
    // speaks another protocol than its URL says (probing only then leaves working targets untouched).
    if (looksLikeProtocolMismatch(exchanges)) {
      const mismatch = await schemeMismatch(v.target, timeoutMs);
      if (mismatch) return await fail(2, `target unreachable: ${mismatch}`, undefined);
    }
    // A shard that judged nothing of its own passes, saying so: the verdict is merge's (conformance/shard).
    const nothing = shard && report.credentialsRefused === undefined ? nothingJudgedReason(report) : undefined;
    if (shard && nothing !== undefined) {
      const notice = idleShardNotice(shard, share ?? [], nothing);
      process.stderr.write(`petstore-conformance: ${notice}\n`);
      await writeReports(reporters, withNotices(report, [notice]), {
        stdout: (t) => void process.stdout.write(t),
        colour: process.stdout.isTTY === true && !process.env['NO_COLOR'],
      });
      return 0;
    }
    // The verdict is the library's (report/verdict.ts): a run with none (credentials refused, nothing judged) says why.
    const verdict = verdictOf(report);
    if (verdict.exitCode === 2 && verdict.reason !== undefined) return await fail(2, verdict.reason, report);
    const colour = process.stdout.isTTY === true && !process.env['NO_COLOR'];
    await writeReports(reporters, report, { stdout: (t) => void process.stdout.write(t), colour });
    return verdict.exitCode;
  } catch (error) {
    if (error instanceof UsageError || error instanceof SelectionError || error instanceof OutputPathError) {
      process.stderr.write(
        `petstore-conformance: usage error: ${namingTheContract(error.message, v.spec ?? 'openapi/petstore.yaml')}\nTry --help.\n`,
      );
      // A refused contract (unreadable, or not a valid document): CI still gets the report files it
      // asked for, each saying why (a gate that refuses the contract still leaves its artifacts).
      if (/^the contract\b/.test(error.message) && reporters.some((r) => r.file !== undefined)) {
        const at = basics ?? {
          target: v.target ?? '',
          seed: DEFAULTS.seed,
          examples: DEFAULTS.examples,
          strict: v.strict ?? false,
          startedAt: new Date(),
        };
        try {
          await writeReports(reporters, runFailureReport(at, `contract refused: ${error.message}`), {
            stdout: () => undefined,
            colour: false,
            filesOnly: true,
          });
        } catch (written) {
          process.stderr.write(
            `petstore-conformance: ${written instanceof Error ? written.message : String(written)}\n`,
          );
        }
      }
      return 2;
    }
    if (error instanceof TargetUnreachableError) return await fail(2, error.message, undefined);
    // Never a stack trace: one line, and the report files still written (PRODUCT.md §4, exit 3).
    return await fail(3, `internal error: ${error instanceof Error ? error.message : String(error)}`, undefined);
  }
}

/** --inputs, --oauth2 and --oauth2-client: the user's values and the bearer token they obtain. */
async function loginInputs(
  v: {
    readonly inputs?: string | undefined;
    readonly oauth2?: string | undefined;
    readonly 'oauth2-client'?: string | undefined;
    readonly bearer?: string | undefined;
    readonly target?: string | undefined;
  },
  contract: Contract,
  timeoutMs: number,
): Promise<{ ok: true; inputs: UserInputs | undefined; bearer: string | undefined } | { ok: false; reason: string }> {
  let inputs: UserInputs | undefined;
  try {
    inputs = v.inputs === undefined ? undefined : await readUserInputs(v.inputs, contract);
  } catch (error) {
    if (error instanceof UserInputError) throw new UsageError(error.message);
    throw error;
  }
  const pair = (flag: string, value: string): [string, string] => {
    const at = value.indexOf(':');
    if (at <= 0) throw new UsageError(`${flag} must look like ${flag === '--oauth2' ? 'USER:PASS' : 'ID:SECRET'}`);
    return [value.slice(0, at), value.slice(at + 1)];
  };
  if (v.oauth2 !== undefined && v['oauth2-client'] !== undefined)
    throw new UsageError('--oauth2 and --oauth2-client both obtain the bearer token: give one');
  if ((v.oauth2 !== undefined || v['oauth2-client'] !== undefined) && v.bearer !== undefined)
    throw new UsageError('--bearer and --oauth2 both give the bearer token: give one');
  if (v.oauth2 === undefined && v['oauth2-client'] === undefined) return { ok: true, inputs, bearer: undefined };
  const target = v.target ?? '';
  if (v.oauth2 !== undefined) {
    const [user, pass] = pair('--oauth2', v.oauth2);
    const token = await obtainToken(contract, target, { kind: 'password', user, pass }, timeoutMs);
    if (!token.ok) return token;
    return { ok: true, inputs: withLoginInputs(contract, inputs ?? {}, { user, pass }), bearer: token.token };
  }
  const [id, secret] = pair('--oauth2-client', v['oauth2-client'] ?? '');
  const token = await obtainToken(contract, target, { kind: 'client_credentials', id, secret }, timeoutMs);
  return token.ok ? { ok: true, inputs, bearer: token.token } : token;
}

/**
 * The process around main(): exit code, one-line crashes, a closed stdout. Called by
 * bin/petstore-conformance.js; importing this module runs nothing.
 */
export function runCli(argv: readonly string[] = process.argv.slice(2)): void {
  // A reader that stops early (`| head`) closes the pipe: that ends the output, it is not a crash.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE')
      process.stderr.write(`petstore-conformance: cannot write to stdout: ${error.message}\n`);
    process.exit(process.exitCode ?? 0);
  });

  // Whatever escapes (an error in an event handler of a socket, say) is still one line, never a stack trace.
  const crash = (error: unknown): void => {
    process.stderr.write(
      `petstore-conformance: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(3);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);

  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Never a stack trace (issue 13): one line, exit 3 (PRODUCT.md §4).
      process.stderr.write(
        `petstore-conformance: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = 3;
    },
  );
}
