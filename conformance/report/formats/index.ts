import type { RunReport } from '../../types.js';
import { htmlReport } from './html.js';
import { jsonReport } from './json.js';
import { junitReport } from './junit.js';
import { prettyReport } from './pretty.js';

export const REPORTERS = ['pretty', 'json', 'junit', 'html'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export function isReporterName(value: string): value is ReporterName {
  return (REPORTERS as readonly string[]).includes(value);
}

/** Renders the report with one reporter; colour only matters to pretty. */
export function render(name: ReporterName, report: RunReport, colour: boolean): string {
  switch (name) {
    case 'pretty':
      return prettyReport(report, { colour });
    case 'json':
      return jsonReport(report);
    case 'junit':
      return junitReport(report);
    case 'html':
      return htmlReport(report);
  }
}

export { progressPrinter } from './pretty.js';
