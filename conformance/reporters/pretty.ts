import type { ProgressEvent, RunReport } from '../types.js';
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
  out.push(`Conformance of ${report.target} (seed ${report.seed}, ${report.examples} example(s) per operation, ${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s)`);
  if (report.circuitBreaker) out.push(c('yellow', `Circuit breaker: ${report.circuitBreaker}`));
  if (report.coverage) out.push(`Operations exercised: ${report.coverage.exercised}/${report.coverage.total}`);
  out.push('');
  out.push('Checks:');
  m.checks.forEach((name, i) => out.push(`  ${String(i + 1).padStart(2)} ${name}`));
  out.push('');
  out.push(`${'operation'.padEnd(width)}  ${m.checks.map((_, i) => String(i + 1).padStart(2)).join(' ')}`);
  for (const op of m.operations) {
    const cells = m.checks.map((check) => {
      const r = m.cell(op, check);
      if (!r) return '  ';
      const symbol = ` ${SYMBOL[r.status]}`;
      return r.status === 'passed' ? c('green', symbol) : r.status === 'failed' ? c('red', symbol) : r.status === 'warning' ? c('yellow', symbol) : c('grey', symbol);
    });
    out.push(`${op.padEnd(width)}  ${cells.join(' ')}`);
  }
  out.push('');
  out.push(`  ${SYMBOL.passed} passed   ${SYMBOL.failed} failed   ${SYMBOL.warning} warning (x-stability, not counted without --strict)   ${SYMBOL.skipped} skipped   (blank: does not apply)`);
  const problems = report.results.filter((r) => r.status === 'failed' || r.status === 'warning');
  if (problems.length > 0) {
    out.push('');
    out.push(c('bold', 'Failures'));
    for (const r of problems) {
      out.push('');
      out.push(`${r.status === 'failed' ? c('red', '✗') : c('yellow', '!')} ${r.operation} › ${r.check}`);
      out.push(`  ${r.message}`);
      if (r.exchange?.response) out.push(`  got ${r.exchange.response.status} ${r.exchange.response.headers['content-type'] ?? ''}`.trimEnd());
      if (r.reproduce) out.push(`  reproduce: ${r.reproduce}`);
    }
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
  const coverage = report.coverage ? `; ${report.coverage.exercised}/${report.coverage.total} operations exercised` : '';
  out.push(`${verdict}: ${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.skipped} skipped${coverage}`);
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
