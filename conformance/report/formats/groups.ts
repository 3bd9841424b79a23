import type { CheckResult } from '../../types.js';

/**
 * Failures (and warnings) grouped by cause, so that one defect reads as one item: a dropped
 * `Location` fails response_headers and location_names_resource on every create, and a workflow
 * that reads it; those are one cause with a count, not seven unrelated lines.
 *
 * A cause is derived from the result objects alone (the reporters get nothing else):
 * - a header the message names ("required header Location", "the Location header",
 *   `$response.header.Location`, or a leading "Location …" that is a header of the exchange),
 *   with whether it is missing or has a wrong value;
 * - else the body fields the message names as missing ("required property 'code'") or as read
 *   back different ("name: sent …, read …");
 * - else the message itself, with what varies from one operation to the next taken out (the
 *   operation's own name, numbers, quoted values, the "(3 of 4 exchanges failed…)" tally, the
 *   smallest failing input).
 * A warning that the contract omits a status ("contract omits 401: …") is one cause per status.
 * A workflow is its own rule: it joins another cause only through a single failed criterion on a
 * header; otherwise it stays a group of its own.
 */
export interface CauseGroup {
  /** The grouping key (stable across runs of the same defects). */
  readonly key: string;
  readonly status: 'failed' | 'warning';
  /** What the results have in common, in a few words: `header Location missing`, or the message. */
  readonly cause: string;
  /** The message of the first result, tallies removed: what a reader sees first. */
  readonly message: string;
  /** In report order. */
  readonly results: readonly CheckResult[];
  /** Distinct operations and checks of the results, in report order. */
  readonly operations: readonly string[];
  readonly checks: readonly string[];
}

/** A skip reason and the results it covers. */
export interface SkipReason {
  readonly reason: string;
  readonly results: readonly CheckResult[];
}

const HEADER_TOKEN = '[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*';

/** The tallies and inputs the runner appends to a message, which differ between results of one cause. */
export function cleanMessage(message: string): string {
  return message
    .replace(/\s*\(\d+ of \d+ exchanges? failed[^)]*\)/g, '')
    .replace(/;\s*(?:smallest )?failing input:[\s\S]*$/, '')
    .replace(/\s*\(The rule:[\s\S]*\)\s*$/, '')
    .trim();
}

const isWorkflow = (r: CheckResult): boolean => r.check.startsWith('workflow:');

function headerSubject(r: CheckResult, text: string): string | undefined {
  if (isWorkflow(r)) {
    // One failed criterion only ("criterion", not "criteria"): with several, the workflow's rule is the cause.
    if (!/success criterion not met:/.test(text)) return undefined;
    return new RegExp(`\\$response\\.header\\.(${HEADER_TOKEN})`).exec(text)?.[1];
  }
  const named =
    new RegExp(`\\bheader (${HEADER_TOKEN})\\b`).exec(text)?.[1] ??
    new RegExp(`\\b(${HEADER_TOKEN}) header\\b`).exec(text)?.[1];
  const headers = r.exchange?.response?.headers ?? {};
  const isHeader = (name: string): boolean => Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase());
  if (named !== undefined && (/^[A-Z]/.test(named) || isHeader(named))) return named;
  // "Location /pets/51 names 51…", "X-Total-Count says 57…", "Deprecation: true is not…": the first
  // word is the subject when the exchange has a header of that name.
  const lead = new RegExp(`^(${HEADER_TOKEN}):? `).exec(text)?.[1];
  if (lead !== undefined && isHeader(lead)) return lead;
  return undefined;
}

function fieldSubject(text: string): { fields: string; what: string } | undefined {
  const required = [...text.matchAll(/required property '([^']+)'/g)].map((m) => m[1] ?? '');
  if (required.length > 0) return { fields: [...new Set(required)].sort().join(', '), what: 'missing' };
  const differs = [...text.matchAll(/(?:^|: |; )([A-Za-z_][\w.[\]/-]*): sent .*?, read /g)].map((m) => m[1] ?? '');
  if (differs.length > 0) return { fields: [...new Set(differs)].sort().join(', '), what: 'read back different' };
  return undefined;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message with what varies between operations replaced: the operation's name, numbers, quoted values. */
function template(r: CheckResult, text: string): string {
  return text
    .replace(new RegExp(`\\b${escapeRegExp(r.operation)}\\b`, 'g'), '<operation>')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\d+/g, '#');
}

function causeOf(r: CheckResult): { key: string; cause: string } {
  const text = cleanMessage(r.message);
  const header = headerSubject(r, text);
  if (header !== undefined) {
    const missing = /\b(missing|without|absent|no [\w-]+ header)\b/i.test(text);
    const cause = `header ${header} ${missing ? 'missing' : 'with a wrong value'}`;
    return { key: `header:${header.toLowerCase()}:${missing ? 'missing' : 'value'}`, cause };
  }
  // The contract's omission of a status is one cause wherever it shows (status_code_documented,
  // auth_enforced, method_not_allowed…): one group per omitted status, across checks and operations.
  const omits = /^contract omits ([\d/]+):/.exec(text)?.[1];
  if (omits !== undefined && r.status === 'warning')
    return { key: `omits:${omits}`, cause: `the contract omits ${omits}` };
  if (!isWorkflow(r)) {
    const field = fieldSubject(text);
    if (field !== undefined)
      return {
        key: `field:${field.fields}:${field.what}`,
        cause: `body field${field.fields.includes(',') ? 's' : ''} ${field.fields} ${field.what}`,
      };
  }
  const t = template(r, text);
  // A workflow's failure is its own rule; other messages group across checks and operations. The
  // cause shown is the first message (with "<operation>" for its operation's name, set per group).
  return isWorkflow(r) ? { key: `workflow:${r.check}:${t}`, cause: r.check } : { key: `message:${t}`, cause: '' };
}

/**
 * What the messages of one group say in common: the operation's own name as `<operation>`, and
 * each number or quoted value that differs between them as `…` ("an unknown identifier answered …
 * instead of 404"); values they all share stay.
 */
function sharedMessage(results: readonly CheckResult[]): string {
  const VARIABLE = /("(?:[^"\\]|\\.)*"|\d+)/;
  const parts = results.map((r) => {
    const text = cleanMessage(r.message);
    return (
      new Set(results.map((x) => x.operation)).size > 1
        ? text.replace(new RegExp(`\\b${escapeRegExp(r.operation)}\\b`, 'g'), '<operation>')
        : text
    ).split(VARIABLE);
  });
  const [head, ...rest] = parts;
  if (head === undefined) return '';
  if (rest.some((p) => p.length !== head.length)) return head.join('');
  return head.map((part, i) => (i % 2 === 1 && rest.some((p) => p[i] !== part) ? '…' : part)).join('');
}

/** Failures, then warnings, each grouped by cause; groups in the order their first result comes. */
export function groupByCause(results: readonly CheckResult[]): CauseGroup[] {
  const groups = new Map<
    string,
    { status: 'failed' | 'warning'; cause: string; message: string; results: CheckResult[] }
  >();
  for (const status of ['failed', 'warning'] as const) {
    for (const r of results) {
      if (r.status !== status) continue;
      const { key, cause } = causeOf(r);
      const full = `${status}|${key}`;
      const group = groups.get(full);
      if (group) group.results.push(r);
      else groups.set(full, { status, cause, message: cleanMessage(r.message), results: [r] });
    }
  }
  return [...groups.entries()].map(([key, g]) => {
    const operations = [...new Set(g.results.map((r) => r.operation))];
    const cause = g.cause !== '' ? g.cause : sharedMessage(g.results);
    return {
      key,
      status: g.status,
      cause,
      message: g.message,
      results: g.results,
      operations,
      checks: [...new Set(g.results.map((r) => r.check))],
    };
  });
}

/**
 * Skipped results by reason, most frequent first. Reasons that differ only by the operation's own
 * name are one reason, shown with `<operation>` in its place.
 */
export function skipReasons(results: readonly CheckResult[]): SkipReason[] {
  const reasons = new Map<string, CheckResult[]>();
  for (const r of results) {
    if (r.status !== 'skipped') continue;
    const reason = cleanMessage(r.message).replace(
      new RegExp(`\\b${escapeRegExp(r.operation)}\\b`, 'g'),
      '<operation>',
    );
    const list = reasons.get(reason);
    if (list) list.push(r);
    else reasons.set(reason, [r]);
  }
  return [...reasons.entries()]
    .map(([reason, list]) => ({
      reason: new Set(list.map((r) => r.operation)).size > 1 ? reason : cleanMessage(list[0]!.message),
      results: list,
    }))
    .sort((a, b) => b.results.length - a.results.length);
}

/** `createPet, createCategory and 3 more`: a list that stays one line. */
export function shortList(items: readonly string[], max = 4): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
