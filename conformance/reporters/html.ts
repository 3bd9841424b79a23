import type { RunReport } from '../types.js';
import { matrix } from './matrix.js';

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON safe inside a <script> element: `<` escaped so no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * One self-contained HTML file (inline style and script, no external resource):
 * a matrix of operations × checks, colour-coded; clicking a failing (or any) cell
 * shows its message, request, response and reproduce command.
 */
export function htmlReport(report: RunReport): string {
  const m = matrix(report);
  const details: Record<string, unknown> = {};
  const rows = m.operations
    .map((op) => {
      const cells = m.checks
        .map((check) => {
          const r = m.cell(op, check);
          if (!r) return '<td class="na" title="does not apply"></td>';
          const id = `c${Object.keys(details).length}`;
          details[id] = {
            title: `${op} › ${check}: ${r.status}`,
            message: r.message,
            request: r.exchange ? `${r.exchange.request.method} ${r.exchange.request.url}\n${Object.entries(r.exchange.request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}${r.exchange.request.body !== undefined ? `\n\n${r.exchange.request.body}` : ''}` : '',
            response: r.exchange?.response
              ? `${r.exchange.response.status}\n${Object.entries(r.exchange.response.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${r.exchange.response.body}`
              : r.exchange?.error ? `${r.exchange.error.kind}: ${r.exchange.error.message}` : '',
            reproduce: r.reproduce ?? '',
          };
          const label = { passed: '✓', failed: '✗', skipped: '–', warning: '!' }[r.status];
          return `<td class="${r.status}" data-id="${id}" title="${escapeHtml(r.message)}" tabindex="0">${label}</td>`;
        })
        .join('');
      return `<tr><th scope="row">${escapeHtml(op)}</th>${cells}</tr>`;
    })
    .join('\n');
  const s = report.summary;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance report: ${escapeHtml(report.target)}</title>
<style>
body{font:14px system-ui,sans-serif;margin:1.5rem;color:#222}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .45rem;text-align:center}
thead th{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:500;white-space:nowrap}
th[scope=row]{text-align:left;font-family:monospace}
td{cursor:pointer;font-weight:700}.passed{background:#d7f5dd;color:#176b2c}.failed{background:#f9d0d0;color:#a01010}
.warning{background:#fff1c2;color:#8a6100}.skipped{background:#eee;color:#777}.na{background:#fafafa;cursor:default}
#detail{margin-top:1.5rem;border:1px solid #ccc;padding:1rem;display:none}pre{background:#f6f6f6;padding:.6rem;overflow:auto;white-space:pre-wrap;word-break:break-all}
.summary span{margin-right:1rem}
</style></head><body>
<h1>Conformance report</h1>
<p>Target <code>${escapeHtml(report.target)}</code> · seed ${report.seed} · ${report.examples} example(s) · ${report.requests} requests · ${(report.durationMs / 1000).toFixed(1)} s · ${escapeHtml(report.startedAt)}</p>
<p class="summary"><span class="passed">${s.passed} passed</span><span class="failed">${s.failed} failed</span><span class="warning">${s.warnings} warnings</span><span class="skipped">${s.skipped} skipped</span><strong>${s.failed > 0 ? 'NOT CONFORMANT' : 'CONFORMANT'}</strong></p>
<table><thead><tr><th>operation</th>${m.checks.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table>
<section id="detail"><h2 id="d-title"></h2><p id="d-message"></p><h3>Request</h3><pre id="d-request"></pre><h3>Response</h3><pre id="d-response"></pre><h3>Reproduce</h3><pre id="d-reproduce"></pre></section>
<script id="data" type="application/json">${scriptJson(details)}</script>
<script>
(function(){var data=JSON.parse(document.getElementById('data').textContent);
function show(id){var d=data[id];if(!d)return;var box=document.getElementById('detail');box.style.display='block';
['title','message','request','response','reproduce'].forEach(function(k){document.getElementById('d-'+k).textContent=d[k]||'(none)';});box.scrollIntoView({behavior:'smooth'});}
document.querySelectorAll('td[data-id]').forEach(function(td){td.addEventListener('click',function(){show(td.dataset.id);});
td.addEventListener('keydown',function(e){if(e.key==='Enter')show(td.dataset.id);});});})();
</script>
</body></html>
`;
}
