import { describe, expect, it } from 'vitest';
import { zooTraffic } from '../../bench/zoo-traffic.js';
import { ZOO } from '../../fixtures/zoo/services.js';

/**
 * The zoo's real services behind the proxy, driven by their fidelity sessions (bench/fidelity): every
 * deviation the runner reports with an answer-judging check, where the session's traffic exercised it
 * (an answer of the same status from that operation), is reported from traffic too.
 */
describe('zoo services through the proxy', () => {
  for (const zoo of ZOO) {
    const reason = zoo.unavailable();
    if (reason !== undefined) console.warn(`SKIPPED: the zoo service ${zoo.name}: ${reason}`);
    it.skipIf(reason !== undefined)(`${zoo.name} (${zoo.framework}): the runner's deviations are found from traffic${reason ? ` — skipped: ${reason}` : ''}`, { timeout: 240_000 }, async () => {
      const r = await zooTraffic(zoo);
      console.log(`${zoo.name}: ${r.runnerRefused !== undefined ? `the runner refuses the document: ${r.runnerRefused}; ` : ''}runner ${r.deviations.length} deviation(s); traffic ${r.traffic.requests} exchanges, ${r.traffic.traffic?.operations.seen}/${r.traffic.traffic?.operations.total} operations; exercised ${r.exercised.length}, missed ${r.missed.length}\n  exercised: ${r.exercised.join('; ')}\n  not exercised: ${r.deviations.filter((d) => !r.exercised.includes(d)).join('; ')}\n  only from traffic: ${r.onlyFromTraffic.join('\n    ')}`);
      console.log(`  the runner's own traffic through the proxy: missed ${r.missedFromRunnerTraffic.join('; ') || 'none'}; only from it: ${r.onlyFromRunnerTraffic.join('; ') || 'none'}`);
      expect(r.traffic.requests).toBeGreaterThan(0);
      // The runner's own requests through the proxy: each deviation it reports is found from them too
      // (but one shown only by an undocumented method, which names no operation), and nothing else.
      expect(r.missedFromRunnerTraffic).toEqual([]);
      expect(r.onlyFromRunnerTraffic).toEqual([]);
      expect(r.missed).toEqual([]);
      // A failure from traffic the runner does not report is a false alarm of the traffic's judging, or a
      // deviation the runner missed: either way a disagreement to look at, so none is allowed.
      if (r.runner) expect(r.onlyFromTraffic).toEqual([]);
    });
  }
});
