import { shellQuote, toCurl } from '../http/curl.js';
import type { StepRecord } from './interpreter.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A shell variable name for a step's output: letters, digits and underscores only. */
const variable = (step: string, output: string): string => `${step}_${output}`.replace(/[^A-Za-z0-9_]/g, '_');

/** Reads an RFC 6901 pointer from the JSON on stdin and prints the value: node is there wherever the kit runs. */
const READ_POINTER =
  `node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{let v=JSON.parse(s);` +
  `for(const k of process.argv[1].split("/").slice(1))v=v[k.replace(/~1/g,"/").replace(/~0/g,"~")];process.stdout.write(String(v))})'`;

/**
 * The steps of a workflow up to the one that failed, as a shell script of curl commands that runs
 * on a fresh server: a step's outputs read from its answer (`$response.body#/id`) become shell
 * variables, and the later requests that used them (a path parameter, a body field) read the
 * variables instead of the values this run happened to get (`categoryId 23`, `orders/46`). The
 * credentials are read from the environment (see http/curl.ts), never written out.
 */
export function reproduceScript(
  workflowId: string,
  records: readonly StepRecord[],
  failedStepId: string | undefined,
): string {
  const lines = [
    `# workflow ${workflowId}: ${records.length} request${records.length === 1 ? '' : 's'}${failedStepId ? `, the last one (step ${failedStepId}) fails` : ''}`,
  ];
  const known = new Set<string>(); // the variables set so far
  for (const r of records) {
    lines.push(`# step ${r.stepId} (${r.operation.id})`);
    // Each value taken from an earlier step's output is marked, then the marks become the variables.
    let url = r.request.url;
    let body = r.request.body;
    const marks = new Map<string, string>();
    for (const use of r.uses ?? []) {
      const name = variable(use.step, use.output);
      if (!known.has(name) || (typeof use.value !== 'number' && typeof use.value !== 'string')) continue;
      const mark = `__REPRODUCE_${marks.size}__`;
      if (use.in === 'path') {
        const segment = `/${encodeURIComponent(String(use.value))}`;
        const next = url.replace(new RegExp(`${escapeRegExp(segment)}(?=[/?#]|$)`), `/${mark}`);
        if (next === url) continue;
        url = next;
      } else if (body !== undefined) {
        const literal = `"${use.name}":${JSON.stringify(use.value)}`;
        if (!body.includes(literal)) continue;
        body = body.replace(
          literal,
          typeof use.value === 'number' ? `"${use.name}":${mark}` : `"${use.name}":"${mark}"`,
        );
      }
      marks.set(mark, name);
    }
    let command = toCurl({ ...r.request, url, body });
    for (const [mark, name] of marks) {
      // Inside a single-quoted word: close the quotes around the double-quoted variable; outside, the variable alone.
      const quoted = new RegExp(`'[^']*${mark}[^']*'`).test(command);
      command = command.replace(mark, quoted ? `'"\${${name}}"'` : `"\${${name}}"`);
    }
    const outputs = (r.outputs ?? []).filter((o) => typeof o.value === 'number' || typeof o.value === 'string');
    if (outputs.length === 0) {
      lines.push(command);
      continue;
    }
    // The answer is kept to read the outputs from: its body only (no -i), shown as it comes.
    const answer = variable(r.stepId, 'answer');
    lines.push(`${answer}=$(${command.replace(/^curl -sS -i /, 'curl -sS ')}); printf '%s\\n' "$${answer}"`);
    for (const o of outputs) {
      const name = variable(r.stepId, o.name);
      lines.push(`${name}=$(printf '%s' "$${answer}" | ${READ_POINTER} ${shellQuote(o.pointer)})`);
      known.add(name);
    }
  }
  return lines.join('\n');
}
