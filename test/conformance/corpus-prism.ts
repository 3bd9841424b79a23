/**
 * The runner on real public contracts (fixtures/corpus/), each served by Prism 5.14.2's mock
 * (stateless, answering from examples). Shared by the corpus*.test.ts files, which split the
 * documents so vitest runs them side by side.
 *
 * Two-sided: for each document, every failing result must be explained by one entry of its
 * expectation list, and every entry must be met by at least one failing result. An entry is either
 * a true Prism deviation (its reason from WHY) or a known runner bug (its evidence written down,
 * so that the fix is noticed when the bug stops firing). A check that becomes stricter, or one that
 * stops firing, breaks the test either way.
 */
import { expect } from 'vitest';
import { runConformance } from '../../conformance/runner.js';
import type { CheckResult, RunReport } from '../../conformance/types.js';
import { exitCodeFor } from '../../conformance/report/verdict.js';
import type { CorpusDocument } from '../../fixtures/corpus/index.js';
import { startPrism, type RunningPrism } from '../../fixtures/servers/prism.js';
import type { PrismHost } from '../../fixtures/servers/prism-host.js';
import { loadContract, type Contract } from '../../src/contract/index.js';
import { scaled } from '../load-scale.js';

/** Why Prism fails a check: each a true deviation from the contract or from an RFC it cites. */
export const WHY = {
  allow: "Prism's 405 carries no Allow header (RFC 9110 §15.5.6: MUST)",
  stateless:
    'Prism is stateless: any id answers the example (no 404 for an unknown one), deletes delete nothing, reads give the example, not what was written',
  keys: 'Prism checks that a credential is present, not that it is valid: wrong credentials get 2xx',
  problem:
    'Prism\'s own errors (the 405, 422 validation, the 400 {"error":{"code":"invalid_json"}} to malformed JSON) do not follow the contract\'s error schema',
  examples:
    "Prism's static or generated example bodies break the contract's schema (formats and patterns ignored, 'string' for a uri; or the document's own examples, which break their schema, served as they are)",
  lax: 'Prism does not validate formats of query parameters, required fields of form bodies or a wrong Content-Type, and answers 2xx or 500',
  status422:
    "Prism answers its own 422 ('must be array') to a valid form-urlencoded array (`TestUsers=a`: OAS 3.0.3 §4.8.14.4, form with explode is an array's default encoding)",
  headers: 'Prism writes "null" into a documented boolean header',
  problemType: 'Prism answers application/problem+json on a status the contract documents with application/json only',
  server500: 'Prism answers 500 to a request it cannot handle (a body in an undocumented Content-Type)',
  filters: 'Prism is stateless: a filtered list answers its example or generated items, whatever the filter asks',
  malformed400:
    'Prism answers malformed JSON 400 whatever the operation documents: where only 422 is documented for an invalid request (FastAPI), that breaks the documented promise (issue 30: the contract first)',
  nonUtf8:
    'Prism reads a JSON body as UTF-8 text, U+FFFD in place of an octet that is not UTF-8, and answers 2xx: RFC 8259 §8.1 makes such octets no JSON text (issue 30 item 8)',
  pageSize: "Prism answers a list's example whatever page size the request asks for: two items on a page of PageSize=1",
  ambiguous: 'Prism answers a documented 400 example for a discriminated oneOf body it validates as ambiguous',
  deprecation:
    'Prism sends `Deprecation: true`, the draft form; RFC 9745 §2.1 requires a structured date (@<epoch seconds>)',
  serializer:
    "Prism answers 500 application/problem+json 'Cannot find serializer' (no `message`) on operations whose only media types are Docker's streams (application/vnd.docker.raw-stream, application/x-tar)",
  hangs:
    'Prism sometimes never answers a valid request (Discord create_interaction_response: nothing within 30 s on some runs, an answer on others): no answer is a server failure',
  noResponse:
    'Prism answers 500 NO_RESPONSE_RESPONSE_DEFINED to an operation that documents no responses (allowed since OAS 3.1.0 §4.8.4): a server error to a valid request',
  unvalidated:
    'Prism does not validate these request bodies at all (an array or a string for an object, wrong types, values out of range or enum, required fields missing: all answered 2xx), nor an empty query value under minLength 1',
  textSerialise:
    "Prism answers 500 'Cannot serialise complex objects as text' to a valid DELETE whose 204 documents `*/*` content with an object schema (Miro's delete-*-item)",
  framing:
    'Prism answers with both Content-Length and Transfer-Encoding (RFC 9112 §6.2: a sender MUST NOT send Content-Length in a message with Transfer-Encoding), which is not a valid HTTP answer',
  formArray:
    "Prism reads a form array sent as repeated pairs (`email_address=a&email_address=b`, OAS 3.0.3 §4.8.14.4: style form with explode, a form's default encoding) as one value and answers the documented 422 ('must be array')",
  contentTypeParam:
    'the document contradicts itself and Prism takes the other side: ImageBuild consumes application/octet-stream but declares a `Content-type` header parameter with enum application/x-tar; the kit ignores a header parameter named Content-Type (OAS 3.0.3 §4.7.12.1, the model 2.0 is upgraded to) and sends the consumed type, Prism applies the enum and answers the documented 400',
} as const;

export interface Expected {
  readonly check: string;
  readonly why: keyof typeof WHY;
  /** Only results of this operation (for a reason that holds on some operations only). */
  readonly operation?: string;
  /** Only results whose message matches (to tell two reasons of one check apart). */
  readonly message?: RegExp;
  /**
   * Prism shows it on some runs only (say why beside it): allowed, not required. Every other
   * expectation must fire, so a stricter check that stops firing is still caught.
   */
  readonly intermittent?: true;
}

/** A failure caused by the runner's own request or reading, not by Prism; kept until fixed. */
export interface RunnerBug {
  /** The checks it makes fail (one cause may show in several, depending on how the answer arrives). */
  readonly checks: readonly string[];
  readonly operations: readonly string[];
  readonly message?: RegExp;
  readonly evidence: string;
}

export interface DocumentExpectation {
  readonly prism: readonly Expected[];
  readonly runnerBugs?: readonly RunnerBug[];
  /** Share of the operations asked for that must be exercised (a documented success seen); 0.9 unless said. */
  readonly minCoverage?: number;
}

/** Shorthand: these checks fail for these reasons, on any operation. */
export const fails = (entries: Readonly<Record<string, keyof typeof WHY>>): Expected[] =>
  Object.entries(entries).map(([check, why]) => ({ check, why }));

export interface PrismRun {
  readonly contract: Contract;
  readonly report: RunReport;
}

export interface ServedByPrism {
  readonly contract: Contract;
  readonly prism: RunningPrism;
}

/**
 * Prism's mock on one document. Prism takes its time to start on a large document on a loaded
 * machine (Discord: over a minute), hence the long start limit. Prism's mock is stateless, so
 * several runs (slices of one document's operations) may share one.
 */
export async function servePrism(doc: Pick<CorpusDocument, 'file'>, host?: PrismHost): Promise<ServedByPrism> {
  const contract = await loadContract(doc.file);
  // Without Prism's check of its own answers: it changes none of them, and was 87 % of Prism's CPU on Discord.
  // Nor its request log, which the runs never read (prism.ts `quiet`).
  const how = { mode: 'mock', checkOwnAnswers: false, quiet: true } as const;
  // A file that serves several documents one after another serves them from one Prism process (prism-host.ts).
  return {
    contract,
    prism: host ? await host.serve(how, doc.file, scaled(240_000)) : await startPrism(how, doc.file, scaled(240_000)),
  };
}

/** The runner against a served document (or a slice of its operations), examples 1. */
export async function runAgainstPrism(
  { contract, prism }: ServedByPrism,
  pick?: (contract: Contract) => readonly string[],
): Promise<PrismRun> {
  // Prism serves the paths as written, without the servers' base path: the runner must find
  // that out by itself (no --base-path here), as a user pointing it at Prism would expect.
  const report = await runConformance({
    target: prism.url,
    contract,
    apiKey: 'conformance-key',
    bearer: 'conformance-token',
    basic: 'user:pass',
    examples: 1,
    // Prism answers a large document slowly when the suite's other files load both cores (Discord:
    // seconds per request): these runs judge what Prism answers, not how fast, so a slow answer
    // must not turn into a timeout the expectations would have to list (stretched with the load: test/load-scale.ts).
    timeoutMs: scaled(30_000),
    operations: pick?.(contract),
  });
  return { contract, report };
}

/** One Prism for one run of the runner (or a slice of its operations), stopped after it. */
export async function runOnPrism(
  doc: Pick<CorpusDocument, 'file'>,
  pick?: (contract: Contract) => readonly string[],
  host?: PrismHost,
): Promise<PrismRun> {
  const served = await servePrism(doc, host);
  try {
    return await runAgainstPrism(served, pick);
  } finally {
    await served.prism.close();
  }
}

const line = (r: CheckResult): string => `${r.check} › ${r.operation}: ${r.message.slice(0, 300)}`;

/** The run is judged (no internal error), covers ≥ 90 % of what it was asked to, and fails exactly as expected. */
export function expectTwoSided(
  name: string,
  { contract, report }: PrismRun,
  expected: DocumentExpectation | undefined,
): void {
  if (!expected) throw new Error(`${name}: no Prism expectation written`);
  expect(report.internalErrors ?? [], name).toEqual([]);
  expect(exitCodeFor(report)).toBe(1);
  if (contract.basePath !== '')
    expect(report.notices?.join('\n'), name).toContain(`without the base path ${contract.basePath}`);
  const coverage = report.coverage;
  expect(coverage, name).toBeDefined();
  expect(
    (coverage?.exercised ?? 0) / (coverage?.total ?? 1),
    JSON.stringify(coverage?.notExercised),
  ).toBeGreaterThanOrEqual(expected.minCoverage ?? 0.9);

  const bugs = expected.runnerBugs ?? [];
  const bugHits = bugs.map(() => 0);
  const prismHits = expected.prism.map(() => 0);
  const unexplained: string[] = [];
  for (const r of report.results.filter((x) => x.status === 'failed')) {
    // A runner bug first: a result it explains must not count as Prism's.
    const bug = bugs.findIndex(
      (b) => b.checks.includes(r.check) && b.operations.includes(r.operation) && (b.message?.test(r.message) ?? true),
    );
    if (bug >= 0) {
      bugHits[bug] = (bugHits[bug] ?? 0) + 1;
      continue;
    }
    const hit = expected.prism.findIndex(
      (e) =>
        e.check === r.check &&
        (e.operation === undefined || e.operation === r.operation) &&
        (e.message?.test(r.message) ?? true),
    );
    if (hit >= 0) prismHits[hit] = (prismHits[hit] ?? 0) + 1;
    else unexplained.push(line(r));
  }
  expect(unexplained, `${name}: failures no expectation explains`).toEqual([]);
  const silent = [
    ...expected.prism
      .filter((e, i) => prismHits[i] === 0 && e.intermittent !== true)
      .map((e) => `${e.check}${e.operation ? ` › ${e.operation}` : ''}: expected (${WHY[e.why]}) but did not fail`),
    ...bugs
      .filter((_, i) => bugHits[i] === 0)
      .map(
        (b) =>
          `${b.checks.join(' / ')} › ${b.operations.join(', ')}: the runner bug no longer fires (fixed? remove it): ${b.evidence}`,
      ),
  ];
  expect(silent, `${name}: expectations that did not fire`).toEqual([]);
}

/** Operations grouped by their first path segments (a resource and what hangs from it stay together), split in two halves. */
export function halfOfOperations(which: 0 | 1, segments = 4): (contract: Contract) => readonly string[] {
  return (contract) => {
    const key = (path: string): string =>
      path
        .split('/')
        .slice(0, segments + 1)
        .join('/');
    const keys = [...new Set(contract.operations.map((o) => key(o.path)))].sort();
    const first = new Set<string>();
    let count = 0;
    for (const k of keys) {
      if (count >= contract.operations.length / 2) break;
      first.add(k);
      count += contract.operations.filter((o) => key(o.path) === k).length;
    }
    return contract.operations.filter((o) => first.has(key(o.path)) === (which === 0)).map((o) => o.id);
  };
}
