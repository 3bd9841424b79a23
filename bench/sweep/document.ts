/**
 * One document of the directory sweep (issue 29 item 3): does the mock start on it, and how fast; do
 * its plain GETs answer without 5xx; how many failing results does the runner, composed as
 * `petstore-conformance` composes it and given every credential, give against the mock serving it.
 * Runs both halves in this process (the mock's start() factory, the runner's runComposed); the
 * sweep command bounds the time of each document by running this in a worker thread.
 */
import { documentedResponse, documentsSuccess, loadContract, type Contract } from '../../src/contract/index.js';
import { DOCUMENT_FAULT_HEADER } from '../../src/mock/document-faults.js';
import { start } from '../../src/index.js';
import { runComposed } from '../../conformance/composed-run.js';
import { DEFAULTS } from '../../conformance/runner.js';
import { CREDENTIALS } from '../self-consistency.js';

/** Where a document stopped: the first step that did not complete. */
export type SweepStage =
  | 'ok'
  | 'load'
  | 'mock-start'
  | 'runner-refused'
  | 'runner-crashed'
  | 'timeout'
  | 'worker-crashed';

export interface SweepFailure {
  readonly check: string;
  readonly operation: string;
  /** The message's first line. */
  readonly message: string;
}

export interface DocumentOutcome {
  /** The document's directory id (`amazonaws.com/cloudsearch`, the file's path under api/ without `.json`). */
  readonly id: string;
  readonly openapi: string;
  readonly operations: number;
  readonly stage: SweepStage;
  /** The one-line reason where `stage` is not ok. */
  readonly reason: string | undefined;
  readonly mockStartMs: number | undefined;
  /** Plain GETs sent (one per GET operation, path parameters filled, nothing else) and how many answered 5xx. */
  readonly plainGets: number;
  readonly plainGets5xx: number;
  /** Up to 3 of the 5xx answers: `GET path → status message`. */
  readonly fiveXx: readonly string[];
  /** Of the 5xx, those the operation documents as its answer and beside no success (appwrite's health checks document only 500). */
  readonly plainGetsDocumented5xx: number;
  /**
   * Plain GETs answered as generated although their documented schema admits no value, named by
   * the mock's X-Mock-Document-Fault (the document's fault, counted on their own), and up to 3 of them.
   */
  readonly plainGetsDocumentFaults: number;
  readonly documentFaults: readonly string[];
  /** Results judged by the runner (passed, failed or warned), and the failed ones. */
  readonly judged: number;
  readonly failed: number;
  /** Up to 5 failures, for the table. */
  readonly failures: readonly SweepFailure[];
  /** Every failure as `check › operation`, sorted (what the suite's table compares). */
  readonly failedKeys: readonly string[];
  readonly runMs: number | undefined;
}

export interface SweepOptions {
  /** Generated cases per operation for the runner (the CLI's default is 3). */
  readonly examples: number;
  /** Per-request limit of the runner. */
  readonly requestTimeoutMs: number;
  readonly seed: number;
}

export const SWEEP_DEFAULTS: SweepOptions = { examples: 1, requestTimeoutMs: 10_000, seed: DEFAULTS.seed };

const firstLine = (text: string): string => (text.split('\n')[0] ?? '').slice(0, 300);
const messageOf = (error: unknown): string => firstLine(error instanceof Error ? error.message : String(error));

/** A value for a path parameter: its example, its schema's example, default or first enum value, else `1`. */
function pathValue(parameter: Contract['operations'][number]['parameters'][number]): string {
  const schema = (parameter.schema ?? {}) as {
    example?: unknown;
    default?: unknown;
    enum?: unknown[];
    type?: unknown;
    format?: unknown;
  };
  const candidates = [parameter.example, schema.example, schema.default, schema.enum?.[0]];
  const found = candidates.find((c) => typeof c === 'string' || typeof c === 'number' || typeof c === 'boolean');
  if (found !== undefined) return String(found);
  if (schema.format === 'uuid') return '123e4567-e89b-12d3-a456-426614174000';
  if (schema.type === 'string') return 'a';
  return '1';
}

/** The request target of a plain GET: path parameters filled, no query. */
function plainTarget(operation: Contract['operations'][number], basePath: string): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(parameter === undefined ? '1' : pathValue(parameter));
  });
  return `${basePath.replace(/\/$/, '')}${path}`;
}

/** Every credential the mock accepts, as headers: the plain GETs ask as an authorised client would. */
function credentialHeaders(contract: Contract): Record<string, string> {
  const headers: Record<string, string> = { accept: '*/*' };
  for (const scheme of contract.securitySchemes.values()) {
    // A name that is no token (rapidapi's `ADVICEment API Key`, RFC 9110 §5.1) cannot be sent at all.
    if (scheme.type === 'apiKey' && scheme.in === 'header' && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(scheme.name))
      headers[scheme.name.toLowerCase()] = CREDENTIALS.apiKey;
    if (scheme.type === 'apiKey' && scheme.in === 'cookie') headers['cookie'] = `${scheme.name}=${CREDENTIALS.apiKey}`;
  }
  headers['authorization'] ??= `Bearer ${CREDENTIALS.bearer}`;
  return headers;
}

function credentialQuery(contract: Contract): string {
  const pairs: string[] = [];
  for (const scheme of contract.securitySchemes.values()) {
    if (scheme.type === 'apiKey' && scheme.in === 'query')
      pairs.push(`${encodeURIComponent(scheme.name)}=${CREDENTIALS.apiKey}`);
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

async function plainGets(
  contract: Contract,
  url: string,
  timeoutMs: number,
): Promise<{ sent: number; fiveXx: string[]; documented5xx: number; documentFaults: string[] }> {
  const headers = credentialHeaders(contract);
  const query = credentialQuery(contract);
  const fiveXx: string[] = [];
  const documentFaults: string[] = [];
  let documented5xx = 0;
  let sent = 0;
  for (const operation of contract.operations) {
    if (operation.method !== 'get') continue;
    const target = plainTarget(operation, contract.basePath);
    sent++;
    try {
      const response = await fetch(`${url}${target}${query}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      const fault = response.headers.get(DOCUMENT_FAULT_HEADER);
      if (fault !== null) documentFaults.push(`GET ${target} → ${response.status} ${fault.slice(0, 240)}`);
      if (response.status >= 500) {
        // Still a 5xx, named as the document's own answer where the operation documents it and no success.
        const documented =
          !documentsSuccess(operation.responses) &&
          documentedResponse(operation.responses, response.status, { withDefault: false }) !== undefined;
        if (documented) documented5xx++;
        const said = documented ? ' (documented: the operation documents it and no success)' : '';
        fiveXx.push(`GET ${target} → ${response.status}${said} ${firstLine(text).slice(0, 160)}`);
      }
    } catch (error) {
      fiveXx.push(`GET ${target} → no answer: ${messageOf(error)}`);
    }
  }
  return { sent, fiveXx, documented5xx, documentFaults };
}

/** The outcome of a document before anything about it is known: every count 0, every time unknown. */
export function unjudged(id: string): Omit<DocumentOutcome, 'stage'> {
  return {
    id,
    openapi: '',
    operations: 0,
    reason: undefined,
    mockStartMs: undefined,
    plainGets: 0,
    plainGets5xx: 0,
    fiveXx: [],
    plainGetsDocumented5xx: 0,
    plainGetsDocumentFaults: 0,
    documentFaults: [],
    judged: 0,
    failed: 0,
    failures: [],
    failedKeys: [],
    runMs: undefined,
  };
}

/** Sweeps one document; never throws: every failure is an outcome. */
export async function sweepDocument(
  id: string,
  file: string,
  options: SweepOptions = SWEEP_DEFAULTS,
  onStarted?: (mockStartMs: number) => void,
): Promise<DocumentOutcome> {
  const base = unjudged(id);
  let contract: Contract;
  try {
    contract = await loadContract(file);
  } catch (error) {
    return { ...base, stage: 'load', reason: messageOf(error) };
  }
  const about = { openapi: String(contract.document.openapi), operations: contract.operations.length };
  const started = performance.now();
  let mock: Awaited<ReturnType<typeof start>>;
  try {
    mock = await start({
      port: 0,
      spec: file,
      apiKeys: [CREDENTIALS.apiKey],
      tokens: [CREDENTIALS.bearer],
      basic: [CREDENTIALS.basic],
    });
  } catch (error) {
    return { ...base, ...about, stage: 'mock-start', reason: messageOf(error) };
  }
  const mockStartMs = Math.round(performance.now() - started);
  onStarted?.(mockStartMs);
  try {
    const gets = await plainGets(contract, mock.url, options.requestTimeoutMs);
    const withGets = {
      ...base,
      ...about,
      mockStartMs,
      plainGets: gets.sent,
      plainGets5xx: gets.fiveXx.length,
      fiveXx: gets.fiveXx.slice(0, 3),
      plainGetsDocumented5xx: gets.documented5xx,
      plainGetsDocumentFaults: gets.documentFaults.length,
      documentFaults: gets.documentFaults.slice(0, 3),
    };
    const ran = performance.now();
    try {
      const { report } = await runComposed({
        target: mock.url,
        contract,
        contractSource: file,
        documents: [],
        apiKey: CREDENTIALS.apiKey,
        bearer: CREDENTIALS.bearer,
        basic: CREDENTIALS.basic,
        auth: {},
        headers: {},
        timeoutMs: options.requestTimeoutMs,
        seed: options.seed,
        examples: options.examples,
        strict: false,
      });
      const failed = [
        ...report.results
          .filter((r) => r.status === 'failed')
          .map((r) => ({ check: r.check, operation: r.operation, message: firstLine(r.message) })),
        ...(report.credentialsRefused === undefined
          ? []
          : [{ check: 'run', operation: '(run)', message: `credentials refused: ${report.credentialsRefused}` }]),
        ...(report.internalErrors ?? []).map((m) => ({
          check: 'run',
          operation: '(run)',
          message: `internal error: ${firstLine(m)}`,
        })),
      ];
      return {
        ...withGets,
        stage: 'ok',
        judged: report.summary.passed + report.summary.failed + report.summary.warnings,
        failed: failed.length,
        failures: failed.slice(0, 5),
        failedKeys: failed.map((f) => `${f.check} › ${f.operation}`).sort(),
        runMs: Math.round(performance.now() - ran),
      };
    } catch (error) {
      const refused = error instanceof Error && error.name === 'SelectionError';
      return {
        ...withGets,
        stage: refused ? 'runner-refused' : 'runner-crashed',
        reason: messageOf(error),
        runMs: Math.round(performance.now() - ran),
      };
    }
  } finally {
    await mock.close();
  }
}
