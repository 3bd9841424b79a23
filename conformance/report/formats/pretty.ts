import type { ProgressEvent, RunReport } from '../../types.js';
import { groupByCause, shortList, skipReasons } from './groups.js';
import { matrix } from './matrix.js';

export interface PrettyOptions {
  /** ANSI colours: only when writing to a terminal. */
  readonly colour: boolean;
}

const codes = { red: 31, green: 32, yellow: 33, grey: 90, bold: 1 } as const;

function paint(colour: boolean): (c: keyof typeof codes, text: string) => string {
  return (c, text) => (colour ? `\u001b[${codes[c]}m${text}\u001b[0m` : text);
}

const SYMBOL = { passed: '✓', failed: '✗', skipped: '-', warning: '!' } as const;

/** The final table operation × check, the failures with their reproduce commands, and the summary. */
export function prettyReport(report: RunReport, options: PrettyOptions): string {
  const c = paint(options.colour);
  const m = matrix(report);
  const out: string[] = [];
  const width = Math.max(9, ...m.operations.map((o) => o.length));
  // Run-level notices first: one line each says what many cells would only hint at.
  for (const notice of report.notices ?? []) out.push(c('yellow', `Notice: ${notice}`));
  out.push(
    `Conformance of ${report.target} (seed ${report.seed}, ${report.examples} example(s) per operation, ${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s)`,
  );
  if (report.circuitBreaker) out.push(c('yellow', `Circuit breaker: ${report.circuitBreaker}`));
  if (report.coverage) out.push(`Operations exercised: ${report.coverage.exercised}/${report.coverage.total}`);
  out.push('');
  out.push('Checks:');
  for (const [i, name] of m.checks.entries()) out.push(`  ${String(i + 1).padStart(2)} ${name}`);
  out.push('');
  out.push(`${'operation'.padEnd(width)}  ${m.checks.map((_, i) => String(i + 1).padStart(2)).join(' ')}`);
  for (const op of m.operations) {
    const cells = m.checks.map((check) => {
      const r = m.cell(op, check);
      if (!r) return '  ';
      const symbol = ` ${SYMBOL[r.status]}`;
      return r.status === 'passed'
        ? c('green', symbol)
        : r.status === 'failed'
          ? c('red', symbol)
          : r.status === 'warning'
            ? c('yellow', symbol)
            : c('grey', symbol);
    });
    out.push(`${op.padEnd(width)}  ${cells.join(' ')}`);
  }
  out.push('');
  out.push(
    `  ${SYMBOL.passed} passed   ${SYMBOL.failed} failed   ${SYMBOL.warning} warning (x-stability, not counted without --strict)   ${SYMBOL.skipped} skipped   (blank: does not apply)`,
  );
  const groups = groupByCause(report.results);
  if (groups.length > 0) {
    const count = groups.reduce((n, g) => n + g.results.length, 0);
    out.push('');
    out.push(c('bold', `Failures and warnings: ${count} result(s) from ${groups.length} cause(s)`));
    // One block per cause: the count, what the results share, each result on one line, and one
    // command that replays it (every result's own command is in the JSON and HTML reports).
    for (const g of groups) {
      const mark = g.status === 'failed' ? c('red', '✗') : c('yellow', '!');
      out.push('');
      out.push(
        `${mark} ${c('bold', `${g.results.length}×`)} ${g.cause}${g.status === 'warning' ? c('yellow', ' (warning)') : ''}`,
      );
      for (const r of g.results) out.push(`  - ${r.operation} › ${r.check}: ${r.message}`);
      const first = g.results.find((r) => r.reproduce !== undefined);
      if (first?.exchange?.response)
        out.push(
          `  got ${first.exchange.response.status} ${first.exchange.response.headers['content-type'] ?? ''}`.trimEnd() +
            (g.results.length > 1 ? ` (${first.operation} › ${first.check})` : ''),
        );
      if (first?.reproduce)
        out.push(
          `  reproduce${g.results.length > 1 ? ` (${first.operation} › ${first.check})` : ''}: ${first.reproduce}`,
        );
    }
  }
  const skips = skipReasons(report.results);
  if (skips.length > 0) {
    out.push('');
    out.push(c('bold', `Skipped: ${report.summary.skipped} result(s), ${skips.length} reason(s)`));
    for (const s of skips)
      out.push(
        `  ${c('grey', `${s.results.length}×`)} ${s.reason} (${shortList(
          s.results.map((r) => `${r.operation} › ${r.check}`),
          3,
        )})`,
      );
  }
  const notExercised = report.coverage?.notExercised ?? [];
  if (notExercised.length > 0) {
    out.push('');
    out.push(c('bold', `Not exercised (${notExercised.length})`));
    for (const n of notExercised) out.push(`  - ${n.operation}: ${n.reason}`);
  }
  const s = report.summary;
  out.push('');
  const verdict = s.failed > 0 ? c('red', 'NOT CONFORMANT') : c('green', 'CONFORMANT');
  const coverage = report.coverage
    ? `; ${report.coverage.exercised}/${report.coverage.total} operations exercised`
    : '';
  out.push(
    `${verdict}: ${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.skipped} skipped${coverage}`,
  );
  return `${out.join('\n')}\n`;
}

/** Live progress on one line (a terminal) or occasional lines (a log), written by the CLI to stderr. */
export function progressPrinter(write: (text: string) => void, tty: boolean): (event: ProgressEvent) => void {
  let current = '';
  let last = 0;
  return (event) => {
    if (event.type === 'phase') {
      current = event.phase;
      if (!tty) write(`… ${current}\n`);
    } else if (event.type === 'exchange' && tty) {
      const now = Date.now();
      if (now - last < 50) return;
      last = now;
      write(`\r\u001b[2K  ${event.total} requests · ${current}`);
    } else if (event.type === 'done' && tty) {
      write('\r\u001b[2K');
    }
  };
}
