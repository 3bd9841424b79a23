#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fileProblem, joinDashValues, namingTheContract, usageMessage } from '../contract/cli-args.js';
import { packageRoot } from '../contract/paths.js';
import { parseSeed, SEED_RANGE } from '../contract/seed.js';
import {
  basicPairProblem,
  DEFAULTS,
  OptionsError,
  parseLatency,
  type LatencyRange,
  type MockEvent,
} from '../mock/options.js';
import type { StateSnapshotInput } from '../mock/store/types.js';
import { parseInstant } from './mock-flags.js';
import { isBundledContract, readinessLine, servedNotice } from './readiness.js';
import { describeListenError } from './start-errors.js';

const HELP = `Usage: petstore-mock [options]

A stateful mock of an API contract that validates every request and answer against it.
Contracts: Swagger 2.0, OpenAPI 3.0, 3.1 and 3.2 (YAML or JSON). Without --spec it serves
the bundled Petstore contract (openapi/petstore.yaml) with its business rules; any other
contract gets the generic engine (GET /__mock/engine says what it inferred).

Options:
  --port N           port to listen on (default ${DEFAULTS.port}; 0 picks a free port)
  --host HOST        address to listen on (default ${DEFAULTS.host})
  --spec PATH        the contract to serve: Swagger 2.0, OpenAPI 3.0.x, 3.1.x or 3.2.x
                     (default: the bundled openapi/petstore.yaml)
  --seed N           seed of the data and of every random choice, ${SEED_RANGE.min}..${SEED_RANGE.max} (default ${DEFAULTS.seed})
  --api-key KEY      accepted key of every apiKey scheme (header, query or cookie),
                     repeatable (default dev-key)
  --token TOKEN      accepted bearer token (bearer, oauth2, openIdConnect), repeatable
                     (default: any non-empty token)
  --basic USER:PASS  accepted http basic credentials, repeatable
                     (default: any well-formed USER:PASS with a non-empty user)
                     Given for a scheme, only these are accepted: anything else is 401
                     with that scheme's WWW-Authenticate challenge.
  --latency MS       added delay per request: MS or MIN-MAX milliseconds
  --chaos RATE       share of requests (0..1) answered 500 or 503
  --watch            reload the contract when the file changes (the state is kept)
  --sunset-now ISO   pretend the clock reads this instant (rehearse the sunset): a full date
                     (2027-07-01) or date-time with offset (2027-07-01T00:00:00Z)
  --pets N           bundled contract: how many pets the seeded store holds,
                     0..${DEFAULTS.maxPets} (default ${DEFAULTS.pets})
  --records N        any other contract: how many records each collection starts with,
                     examples first, 0..${DEFAULTS.maxRecords}; 0 starts empty (default: every
                     documented example, else 3 generated)
  --max-records N    the most records the store holds (default ${DEFAULTS.storeRecords}); a create
                     beyond it is answered 507 Insufficient Storage, nothing stored is dropped;
                     GET /__mock/engine shows how full the store is
  --state FILE       start from this state (as GET /__mock/state exports it)
  --no-cors          no CORS headers
  --rate-limit N     at most N requests a second per client IP, then 429 + Retry-After (default off)
  --no-control       turn the /__mock control endpoints off (they answer 404)
  --control-from-anywhere
                     let non-loopback clients use /__mock (default: loopback clients only)
  -h, --help         this help
  -v, --version      the version

Exit codes: 0 after a clean stop (Ctrl-C, SIGTERM) or after --help/--version;
  2 for a bad flag, an unreadable or invalid contract or state file, a port already taken
  or a --host this machine cannot listen on (one line on stderr says which);
  1 for any other failure.

Control endpoints (GET /__mock lists them): POST /__mock/reset, GET|PUT /__mock/state,
  GET /__mock/engine, GET|DELETE /__mock/requests (?limit=N: the newest N, with bodies and errors).
Limits: bodies as the contract's x-limits.maxBodyBytes says, else 1 MiB (413; the bundled
contract: 64 KiB), headers 16 KiB (431), JSON nesting 32 levels, headers within 10 s and
the whole request within 30 s of its start.
Documents: /openapi.yaml, /openapi.json, and the interactive reference at /docs.
Per request: Prefer: code=, example=, dynamic=, seed=, delay=.
`;

class UsageError extends Error {}

/** The flags that take a value (a following `-1` is their value, not an option). */
const VALUE_FLAGS: ReadonlySet<string> = new Set([
  'port',
  'host',
  'spec',
  'seed',
  'api-key',
  'token',
  'basic',
  'latency',
  'chaos',
  'sunset-now',
  'pets',
  'records',
  'max-records',
  'state',
  'rate-limit',
]);

function seed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = parseSeed(value);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.seed;
}

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer ${min}..${max}, got "${value}"`);
  }
  return Number(value);
}

interface Parsed {
  readonly help: boolean;
  readonly version: boolean;
  readonly port: number;
  readonly host: string;
  readonly spec: string | undefined;
  readonly seed: number | undefined;
  readonly apiKeys: string[] | undefined;
  readonly tokens: string[] | undefined;
  readonly basic: string[] | undefined;
  readonly latency: LatencyRange | undefined;
  readonly chaos: number | undefined;
  readonly watch: boolean;
  readonly sunsetNow: Date | undefined;
  readonly pets: number | undefined;
  readonly records: number | undefined;
  readonly maxRecords: number | undefined;
  readonly state: string | undefined;
  readonly cors: boolean;
  readonly control: boolean;
  readonly controlFromAnywhere: boolean;
  readonly rateLimit: number | undefined;
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  spec: { type: 'string' },
  seed: { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  token: { type: 'string', multiple: true },
  basic: { type: 'string', multiple: true },
  latency: { type: 'string' },
  chaos: { type: 'string' },
  watch: { type: 'boolean' },
  'sunset-now': { type: 'string' },
  pets: { type: 'string' },
  records: { type: 'string' },
  'max-records': { type: 'string' },
  state: { type: 'string' },
  'no-cors': { type: 'boolean' },
  'rate-limit': { type: 'string' },
  'no-control': { type: 'boolean' },
  'control-from-anywhere': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function parse(argv: string[]): Parsed {
  let values;
  try {
    ({ values } = parseArgs({
      args: joinDashValues(argv, VALUE_FLAGS),
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    }));
  } catch (error) {
    throw new UsageError(usageMessage(error, Object.keys(OPTIONS)));
  }
  let latency: LatencyRange | undefined;
  try {
    latency = values.latency === undefined ? undefined : parseLatency(values.latency);
  } catch (error) {
    throw new UsageError(`--${(error as Error).message}`);
  }
  let chaos: number | undefined;
  if (values.chaos !== undefined) {
    chaos = Number(values.chaos);
    if (values.chaos.trim() === '' || !(chaos >= 0 && chaos <= 1))
      throw new UsageError(`--chaos must be a number 0..1, got "${values.chaos}"`);
  }
  let sunsetNow: Date | undefined;
  if (values['sunset-now'] !== undefined) {
    sunsetNow = parseInstant(values['sunset-now']);
    if (sunsetNow === undefined) {
      throw new UsageError(
        `--sunset-now must be a full date (2027-07-01) or a date-time with seconds and offset (2027-07-01T00:00:00Z), got "${values['sunset-now']}"`,
      );
    }
  }
  if (values['api-key']?.some((k) => k.length === 0)) throw new UsageError('--api-key must not be empty');
  if (values.token?.some((t) => t.length === 0)) throw new UsageError('--token must not be empty');
  for (const pair of values.basic ?? []) {
    const problem = basicPairProblem(pair);
    if (problem !== undefined) throw new UsageError(`--basic ${problem}`);
  }
  if (values['no-control'] && values['control-from-anywhere'])
    throw new UsageError('--no-control and --control-from-anywhere contradict each other');
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must not be empty');
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    port: integer('port', values.port, 0, 65535) ?? DEFAULTS.port,
    host: values.host ?? DEFAULTS.host,
    spec: values.spec,
    seed: seed(values.seed),
    apiKeys: values['api-key'],
    tokens: values.token,
    basic: values.basic,
    latency,
    chaos,
    watch: values.watch ?? false,
    sunsetNow,
    pets: integer('pets', values.pets, 0, DEFAULTS.maxPets),
    records: integer('records', values.records, 0, DEFAULTS.maxRecords),
    maxRecords: integer('max-records', values['max-records'], 1, Number.MAX_SAFE_INTEGER),
    state: values.state,
    cors: !(values['no-cors'] ?? false),
    control: !(values['no-control'] ?? false),
    controlFromAnywhere: values['control-from-anywhere'] ?? false,
    rateLimit: integer('rate-limit', values['rate-limit'], 1, DEFAULTS.maxRateLimit),
  };
}

async function readState(path: string): Promise<StateSnapshotInput> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --state ${path}: ${fileProblem(error)}`);
  }
  try {
    return JSON.parse(text) as StateSnapshotInput; // checked against the contract by the mock at start
  } catch (error) {
    throw new UsageError(`--state ${path} is not JSON: ${(error as Error).message}`);
  }
}

function describeEvent(event: MockEvent): string {
  switch (event.type) {
    case 'contract-reloaded':
      return `petstore-mock: reloaded ${event.path}`;
    case 'contract-error':
      return `petstore-mock: kept the previous contract; ${event.path} is broken: ${event.error.message}`;
    case 'internal-error':
      return `petstore-mock: 500 on ${event.method} ${event.url}${event.operationId === undefined ? '' : ` (${event.operationId})`}: ${event.cause}`;
    case 'document-fault':
      return `petstore-mock: document fault on ${event.method} ${event.url}${event.operationId === undefined ? '' : ` (${event.operationId})`}: answered ${event.status} as generated, since its schema admits no value: ${event.pointer}: ${event.reason}`;
  }
}

async function main(argv: string[]): Promise<void> {
  let args: Parsed;
  try {
    args = parse(argv);
  } catch (error) {
    process.stderr.write(`petstore-mock: ${(error as Error).message}\nTry --help.\n`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  if (args.version) {
    const pkg = JSON.parse(await readFile(`${packageRoot}/package.json`, 'utf8')) as { version?: string };
    process.stdout.write(`${pkg.version ?? 'unknown'}\n`);
    return;
  }
  let mock;
  try {
    // Loaded only now: --help, --version and usage errors answer without Express, the validator and the parsers.
    const { start } = await import('../mock/server.js');
    mock = await start({
      port: args.port,
      host: args.host,
      spec: args.spec,
      seed: args.seed,
      apiKeys: args.apiKeys,
      tokens: args.tokens,
      basic: args.basic,
      latency: args.latency,
      chaos: args.chaos,
      watch: args.watch,
      sunsetNow: args.sunsetNow,
      pets: args.pets,
      records: args.records,
      maxRecords: args.maxRecords,
      state: args.state === undefined ? undefined : await readState(args.state),
      cors: args.cors,
      control: args.control,
      controlFromAnywhere: args.controlFromAnywhere,
      rateLimit: args.rateLimit,
      onEvent: (event) => process.stderr.write(`${describeEvent(event)}\n`),
    });
  } catch (error) {
    const listen = describeListenError(error, args.host, args.port);
    if (listen) {
      process.stderr.write(`petstore-mock: ${listen.line}\n`);
      process.exitCode = listen.exitCode;
      return;
    }
    const message = namingTheContract(
      error instanceof Error ? error.message : String(error),
      args.spec ?? 'openapi/petstore.yaml',
    );
    const details =
      typeof error === 'object' && error !== null && 'details' in error && Array.isArray(error.details)
        ? error.details.map((d: { location?: string; message?: string }) => `\n  ${d.location}: ${d.message}`).join('')
        : '';
    process.stderr.write(`petstore-mock: ${message}${details}\n`);
    process.exitCode = error instanceof UsageError || error instanceof OptionsError || isUsage(error) ? 2 : 1;
    return;
  }
  process.stderr.write(`${servedNotice(mock.served())}\n`);
  process.stdout.write(`${readinessLine(mock.url, mock.served(), isBundledContract(args.spec))}\n`);
  if (!isLoopbackHost(args.host)) {
    process.stderr.write(
      `petstore-mock: listening on ${args.host}: other machines can reach the API` +
        (args.control
          ? args.controlFromAnywhere
            ? ' and the /__mock control endpoints.\n'
            : '; /__mock still answers loopback clients only.\n'
          : '.\n'),
    );
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    mock.close().then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        process.stderr.write(`petstore-mock: ${String(error)}\n`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (process.env['npm_command'] !== undefined) stopWithWrapper(stop);
}

/**
 * Started through npm (`npm start`, `npx petstore-mock`, a package script), the PID the user holds
 * is npm's, and npm's `sh -c` between it and the mock dies on the SIGTERM npm forwards without
 * passing it on: the mock would keep answering. So the mock lives as long as that wrapper: once
 * its parent is gone (it is re-parented, its parent PID changes), it stops as on SIGTERM.
 */
function stopWithWrapper(stop: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, 200);
  timer.unref(); // never what keeps the process alive
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A bad contract, a bad state file or a taken port is the user's to fix: a usage error. */
function isUsage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    error.name === 'ContractError' ||
    error.name === 'HttpError' ||
    code === 'EADDRINUSE' ||
    code === 'EACCES' ||
    code === 'EADDRNOTAVAIL'
  );
}

/** The process entry, called by bin/petstore-mock.js: importing this module runs nothing. */
export function runCli(argv: string[] = process.argv.slice(2)): Promise<void> {
  return main(argv);
}
