/**
 * The conformance runner's planning step, timed on its own in a fresh process:
 * `node dist/bench/plan.js CONTRACT [EXAMPLES=3]` loads the contract as the CLI does, checks it
 * (contractProblems, as runConformance does before sending) and generates every input a run would
 * start from, without sending anything: for each operation `EXAMPLES` valid inputs (path, query,
 * header and cookie parameters and the body, with the runner's own generators and seed) and the
 * single-defect mutations of its negative checks. Path identifiers come from the server in a real
 * run (created or listed resources); here they are generated from the schema instead, which is the
 * same work. Prints one JSON line: milliseconds per phase, cases and RSS. With `--requests` the line
 * also carries one request per operation built from its first input (path, query and a JSON or form
 * body, and the credentials `CREDENTIALS` placed where the operation's security requirement reads
 * them), which bench/cost-curve.ts sends to a mock started with the same credentials to wake every
 * operation once.
 */
import {
  loadContract,
  SchemaValidator,
  serialiseDeepObject,
  serialiseForm,
  serialisePath,
  serialiseQuery,
} from '../src/contract/index.js';
import { schemaNames } from '../conformance/cases/discriminator.js';
import {
  cookieParameters,
  headerParameters,
  pathParameters,
  queryParameters,
  requestBodyOf,
  validBody,
  validParams,
  validQuery,
} from '../conformance/cases/inputs.js';
import { mutationsFor } from '../conformance/cases/mutations.js';
import { Random } from '../conformance/cases/random.js';
import { modeFor } from '../src/contract/index.js';
import { contractProblems } from '../conformance/contract-check.js';
import { CredentialPlan } from '../conformance/credentials.js';
import { DEFAULTS } from '../conformance/runner.js';

const args = process.argv.slice(2).filter((a) => a !== '--requests');
const withRequests = process.argv.includes('--requests');
const file = args[0];
if (!file) {
  process.stderr.write('usage: node dist/bench/plan.js CONTRACT [EXAMPLES] [--requests]\n');
  process.exit(2);
}
const examples = Number(args[1] ?? DEFAULTS.examples);
/** The credentials of the planned requests; bench/cost-curve.ts starts the mock with the same. */
export const CREDENTIALS = { apiKey: 'k', bearer: 't', basic: 'u:p' } as const;
const mb = (bytes: number): number => Math.round(bytes / 104857.6) / 10;

const t0 = performance.now();
const contract = await loadContract(file);
const t1 = performance.now();
const problems = await contractProblems(contract);
const t2 = performance.now();

const rng = new Random(DEFAULTS.seed);
const validator = new SchemaValidator(contract.version.schemaDialect);
const names = schemaNames(contract);
let inputs = 0;
let bodiesMissing = 0;
let mutations = 0;
/** One request of the plan, as the cost curve replays it (a type only: importing this script runs it). */
export interface PlannedRequest {
  readonly method: string;
  readonly path: string;
  readonly contentType?: string;
  readonly body?: string;
  readonly headers?: Record<string, string>;
}
const credentials = new CredentialPlan(contract, CREDENTIALS);
const requests: PlannedRequest[] = [];
const encodeBody = (mediaType: string, value: unknown): string | undefined => {
  if (/json/i.test(mediaType)) return JSON.stringify(value);
  if (!/x-www-form-urlencoded/i.test(mediaType) || typeof value !== 'object' || value === null) return undefined;
  // Objects as deepObject, the style form bodies such as Stripe's use (OAS 3.0.3 §4.7.14.1 encoding).
  return Object.entries(value)
    .flatMap(([k, v]) =>
      typeof v === 'object' && v !== null && !Array.isArray(v) ? serialiseDeepObject(k, v) : serialiseForm(k, v, true),
    )
    .join('&');
};
for (const op of contract.operations) {
  const opRng = rng.fork(op.id.length * 31 + op.path.length);
  const body = requestBodyOf(op);
  for (let i = 0; i < examples; i++) {
    const mode = modeFor(i);
    const pathValues = validParams(pathParameters(op), opRng, mode, validator);
    const query = validQuery(op, opRng, mode, validator);
    validParams(headerParameters(op), opRng, mode, validator);
    validParams(cookieParameters(op), opRng, mode, validator);
    const value = body ? validBody(op, opRng, mode, validator, names) : undefined;
    if (body && value === undefined) bodiesMissing++;
    inputs++;
    if (withRequests && i === 0) {
      let path = op.path;
      for (const p of pathParameters(op))
        path = path.replaceAll(`{${p.name}}`, p.name in pathValues ? serialisePath(p, pathValues[p.name]) : '1');
      const pieces = queryParameters(op).flatMap((p) => serialiseQuery(p, p.name, query[p.name]));
      const placed = credentials.valid(op) ?? [];
      for (const c of placed.filter((c) => c.in === 'query'))
        pieces.push(`${encodeURIComponent(c.name)}=${encodeURIComponent(c.value)}`);
      const cookies = placed.filter((c) => c.in === 'cookie').map((c) => `${c.name}=${encodeURIComponent(c.value)}`);
      const headers = Object.fromEntries([
        ...placed.filter((c) => c.in === 'header').map((c) => [c.name, c.value]),
        ...(cookies.length > 0 ? [['cookie', cookies.join('; ')]] : []),
      ]);
      const encoded = body && value !== undefined ? encodeBody(body.mediaType, value) : undefined;
      requests.push({
        method: op.method.toUpperCase(),
        path: pieces.length > 0 ? `${path}?${pieces.join('&')}` : path,
        ...(encoded === undefined || !body ? {} : { contentType: body.mediaType, body: encoded }),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      });
    }
  }
  mutations += mutationsFor([...pathParameters(op), ...queryParameters(op)], body).length;
}
const t3 = performance.now();

const round = (n: number): number => Math.round(n);
process.stdout.write(
  `${JSON.stringify({
    operations: contract.operations.length,
    problems: problems.length,
    loadMs: round(t1 - t0),
    checkMs: round(t2 - t1),
    generateMs: round(t3 - t2),
    totalMs: round(t3 - t0),
    inputs,
    bodiesMissing,
    mutations,
    rssMb: mb(process.memoryUsage().rss),
    // Node start-up and this module's imports, before the contract is read.
    importMs: round(t0),
    ...(withRequests ? { requests } : {}),
  })}\n`,
);
