/**
 * The zoo's services judged two ways (issue 32): by the runner's own requests, and from traffic —
 * each service's fidelity session (bench/fidelity) driven through `petstore-conformance proxy`.
 * Every deviation the runner finds with an answer-judging check must be found from traffic too,
 * where the traffic exercised it: the session got an answer of the same status from that operation.
 *
 *   npm run build && node dist/bench/zoo-traffic.js [NAME…]
 */
import { loadContract } from '../src/contract/index.js';
import { runConformance, SelectionError } from '../conformance/runner.js';
import { startProxy } from '../conformance/proxy/server.js';
import { obtainToken, withLoginInputs } from '../conformance/user-inputs.js';
import { TRAFFIC_CHECK_NAMES } from '../conformance/traffic/checks.js';
import type { RunReport } from '../conformance/types.js';
import { ZOO, zooService, type ZooService } from '../fixtures/zoo/services.js';
import { driveSession, passwordTokenUrl } from './fidelity/drive.js';
import { deriveSession } from './fidelity/session.js';

export interface ZooTraffic {
  readonly service: string;
  /** The runner's report; undefined when it refused the document (`runnerRefused` says why). */
  readonly runner: RunReport | undefined;
  readonly runnerRefused: string | undefined;
  readonly traffic: RunReport;
  /** `check › operation (status)` of each runner failure of an answer-judging check. */
  readonly deviations: readonly string[];
  /** Those the traffic exercised (an answer of the same status from that operation). */
  readonly exercised: readonly string[];
  /** The runner's deviations (but those shown by an undocumented method, which names no operation in traffic) the proxy in front of the runner did not fail. */
  readonly missedFromRunnerTraffic: readonly string[];
  /** Failures the proxy found in the runner's traffic that the runner did not report. */
  readonly onlyFromRunnerTraffic: readonly string[];
  /** Exercised deviations the traffic's report does not fail. */
  readonly missed: readonly string[];
  /** Failures from traffic the runner did not report (cell by cell). */
  readonly onlyFromTraffic: readonly string[];
}

/** Path and query: the runner's URL names the proxy, the proxy's names the service. */
const pathOf = (url: string): string => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The same request (method, path and query) answered with the same status. */
function sameExchange(a: RunReport['results'][number], b: RunReport['results'][number]): boolean {
  return (
    a.exchange !== undefined &&
    b.exchange !== undefined &&
    a.exchange.request.method.toUpperCase() === b.exchange.request.method.toUpperCase() &&
    pathOf(a.exchange.request.url) === pathOf(b.exchange.request.url) &&
    a.exchange.response?.status === b.exchange.response?.status
  );
}

export async function zooTraffic(zoo: ZooService): Promise<ZooTraffic> {
  const contract = await loadContract(zoo.document);
  const first = await zoo.start();
  // The runner's own requests go through a proxy too: what it reports, the proxy must find from them.
  const runnerProxy = await startProxy({ contract, upstream: first.url, port: 0, retain: true });
  let runner: RunReport | undefined;
  let runnerRefused: string | undefined;
  try {
    // A service behind an OAuth2 password flow is judged as a team gates it: --oauth2 USER:PASS, the
    // token obtained through the contract's own flow and the login's own inputs given.
    const login = zoo.credentials.oauth2;
    const token = login
      ? await obtainToken(
          contract,
          runnerProxy.url,
          { kind: 'password', user: login.username, pass: login.password },
          30_000,
        )
      : undefined;
    if (token && !token.ok)
      throw new Error(`${zoo.name}: the login through the contract's flow was refused: ${token.reason}`);
    runner = await runConformance({
      target: runnerProxy.url,
      contract,
      apiKey: zoo.credentials.apiKey,
      bearer: token?.token ?? zoo.credentials.bearer,
      ...(login ? { inputs: withLoginInputs(contract, {}, { user: login.username, pass: login.password }) } : {}),
      examples: 1,
      timeoutMs: 30_000,
    });
  } catch (error) {
    if (!(error instanceof SelectionError)) throw error;
    runnerRefused = error.message;
  } finally {
    await runnerProxy.close();
    await first.close();
  }
  const fromRunner = runnerProxy.judge.report(runnerProxy.exchanges, {
    contract,
    target: first.url,
    startedAt: new Date(),
  });
  const second = await zoo.start();
  const proxy = await startProxy({ contract, upstream: second.url, port: 0, retain: true });
  try {
    const tokenUrl = passwordTokenUrl(contract);
    const session = deriveSession(
      contract,
      tokenUrl === undefined ? undefined : new URL(tokenUrl, 'http://zoo.invalid/').pathname,
    );
    await driveSession(contract, session, proxy.url, zoo.credentials);
  } finally {
    await proxy.close();
    await second.close();
  }
  const traffic = proxy.judge.report(proxy.exchanges, { contract, target: second.url, startedAt: new Date() });
  // What the session's traffic showed, by method, operation and the request's kind as traffic reads it
  // (valid, invalid, without credentials): a deviation shown only by an invalid request (`{"name": null}`)
  // is not exercised by a session that sent only valid ones, whatever the status.
  const statusesSeen = new Map<string, Set<number>>();
  for (const t of proxy.exchanges) {
    const c = proxy.judge.convert(t, 0);
    if ('reason' in c || !t.response) continue;
    const key = `${t.method.toUpperCase()} ${c.op.id} ${c.exchange.kind}`;
    const set = statusesSeen.get(key) ?? new Set<number>();
    set.add(t.response.status);
    statusesSeen.set(key, set);
  }
  /** The kind traffic reads in the runner's own request behind a result (the same request through the runner's proxy). */
  const trafficKind = (r: RunReport['results'][number]): string | undefined => {
    const sent = r.exchange;
    if (!sent) return undefined;
    for (const t of runnerProxy.exchanges) {
      if (
        t.method.toUpperCase() !== sent.request.method.toUpperCase() ||
        pathOf(t.url) !== pathOf(sent.request.url) ||
        t.response?.status !== sent.response?.status
      )
        continue;
      if ((t.request.body?.toString('utf8') ?? '') !== (sent.request.body ?? '')) continue;
      const c = runnerProxy.judge.convert(t, 0);
      if (!('reason' in c)) return c.exchange.kind;
    }
    return undefined;
  };
  const failed = (runner?.results ?? []).filter((r) => r.status === 'failed' && TRAFFIC_CHECK_NAMES.includes(r.check));
  const label = (r: RunReport['results'][number]): string =>
    `${r.check} › ${r.operation} (${r.exchange?.response?.status ?? r.exchange?.error?.kind ?? '?'})`;
  // Exercised: the traffic got an answer of the same status from that operation, to the same method
  // (an undocumented method on the path, as the runner sends, names no operation in traffic).
  const exercisedResults = failed.filter(
    (r) =>
      r.exchange?.response !== undefined &&
      statusesSeen
        .get(`${r.exchange.request.method.toUpperCase()} ${r.operation} ${trafficKind(r) ?? 'positive'}`)
        ?.has(r.exchange.response.status) === true,
  );
  const trafficFailed = (op: string, check: string): boolean =>
    traffic.results.some((t) => t.operation === op && t.check === check && t.status === 'failed');
  const failedIn = (report: RunReport, op: string, check: string): boolean =>
    report.results.some((t) => t.operation === op && t.check === check && t.status === 'failed');
  return {
    missedFromRunnerTraffic: failed
      .filter((r) => r.exchange?.kind !== 'wrong_method' && !failedIn(fromRunner, r.operation, r.check))
      .map(label),
    // A failure the runner also reports on the same exchange (same request and status), under another
    // check, agrees: the runner calls a 400 to its unknown id a failure of not_found_for_unknown_id,
    // traffic (which cannot know the id is unknown) a valid request answered an undocumented 400.
    onlyFromRunnerTraffic: fromRunner.results
      .filter(
        (t) =>
          t.status === 'failed' &&
          !(runner?.results ?? []).some(
            (r) => r.operation === t.operation && r.status === 'failed' && (r.check === t.check || sameExchange(r, t)),
          ),
      )
      .map((t) => `${t.check} › ${t.operation}: ${t.message.slice(0, 200)}`),
    service: zoo.name,
    runner,
    runnerRefused,
    traffic,
    deviations: failed.map(label),
    exercised: exercisedResults.map(label),
    missed: exercisedResults.filter((r) => !trafficFailed(r.operation, r.check)).map(label),
    onlyFromTraffic: traffic.results
      .filter(
        (t) =>
          t.status === 'failed' &&
          !(runner?.results ?? []).some(
            (r) => r.operation === t.operation && r.check === t.check && r.status === 'failed',
          ),
      )
      .map((t) => `${t.check} › ${t.operation}: ${t.message.slice(0, 200)}`),
  };
}

if (process.argv[1]?.endsWith('zoo-traffic.js')) {
  const names = process.argv.slice(2);
  for (const zoo of names.length > 0 ? names.map(zooService) : ZOO) {
    const reason = zoo.unavailable();
    if (reason !== undefined) {
      process.stdout.write(`${zoo.name}: cannot run: ${reason}\n`);
      continue;
    }
    const r = await zooTraffic(zoo);
    process.stdout.write(
      `${zoo.name} (${zoo.framework}): ${r.runnerRefused !== undefined ? `the runner refused the document (${r.runnerRefused}); ` : ''}runner ${r.deviations.length} deviation(s) of answer checks; traffic (${r.traffic.requests} exchanges, ${r.traffic.traffic?.operations.seen ?? 0}/${r.traffic.traffic?.operations.total ?? 0} operations) exercised ${r.exercised.length}, missed ${r.missed.length}; ${r.onlyFromTraffic.length} failure(s) only from traffic\n` +
        [
          ...r.missed.map((m) => `  missed: ${m}`),
          ...r.onlyFromTraffic.map((m) => `  only from traffic: ${m}`),
          ...r.deviations.filter((d) => !r.exercised.includes(d)).map((d) => `  not exercised by the session: ${d}`),
        ].join('\n') +
        '\n',
    );
  }
}
