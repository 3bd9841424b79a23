/**
 * `npm run fidelity [-- NAME…] [--differences] [--markdown FILE]`: the mock measured against the
 * services of the zoo (issue 29 item 2). For each service (all, or those named), a fresh instance and
 * the mock serving its committed document are driven through the session the document implies; one
 * table row per service, and with --differences every exchange where the two differ. --markdown also
 * writes the table (and the differences) to FILE, so the docs carry what the command measured.
 * Exits 1 when a service cannot run (its reason printed), 0 otherwise: the figures are measurements,
 * not a verdict.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ZOO, zooService, type ZooService } from '../fixtures/zoo/services.js';
import { measureFidelity, type Fidelity } from './fidelity/measure.js';

const { values, positionals } = parseArgs({
  options: { differences: { type: 'boolean', default: false }, markdown: { type: 'string' } },
  allowPositionals: true,
});

const chosen: ZooService[] = positionals.length > 0 ? positionals.map((name) => zooService(name)) : [...ZOO];
const rows: string[][] = [];
const notes: string[] = [];
const details: string[] = [];
/** Per service, the exchanges the second figure leaves out: the service's own departures from its document. */
const departures: string[] = [];
let failed = false;
/** A table cell: a pipe in the text would end the cell (GFM tables). */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
const pct = (part: number, whole: number): string => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`);

for (const zoo of chosen) {
  const reason = zoo.unavailable();
  if (reason !== undefined) {
    rows.push([zoo.name, zoo.framework, `cannot run: ${reason}`, '', '', '', '', '', '']);
    failed = true;
    continue;
  }
  const running = await zoo.start();
  let result: Fidelity;
  try {
    result = await measureFidelity(zoo, running);
  } finally {
    await running.close();
  }
  if (result.mockRefused !== undefined) {
    const sent = result.serviceExchanges.filter((e) => e.status !== 'skipped').length;
    const notSent = result.serviceExchanges.length - sent;
    rows.push([
      zoo.name,
      zoo.framework,
      `${sent}${notSent > 0 ? ` (+${notSent} not sent: no created id)` : ''}`,
      `mock refused the document: ${result.mockRefused}`,
      '',
      '',
      '',
      '',
      '',
    ]);
    continue;
  }
  const f = result.figures;
  rows.push([
    zoo.name,
    zoo.framework,
    `${f.exchanges}${f.notSent > 0 ? ` (+${f.notSent} not sent: no created id)` : ''}`,
    `${f.sameStatus}/${f.exchanges} (${pct(f.sameStatus, f.exchanges)})`,
    `${f.keptSameStatus}/${f.keptExchanges} (${pct(f.keptSameStatus, f.keptExchanges)})`,
    `${f.roundTripsMock}/${f.roundTrips} (service ${f.roundTripsService}/${f.roundTrips})`,
    `${f.errorsValidMock}/${f.errorsDocumentedMock}${f.errorsUndocumentedMock > 0 ? ` +${f.errorsUndocumentedMock} undocumented` : ''} (service ${f.errorsValidService}/${f.errorsDocumentedService}${f.errorsUndocumentedService > 0 ? ` +${f.errorsUndocumentedService} undocumented` : ''})`,
    f.listPages === 0 ? 'n/a' : `${f.listPagesSame}/${f.listPages}`,
    String(f.differences),
  ]);
  if (values.differences) {
    notes.push(`\n${zoo.name}: ${result.differences.length} differences (service → mock)`);
    for (const d of result.differences) notes.push(`  ${d.step} [${d.aspect}]: ${d.service} → ${d.mock}`);
  }
  if (f.departures.length > 0) {
    departures.push(
      `\n### ${zoo.name}: ${f.departures.length} left out\n`,
      '| step | service status | how it departs |',
      '| --- | --- | --- |',
    );
    for (const d of f.departures) departures.push(`| ${cell(d.step)} | ${d.status} | ${d.validity} |`);
  }
  details.push(`\n### ${zoo.name}: ${result.differences.length} differences\n`);
  if (result.differences.length > 0) details.push('| step | aspect | service | mock |', '| --- | --- | --- | --- |');
  for (const d of result.differences)
    details.push(`| ${cell(d.step)} | ${d.aspect} | ${cell(d.service)} | ${cell(d.mock)} |`);
}

const header = [
  'service',
  'framework',
  'exchanges',
  'same status',
  'same status where the service keeps its document',
  'round trips read back as sent (mock)',
  'error answers valid (mock)',
  'list pages as the service (mock)',
  'differences',
];
const table = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
console.log(table);
for (const line of notes) console.log(line);
if (values.markdown !== undefined) {
  const command = `npm run fidelity --${positionals.length > 0 ? ` ${positionals.join(' ')}` : ''} --markdown ${values.markdown}`;
  const text = [
    `<!-- written by \`${command}\`; do not edit by hand -->`,
    '',
    `# Fidelity of the mock against the zoo`,
    '',
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    table,
    '',
    'The raw figure is **same status**: every exchange the service was sent. Beside it, **same status',
    'where the service keeps its document** counts only the exchanges the service answered with a',
    'status its operation documents and a body valid against it, and not with a success to a request',
    'its document calls invalid; the mock is built to answer what the document promises, so the',
    "service's own departures are left out of that figure, and listed below.",
    '',
    '## Exchanges where the service departs from its document (left out of the second figure)',
    ...departures,
    '',
    '## Differences (service → mock)',
    ...details,
    '',
  ].join('\n');
  await writeFile(values.markdown, text);
  console.log(`\nwrote ${values.markdown}`);
}
process.exitCode = failed ? 1 : 0;
