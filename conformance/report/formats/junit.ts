import type { CheckResult, RunReport } from '../../types.js';
import { groupByCause, shortList } from './groups.js';

/** XML 1.0 text: the five special characters escaped, characters XML cannot carry dropped (XML 1.0 §2.2). */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Seconds with millisecond precision, the unit of JUnit's `time` attributes. */
const seconds = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);

/**
 * The suite's start in the form the Ant JUnit schema declares for `timestamp`
 * (xs:dateTime without fraction or zone; the value is UTC, and the full
 * instant is in the `startedAt` property).
 */
const junitTimestamp = (iso: string): string =>
  Number.isNaN(Date.parse(iso)) ? iso : new Date(iso).toISOString().slice(0, 19);

/**
 * JUnit XML (the Ant/Surefire schema CI systems read): one testsuite; one testcase per passed or
 * skipped operation × check (classname = the operation); failures and warnings one testcase per
 * cause (conformance/report/formats/groups.ts), named with the count of results it covers and listing
 * each of them (message, request, answer, reproduce command), so that one defect is one red line
 * in CI. failed → <failure>, skipped → <skipped>, warning → a passing testcase whose
 * <system-out> carries the warning (it does not fail the build without --strict). A testcase's
 * `time` is the wall time of the answers its results judged; run-level notices and the counts of
 * results (which `failures` no longer equals) go in the suite's properties and <system-out>.
 */
export function junitReport(report: RunReport): string {
  const { summary } = report;
  const groups = groupByCause(report.results);
  const failedGroups = groups.filter((g) => g.status === 'failed').length;
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const total = report.results.filter((r) => r.status === 'passed' || r.status === 'skipped').length + groups.length;
  const suiteTime = seconds(report.durationMs);
  lines.push(
    `<testsuites name="petstore-conformance" tests="${total}" failures="${failedGroups}" errors="0" skipped="${summary.skipped}" time="${suiteTime}">`,
  );
  lines.push(
    `  <testsuite name="${xmlEscape(`conformance ${report.target}`)}" tests="${total}" failures="${failedGroups}" errors="0" skipped="${summary.skipped}" time="${suiteTime}" timestamp="${xmlEscape(junitTimestamp(report.startedAt))}">`,
  );
  lines.push('    <properties>');
  lines.push(`      <property name="target" value="${xmlEscape(report.target)}"/>`);
  lines.push(`      <property name="startedAt" value="${xmlEscape(report.startedAt)}"/>`);
  lines.push(`      <property name="seed" value="${report.seed}"/>`);
  lines.push(`      <property name="examples" value="${report.examples}"/>`);
  lines.push(`      <property name="failedResults" value="${summary.failed}"/>`);
  lines.push(`      <property name="warnings" value="${summary.warnings}"/>`);
  lines.push(`      <property name="causes" value="${groups.length}"/>`);
  if (report.coverage)
    lines.push(
      `      <property name="operationsExercised" value="${report.coverage.exercised} of ${report.coverage.total}"/>`,
    );
  for (const notice of report.notices ?? []) lines.push(`      <property name="notice" value="${xmlEscape(notice)}"/>`);
  lines.push('    </properties>');
  const detailsOf = (r: CheckResult): string =>
    r.exchange
      ? [
          `${r.operation} › ${r.check}: ${r.message}`,
          `  ${r.exchange.request.method} ${r.exchange.request.url}`,
          r.exchange.response
            ? `  → ${r.exchange.response.status} ${r.exchange.response.body.slice(0, 2000)}`
            : `  → ${r.exchange.error?.message ?? ''}`,
          `  reproduce: ${r.reproduce ?? ''}`,
        ].join('\n')
      : `${r.operation} › ${r.check}: ${r.message}`;
  for (const r of report.results) {
    const open = `    <testcase classname="${xmlEscape(r.operation)}" name="${xmlEscape(r.check)}" time="${seconds(r.durationMs ?? 0)}">`;
    if (r.status === 'passed') lines.push(`${open}</testcase>`);
    else if (r.status === 'skipped')
      lines.push(open, `      <skipped message="${xmlEscape(r.message)}"/>`, '    </testcase>');
  }
  for (const g of groups) {
    const n = g.results.length;
    const classname = g.operations.length === 1 ? g.operations[0]! : shortList(g.operations, 3);
    const name = n === 1 ? g.results[0]!.check : `${n}× ${g.cause}`;
    const time = seconds(g.results.reduce((ms, r) => ms + (r.durationMs ?? 0), 0));
    const open = `    <testcase classname="${xmlEscape(classname)}" name="${xmlEscape(name)}" time="${time}">`;
    const only = g.results[0]!;
    // A cause of one result reads as before grouping: its message, request, answer and reproduce command.
    const body =
      n === 1
        ? only.exchange
          ? [
              only.message,
              '',
              `${only.exchange.request.method} ${only.exchange.request.url}`,
              only.exchange.response
                ? `→ ${only.exchange.response.status} ${only.exchange.response.body.slice(0, 2000)}`
                : `→ ${only.exchange.error?.message ?? ''}`,
              '',
              `reproduce: ${only.reproduce ?? ''}`,
            ].join('\n')
          : only.message
        : `${n} results of one cause: ${g.cause}\n\n${g.results.map(detailsOf).join('\n\n')}`;
    if (g.status === 'failed') {
      const message = n === 1 ? g.results[0]!.message : `${n} results: ${g.message}`;
      lines.push(
        open,
        `      <failure message="${xmlEscape(message)}" type="${xmlEscape(g.checks.join(' '))}">${xmlEscape(body)}</failure>`,
        '    </testcase>',
      );
    } else {
      lines.push(
        open,
        `      <system-out>${xmlEscape(`WARNING (does not fail the run): ${body}`)}</system-out>`,
        '    </testcase>',
      );
    }
  }
  // `failures` counts causes, not results: say so where a reader of the XML sees both numbers (issue 30).
  const counts = `COUNTS: failures="${failedGroups}" counts causes (one failing testcase per cause, conformance/report/formats/groups.ts); they cover ${summary.failed} failed result${summary.failed === 1 ? '' : 's'} (operation × check, property failedResults), each listed inside its cause's testcase. ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'} are passing testcases carrying WARNING.`;
  lines.push(
    `    <system-out>${xmlEscape([counts, ...(report.notices ?? []).map((n) => `NOTICE: ${n}`)].join('\n'))}</system-out>`,
  );
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}
