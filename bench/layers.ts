/**
 * Where the mock's CPU time goes, by layer, from a V8 CPU profile:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bin/petstore-mock.js --port 4599   (load it, e.g. with wrk; then Ctrl-C)
 *   node dist/bench/layers.js /tmp/prof/*.cpuprofile [SKIP=0.3]
 * Self time of each sample is given to the layer of its function's file; the first SKIP share of
 * the profile (start-up) is left out. Idle time is not counted.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const VALIDATOR =
  /node_modules\/(express-openapi-validator|ajv|ajv-formats|ajv-draft-04|json-schema-traverse|fast-uri|lodash\.[a-z]+|@apidevtools|media-typer)\//;

export function layerOf(frame: CallFrame): string | undefined {
  if (frame.functionName === '(idle)') return undefined;
  if (frame.functionName === '(garbage collector)') return 'garbage collection';
  if (!frame.url) return 'native (socket writes, JSON, V8)';
  if (VALIDATOR.test(frame.url)) return 'express-openapi-validator + ajv';
  if (frame.url.includes('/node_modules/')) return 'Express and its middlewares (router, body-parser, cors…)';
  if (frame.url.startsWith('node:')) return 'Node core (http, net, streams)';
  return 'the mock’s own code (src/)';
}

export function layers(profile: CpuProfile, skip: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const from = profile.startTime + (profile.endTime - profile.startTime) * skip;
  const sums = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    const layer = frame && t >= from ? layerOf(frame) : undefined;
    if (layer) sums.set(layer, (sums.get(layer) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  return sums;
}

const [file, skip = '0.3'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node dist/bench/layers.js PROFILE.cpuprofile [SKIP=0.3]\n');
  process.exit(2);
}
const sums = layers(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(skip));
const busy = [...sums.values()].reduce((a, b) => a + b, 0);
for (const [layer, us] of [...sums].sort((a, b) => b[1] - a[1])) {
  process.stdout.write(
    `${((100 * us) / busy).toFixed(0).padStart(3)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${layer}\n`,
  );
}
