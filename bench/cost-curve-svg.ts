/**
 * The cost curve as a small hand-written SVG (no plotting dependency): two log–log panels, time to
 * ready and RSS at ready against document size, one marker shape per program. A program not ready
 * within the time limit is drawn hollow on the panel's top edge (it would be off the chart).
 */
import type { CurvePoint, CurveRow } from './cost-curve.js';

interface Series {
  readonly label: string;
  readonly colour: string;
  readonly pick: (row: CurveRow) => CurvePoint | undefined;
  readonly marker: (x: number, y: number, colour: string, hollow: boolean) => string;
}

const f = (n: number): string => n.toFixed(1);
const fill = (colour: string, hollow: boolean): string =>
  hollow ? `fill="white" stroke="${colour}" stroke-width="1.5"` : `fill="${colour}"`;
const SERIES: readonly Series[] = [
  {
    label: 'mock',
    colour: '#1f77b4',
    pick: (r) => r.mock,
    marker: (x, y, c, h) => `<circle cx="${f(x)}" cy="${f(y)}" r="4" ${fill(c, h)}/>`,
  },
  {
    label: 'Prism',
    colour: '#d62728',
    pick: (r) => r.prism,
    marker: (x, y, c, h) => `<rect x="${f(x - 3.5)}" y="${f(y - 3.5)}" width="7" height="7" ${fill(c, h)}/>`,
  },
  {
    label: 'runner plan',
    colour: '#2ca02c',
    pick: (r) => r.plan,
    marker: (x, y, c, h) =>
      `<path d="M${f(x)} ${f(y - 4.5)}L${f(x + 4.5)} ${f(y + 3.5)}L${f(x - 4.5)} ${f(y + 3.5)}Z" ${fill(c, h)}/>`,
  },
];

/** Decades covering [lo, hi], for log axes. */
function decades(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
}

function panel(
  rows: readonly CurveRow[],
  x0: number,
  title: string,
  value: (p: CurvePoint) => number | undefined,
  unit: string,
  limit?: number,
): string {
  const w = 300;
  const h = 200;
  const top = 34;
  const left = x0 + 44;
  const sizes = rows.map((r) => r.document.bytes / 1024);
  const values = rows
    .flatMap((r) => SERIES.map((s) => s.pick(r)).flatMap((p) => (p && p.outcome !== 'failed' ? [value(p)] : [])))
    .filter((v): v is number => v !== undefined && v > 0);
  if (limit !== undefined) values.push(limit);
  const xs = decades(Math.min(...sizes), Math.max(...sizes));
  const ys = decades(Math.min(...values), Math.max(...values));
  const [xlo, xhi] = [Math.log10(xs[0]!), Math.log10(xs[xs.length - 1]!)];
  const [ylo, yhi] = [Math.log10(ys[0]!), Math.log10(ys[ys.length - 1]!)];
  const px = (kb: number): number => left + ((Math.log10(kb) - xlo) / (xhi - xlo || 1)) * w;
  const py = (v: number): number => top + h - ((Math.log10(v) - ylo) / (yhi - ylo || 1)) * h;
  const label = (n: number): string => (n >= 1000 ? `${n / 1000}k` : String(n));
  const parts = [
    `<text x="${left}" y="${top - 12}" font-weight="bold">${title}</text>`,
    `<rect x="${left}" y="${top}" width="${w}" height="${h}" fill="none" stroke="#999"/>`,
    ...xs.map(
      (t) =>
        `<line x1="${f(px(t))}" y1="${top}" x2="${f(px(t))}" y2="${top + h}" stroke="#eee"/><text x="${f(px(t))}" y="${top + h + 14}" text-anchor="middle">${label(t)}</text>`,
    ),
    ...ys.map(
      (t) =>
        `<line x1="${left}" y1="${f(py(t))}" x2="${left + w}" y2="${f(py(t))}" stroke="#eee"/><text x="${left - 4}" y="${f(py(t) + 4)}" text-anchor="end">${label(t)}</text>`,
    ),
    `<text x="${left + w / 2}" y="${top + h + 30}" text-anchor="middle">document size (KB)</text>`,
    `<text x="${x0 + 10}" y="${top + h / 2}" transform="rotate(-90 ${x0 + 10} ${top + h / 2})" text-anchor="middle">${unit}</text>`,
  ];
  for (const s of SERIES) {
    // A thin line through the ready points, so each program reads as a curve.
    const ready = rows.flatMap((r) => {
      const p = s.pick(r);
      const v = p && p.outcome === 'ready' ? value(p) : undefined;
      return v !== undefined && v > 0 ? [`${f(px(r.document.bytes / 1024))},${f(py(v))}`] : [];
    });
    if (ready.length > 1)
      parts.push(`<polyline points="${ready.join(' ')}" fill="none" stroke="${s.colour}" stroke-opacity="0.4"/>`);
    for (const r of rows) {
      const p = s.pick(r);
      if (!p || p.outcome === 'failed') continue;
      const v = value(p);
      if (v === undefined || v <= 0) continue;
      const hollow = p.outcome === 'timeout';
      parts.push(
        s.marker(px(r.document.bytes / 1024), py(hollow && limit !== undefined ? limit : v), s.colour, hollow),
      );
    }
  }
  return parts.join('\n');
}

export function renderCostCurveSvg(
  rows: readonly CurveRow[],
  about: { readonly timeoutS: number; readonly caption: string },
): string {
  const width = 720;
  const height = 300;
  const legend = SERIES.map(
    (s, i) => `${s.marker(60 + i * 120, 282, s.colour, false)}<text x="${70 + i * 120}" y="286">${s.label}</text>`,
  ).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">
<rect width="${width}" height="${height}" fill="white"/>
${panel(rows, 0, 'time to first answer (s)', (p) => p.ms / 1000, 'seconds (log)', about.timeoutS)}
${panel(rows, 360, 'RSS at ready (MB)', (p) => p.rssMb, 'MB (log)')}
${legend}
<circle cx="420" cy="282" r="4" fill="white" stroke="#555" stroke-width="1.5"/><text x="430" y="286">hollow: not ready in ${about.timeoutS} s</text>
<text x="${width - 6}" y="${height - 2}" text-anchor="end" fill="#777" font-size="9">${about.caption.replace(/[<&]/g, '')}</text>
</svg>
`;
}
