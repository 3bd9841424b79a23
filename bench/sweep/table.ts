/** The sweep's per-document table (markdown and JSON) and its summary line. */
import type { DocumentOutcome } from './document.js';

export interface SweepSummary {
  readonly documents: number;
  readonly mockStarted: number;
  readonly plainGets: number;
  readonly plainGets5xx: number;
  readonly documentsWith5xx: number;
  /** Of the 5xx, those the operation documents as its answer beside no success. */
  readonly plainGetsDocumented5xx: number;
  /** Plain GETs answered although their documented schema admits no value (the mock's X-Mock-Document-Fault). */
  readonly plainGetsDocumentFaults: number;
  readonly documentsWithFaults: number;
  /** Documents the runner judged (mock started, runner neither refused nor crashed nor timed out). */
  readonly judged: number;
  readonly judgedClean: number;
  readonly failedResults: number;
}

export function summarise(outcomes: readonly DocumentOutcome[]): SweepSummary {
  const judged = outcomes.filter((o) => o.stage === 'ok');
  return {
    documents: outcomes.length,
    mockStarted: outcomes.filter((o) => o.mockStartMs !== undefined).length,
    plainGets: outcomes.reduce((n, o) => n + o.plainGets, 0),
    plainGets5xx: outcomes.reduce((n, o) => n + o.plainGets5xx, 0),
    documentsWith5xx: outcomes.filter((o) => o.plainGets5xx > 0).length,
    plainGetsDocumented5xx: outcomes.reduce((n, o) => n + o.plainGetsDocumented5xx, 0),
    plainGetsDocumentFaults: outcomes.reduce((n, o) => n + o.plainGetsDocumentFaults, 0),
    documentsWithFaults: outcomes.filter((o) => o.plainGetsDocumentFaults > 0).length,
    judged: judged.length,
    judgedClean: judged.filter((o) => o.failed === 0).length,
    failedResults: judged.reduce((n, o) => n + o.failed, 0),
  };
}

const pct = (a: number, b: number): string => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);

export function summaryLine(s: SweepSummary): string {
  return (
    `${s.documents} documents: mock started on ${s.mockStarted} (${pct(s.mockStarted, s.documents)}); ` +
    `plain GETs ${s.plainGets}, 5xx ${s.plainGets5xx} (on ${s.documentsWith5xx} documents; ${s.plainGetsDocumented5xx} documented as the operation's only answer), ` +
    `${s.plainGetsDocumentFaults} answered despite a schema that admits no value (document faults, on ${s.documentsWithFaults} documents); ` +
    `runner against mock: ${s.judgedClean} of ${s.documents} documents at 0 failures (${pct(s.judgedClean, s.documents)}), ` +
    `${s.documents - s.judged} not judged, ${s.failedResults} failing results`
  );
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** What went wrong, in a few words: the reason, the first 5xx, the first failures. */
export function detailOf(o: DocumentOutcome): string {
  if (o.stage !== 'ok') return `${o.stage}: ${o.reason ?? ''}`;
  const parts = [
    ...o.fiveXx.slice(0, 1),
    ...o.documentFaults.slice(0, 1).map((f) => `document fault: ${f}`),
    ...o.failures.slice(0, 2).map((f) => `${f.check} › ${f.operation}: ${f.message}`),
  ];
  return parts.join('; ').slice(0, 400);
}

export function markdownTable(outcomes: readonly DocumentOutcome[]): string {
  const rows = outcomes.map(
    (o) =>
      `| ${cell(o.id)} | ${o.openapi} | ${o.operations} | ${o.mockStartMs ?? '–'} | ${o.plainGets5xx}/${o.plainGets} | ${o.plainGetsDocumentFaults} | ${o.stage === 'ok' ? `${o.failed}/${o.judged}` : o.stage} | ${cell(detailOf(o))} |`,
  );
  return [
    '| document | openapi | operations | mock start ms | GETs 5xx | GETs document faults | runner failed/judged | first problems |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}
