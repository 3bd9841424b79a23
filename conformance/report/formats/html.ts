import type { CheckResult, Exchange, ResultStatus, RunReport } from '../../types.js';
import { groupByCause, skipReasons, type CauseGroup } from './groups.js';
import { matrix } from './matrix.js';

const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON safe inside a <script> element: `<` escaped so no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const SYMBOL: Readonly<Record<ResultStatus, string>> = { passed: '✓', failed: '✗', warning: '!', skipped: '–' };

/** A JSON body indented for reading; anything else as it came. */
export function prettyBody(body: string, contentType: string | undefined): string {
  const text = body.trim();
  const looksJson = /json/i.test(contentType ?? '') || /^[[{]/.test(text);
  if (!looksJson || text === '') return body;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return body;
  }
}

const headerLines = (headers: Readonly<Record<string, string>>): string =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

function requestText(e: Exchange): string {
  const r = e.request;
  const body =
    r.body !== undefined ? `\n\n${prettyBody(r.body, r.headers['content-type'] ?? r.headers['Content-Type'])}` : '';
  return `${r.method} ${r.url}\n${headerLines(r.headers)}${body}`;
}

function responseText(e: Exchange): string {
  if (e.response) {
    const r = e.response;
    return `HTTP ${r.status} (${r.durationMs} ms)\n${headerLines(r.headers)}${r.body === '' ? '' : `\n\n${prettyBody(r.body, r.headers['content-type'])}`}`;
  }
  return e.error ? `no response: ${e.error.kind}: ${e.error.message}` : '';
}

/** What a cell opens: everything the reader needs to understand and replay it. */
function detailOf(r: CheckResult, group: CauseGroup | undefined): Record<string, string> {
  return {
    op: r.operation,
    check: r.check,
    status: r.status,
    message: r.message,
    cause:
      group === undefined || group.results.length < 2
        ? ''
        : `One of ${group.results.length} results of one cause: ${group.cause} (see "Failures and warnings by cause" below).`,
    judged: `${r.judged} exchange(s) judged${r.durationMs !== undefined ? `, ${r.durationMs} ms of answers` : ''}`,
    request: r.exchange ? requestText(r.exchange) : '',
    response: r.exchange ? responseText(r.exchange) : '',
    reproduce: r.reproduce ?? '',
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function verdictOf(report: RunReport): { text: string; cls: string } {
  if (report.results.some((r) => r.operation === '(run)')) return { text: 'NO VERDICT', cls: 'failed' };
  return report.summary.failed > 0 ? { text: 'NOT CONFORMANT', cls: 'failed' } : { text: 'CONFORMANT', cls: 'passed' };
}

/**
 * One self-contained HTML file (inline style and script, no external resource,
 * works offline from file://): notices first, a summary header (verdict, counts,
 * target, contract, seed, duration, coverage), a legend, filters (status, check,
 * operation), the matrix of operations × checks, and a detail panel that opens
 * from any cell (message, request, response with JSON bodies indented, the curl
 * command that replays it). Ideas taken from Playwright's HTML report (status
 * chips that filter, counts on them) and Allure (an environment block, a
 * detail pane beside the overview).
 */
export function htmlReport(report: RunReport): string {
  const m = matrix(report);
  const groups = groupByCause(report.results);
  const groupOf = new Map<CheckResult, CauseGroup>();
  for (const g of groups) for (const r of g.results) groupOf.set(r, g);
  const details: Record<string, Record<string, string>> = {};
  const idOfResult = new Map<CheckResult, string>();
  let n = 0;
  const rows = m.operations
    .map((op) => {
      const cells = m.checks
        .map((check) => {
          const r = m.cell(op, check);
          if (!r) return `<td class="na" data-check="${escapeHtml(check)}" title="does not apply"></td>`;
          const id = `c${n++}`;
          details[id] = detailOf(r, groupOf.get(r));
          idOfResult.set(r, id);
          const label = `${op} › ${check}: ${r.status}`;
          return `<td class="${r.status}" data-id="${id}" data-check="${escapeHtml(check)}" data-status="${r.status}" title="${escapeHtml(`${label}. ${r.message}`)}" aria-label="${escapeHtml(label)}" role="button" tabindex="0">${SYMBOL[r.status]}</td>`;
        })
        .join('');
      return `<tr data-op="${escapeHtml(op)}"><th scope="row">${escapeHtml(op)}</th>${cells}</tr>`;
    })
    .join('\n');
  const s = report.summary;
  const verdict = verdictOf(report);
  const notices = report.notices ?? [];
  const coverage = report.coverage;
  const selectedOps = m.operations.filter((o) => o !== '(run)').length;
  const selectedChecks = m.checks.filter((c) => c !== 'run').length;
  const env: Array<[string, string]> = [
    [
      'Results',
      `${report.results.length}: <b class="t-passed">${s.passed} passed</b> · <b class="t-failed">${s.failed} failed</b> · <b class="t-warning">${s.warnings} warning(s)</b> · <b class="t-skipped">${s.skipped} skipped</b>`,
    ],
    ['Target', `<code>${escapeHtml(report.target)}</code>`],
    [
      'Contract',
      report.contract
        ? `${escapeHtml(report.contract.title)} ${escapeHtml(report.contract.version)} <span class="muted">(${escapeHtml(report.contract.source)})</span>`
        : '<span class="muted">not recorded</span>',
    ],
    ['Seed', `${report.seed} <span class="muted">(rerun with --seed ${report.seed})</span>`],
    ['Examples', `${report.examples} per operation`],
    ['Started', escapeHtml(report.startedAt)],
    [
      'Duration',
      `${seconds(report.durationMs)} · ${report.requests} request(s)${report.notSent ? ` · ${report.notSent} not sent` : ''}`,
    ],
    [
      'Coverage',
      coverage
        ? `${coverage.exercised} of ${coverage.total} operation(s) exercised`
        : selectedOps === 0
          ? 'nothing exercised: the run did not get to the checks'
          : `${selectedOps} operation(s) × ${selectedChecks} check(s) selected`,
    ],
    [
      'Mode',
      report.strict ? '--strict: x-stability failures count' : 'x-stability failures are warnings (no --strict)',
    ],
  ];
  const chip = (status: string, label: string, count: number): string =>
    `<button type="button" class="chip ${status}" data-status="${status}" aria-pressed="false">${label} <b>${count}</b></button>`;
  const problemCount = groups.reduce((k, g) => k + g.results.length, 0);
  const skips = skipReasons(report.results);
  const resultLink = (r: CheckResult): string =>
    `<button type="button" class="linkish" data-open="${idOfResult.get(r) ?? ''}">${escapeHtml(r.operation)} › ${escapeHtml(r.check)}</button>`;
  const groupItem = (g: CauseGroup): string =>
    `<li class="group" data-status="${g.status}" data-count="${g.results.length}"><div class="g-head"><span class="sym ${g.status}">${SYMBOL[g.status]}</span> <b class="g-count">${g.results.length}×</b> <span class="g-cause">${escapeHtml(g.cause)}</span>${g.status === 'warning' ? ' <span class="muted">(warning)</span>' : ''}</div>` +
    (g.results.length === 1
      ? `<p class="g-one">${resultLink(g.results[0]!)}: ${escapeHtml(g.results[0]!.message)}</p>`
      : `<ul class="g-results">${g.results.map((r) => `<li>${resultLink(r)}: ${escapeHtml(r.message)}</li>`).join('')}</ul>`) +
    '</li>';
  const checkOptions = m.checks.map((c) => `<option value="${escapeHtml(c)}">${escapeHtml(c)}</option>`).join('');
  const opOptions = m.operations.map((o) => `<option value="${escapeHtml(o)}">${escapeHtml(o)}</option>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(verdict.text)}: conformance of ${escapeHtml(report.target)}</title>
<style>
:root{--pass:#176b2c;--pass-bg:#d7f5dd;--fail:#a01010;--fail-bg:#f9d0d0;--warn:#7a5500;--warn-bg:#fff1c2;--skip:#5f5f5f;--skip-bg:#ececec;--line:#d0d0d0;--ink:#1d1d1f;--muted:#666;--focus:#1f5fd1}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:var(--ink);background:#fff}
main{padding:1.25rem 1.5rem 3rem;max-width:2400px;margin:0 auto}
h1{font-size:1.4rem;margin:0 0 .6rem;display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
h2{font-size:1.1rem;margin:1.6rem 0 .5rem}h3{font-size:.95rem;margin:1rem 0 .3rem}
.verdict{font-size:.85rem;padding:.2rem .6rem;border-radius:999px;letter-spacing:.04em}
.verdict.passed{background:var(--pass);color:#fff}.verdict.failed{background:var(--fail);color:#fff}
.muted{color:var(--muted)}.t-passed{color:var(--pass)}.t-failed{color:var(--fail)}.t-warning{color:var(--warn)}.t-skipped{color:var(--skip)}code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
#notices{border:1px solid #e0b400;background:#fff8dc;border-radius:6px;padding:.5rem .9rem;margin:0 0 1rem}#notices ul{margin:.2rem 0;padding-left:1.2rem}#notices strong{display:block}
.summary{display:flex;gap:1.5rem;flex-wrap:wrap;align-items:flex-start;margin-bottom:1rem}
.env{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .9rem;margin:0}.env dt{color:var(--muted)}.env dd{margin:0}
/* Two label/value pairs a row where there is room: the matrix starts higher on a laptop screen. */
@media (min-width:1100px){.summary{display:block}.env{grid-template-columns:max-content minmax(0,1fr) max-content minmax(0,1fr)}}
.toolbar{display:flex;gap:.6rem 1rem;flex-wrap:wrap;align-items:center;border-top:1px solid var(--line);border-bottom:1px solid var(--line);padding:.6rem 0;margin:.5rem 0}
.chips{display:flex;gap:.35rem;flex-wrap:wrap}
.chip{font:inherit;border:1px solid var(--line);background:#fff;border-radius:999px;padding:.2rem .7rem;cursor:pointer}
.chip[aria-pressed=true]{outline:2px solid var(--focus);outline-offset:1px;font-weight:600}
.chip.passed b{color:var(--pass)}.chip.failed b{color:var(--fail)}.chip.warning b{color:var(--warn)}.chip.skipped b{color:var(--skip)}
label select{font:inherit;margin-left:.3rem;max-width:16rem}
#reset{font:inherit;background:none;border:0;color:var(--focus);text-decoration:underline;cursor:pointer}
#shown{color:var(--muted)}
.legend{display:flex;gap:.4rem 1.1rem;flex-wrap:wrap;align-items:center;margin:.5rem 0}
.legend .sym{display:inline-block;min-width:1.6rem;text-align:center;font-weight:700;border-radius:3px;margin-right:.3rem}
.hint{margin:.3rem 0 .8rem;color:var(--muted)}#scroll-hint{margin:0 0 .3rem;position:sticky;left:0}
/* The matrix takes what it needs, the detail panel keeps at least 380 px (on a 1280 px laptop
   the matrix then scrolls inside its own box, operation names pinned, and the page never scrolls
   sideways); under 900 px the panel goes below the matrix. */
.layout{display:grid;grid-template-columns:minmax(0,max-content) minmax(380px,1fr);gap:1.25rem;align-items:start}
@media (max-width:900px){.layout{grid-template-columns:minmax(0,1fr)}}
.matrix{overflow-x:auto;max-width:100%;min-width:0}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:.3rem .45rem;text-align:center}
thead th{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:500;white-space:nowrap;vertical-align:bottom;font-size:.9em}
/* Long column names (workflow:orderTakesAndCancelReturnsStock) end in "…"; the full name is the title. */
thead th[data-check]>span{display:inline-block;max-height:12rem;overflow:hidden;text-overflow:ellipsis}
thead th:first-child{writing-mode:horizontal-tb;transform:none;text-align:left;vertical-align:bottom}
th[scope=row]{text-align:left;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:500;white-space:nowrap;position:sticky;left:0;z-index:1;background:#fff}
td{cursor:pointer;font-weight:700;min-width:2rem}
.passed{background:var(--pass-bg);color:var(--pass)}.failed{background:var(--fail-bg);color:var(--fail)}
.warning{background:var(--warn-bg);color:var(--warn)}.skipped{background:var(--skip-bg);color:var(--skip)}.na{background:#fafafa;cursor:default}
td[data-id]:hover{filter:brightness(.93)}td:focus-visible{outline:3px solid var(--focus);outline-offset:-3px}
td.open{outline:3px solid var(--focus);outline-offset:-3px;box-shadow:inset 0 0 0 5px #fff}tr.open-row th,thead th.open-col{background:#e8f0fe}
td.dim{opacity:.25}
.col-hidden,.row-hidden{display:none}
#empty{color:var(--muted)}
#detail{border:1px solid var(--line);border-radius:6px;padding:.4rem 1rem 1rem;position:sticky;top:.5rem;max-height:calc(100vh - 1rem);overflow:auto;min-width:0}
#detail-placeholder{border:1px dashed var(--line);border-radius:6px;padding:1rem;color:var(--muted)}
#d-head{display:flex;justify-content:space-between;align-items:start;gap:1rem}#d-title{font-size:1rem;margin:.6rem 0 .2rem;overflow-wrap:anywhere}
#d-status{font-weight:700;padding:.1rem .5rem;border-radius:4px}
#close,#copy{font:inherit;cursor:pointer;background:#f3f3f3;border:1px solid var(--line);border-radius:4px;padding:.1rem .5rem}
/* Bodies keep their words whole: lines wrap at spaces, only a token wider than the pane is broken. */
pre{background:#f6f6f6;padding:.6rem;overflow:auto;white-space:pre-wrap;word-break:normal;overflow-wrap:break-word;margin:0;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;tab-size:2}
#problems ol.groups{list-style:none;padding:0}.group{border:1px solid var(--line);border-radius:6px;padding:.45rem .8rem;margin:.5rem 0}.group[data-status=failed]{border-left:4px solid var(--fail)}.group[data-status=warning]{border-left:4px solid var(--warn)}
.g-head{font-size:1rem}.g-count{display:inline-block;min-width:2.4rem}.g-results{margin:.3rem 0 0;padding-left:1.3rem}.g-results li,.g-one{margin:.15rem 0;overflow-wrap:anywhere}.g-one{margin-top:.3rem}
#skips ul{padding-left:1.3rem}#skips li{margin:.2rem 0}
.linkish{font:inherit;background:none;border:0;padding:0;color:var(--focus);text-decoration:underline;cursor:pointer;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
footer{margin-top:2rem;color:var(--muted);font-size:.85em}
.env dd{overflow-wrap:anywhere;min-width:0}
/* Printed: A4 landscape, everything in colour, no controls; the matrix at a size that fits the page,
   an open cell's detail after it, then the causes. */
@media print{
@page{size:A4 landscape;margin:10mm}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{font-size:10px}main{padding:0;max-width:none}
.toolbar,#hint,#scroll-hint,#detail-placeholder,#close,#copy{display:none!important}
.layout{display:block}.matrix{overflow:visible}
th,td{padding:.1rem .2rem}td{min-width:0}th[scope=row]{position:static}
#detail{position:static;max-height:none;overflow:visible;margin-top:1rem;border:0;padding:0}
pre{font-size:9px}.group,#detail h3,#detail pre,tbody tr{break-inside:avoid}thead{display:table-header-group}
}
</style></head><body><main>
<h1>Conformance report <span class="verdict ${verdict.cls}" id="verdict">${verdict.text}</span></h1>
${notices.length > 0 ? `<section id="notices" role="note" aria-label="Notices"><strong>Read this first</strong><ul>${notices.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ul></section>` : ''}
<section class="summary" aria-label="Summary">
<dl class="env">${env.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
</section>
<section class="toolbar" aria-label="Filters">
<div class="chips" role="group" aria-label="Status">${chip('all', 'All', report.results.length)}${chip('failed', 'Failed', s.failed)}${chip('warning', 'Warnings', s.warnings)}${chip('passed', 'Passed', s.passed)}${chip('skipped', 'Skipped', s.skipped)}</div>
<label>Check<select id="f-check"><option value="">all checks</option>${checkOptions}</select></label>
<label>Operation<select id="f-op"><option value="">all operations</option>${opOptions}</select></label>
<button type="button" id="reset">reset filters</button>
<span id="shown" aria-live="polite"></span>
</section>
<div class="legend" id="legend" aria-label="Legend"><span><span class="sym passed">${SYMBOL.passed}</span>passed</span><span><span class="sym failed">${SYMBOL.failed}</span>failed</span><span><span class="sym warning">${SYMBOL.warning}</span>warning (not a failure of the server: the contract omits what it rightly answered, a SHOULD it skipped, or a failure of an x-stability operation, which fails only with --strict; the reason is in the cell)</span><span><span class="sym skipped">${SYMBOL.skipped}</span>skipped (the reason is in the cell)</span><span><span class="sym na" style="border:1px solid var(--line)">&nbsp;</span>blank: the check does not apply</span></div>
<p class="hint" id="hint">Click a cell (or Tab to it and press Enter) to open its message, request, response and the <code>curl</code> command that replays it. The open cell is outlined; Esc closes it.</p>
<div class="layout">
<div class="matrix"><p id="scroll-hint" class="muted" hidden>Wider than the window: scroll the matrix sideways (Shift + wheel, or the scroll bar under it) for the other columns.</p><table><thead><tr><th scope="col">operation</th>${m.checks.map((c) => `<th scope="col" data-check="${escapeHtml(c)}" title="${escapeHtml(c)}"><span>${escapeHtml(c)}</span></th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table><p id="empty" hidden>No cell matches these filters.</p></div>
<div>
<div id="detail-placeholder">No cell open yet.</div>
<section id="detail" hidden aria-live="polite"><div id="d-head"><h2 id="d-title"></h2><button type="button" id="close" aria-label="Close the details">✕</button></div>
<p><span id="d-status"></span> <span id="d-judged" class="muted"></span></p><p id="d-message"></p><p id="d-cause" class="muted" hidden></p>
<h3>Request</h3><pre id="d-request"></pre><h3>Response</h3><pre id="d-response"></pre>
<h3>Reproduce <button type="button" id="copy">copy</button></h3><pre id="d-reproduce"></pre></section>
</div>
</div>
<section id="problems"><h2>Failures and warnings by cause${problemCount === 0 ? '' : `: ${problemCount} result(s) from ${groups.length} cause(s)`}</h2>${
    problemCount === 0 ? '<p class="muted">None.</p>' : `<ol class="groups">${groups.map(groupItem).join('')}</ol>`
  }</section>
${
  skips.length > 0
    ? `<section id="skips"><h2>Skipped: ${s.skipped} result(s), ${skips.length} reason(s)</h2><ul>${skips.map((k) => `<li><b>${k.results.length}×</b> ${escapeHtml(k.reason)} <span class="muted">(${k.results.map(resultLink).join(', ')})</span></li>`).join('')}</ul></section>`
    : ''
}
${coverage && coverage.notExercised.length > 0 ? `<section id="not-exercised"><h2>Not exercised (${coverage.notExercised.length})</h2><ul>${coverage.notExercised.map((x) => `<li><code>${escapeHtml(x.operation)}</code>: ${escapeHtml(x.reason)}</li>`).join('')}</ul></section>` : ''}
<footer>petstore-conformance · one self-contained file: it loads nothing and works offline. The API key is never written out; reproduce commands read <code>$CONFORMANCE_API_KEY</code>.</footer>
</main>
<script id="data" type="application/json">${scriptJson(details)}</script>
<script>
(function(){
var data=JSON.parse(document.getElementById('data').textContent);
var $=function(id){return document.getElementById(id);};
var cells=[].slice.call(document.querySelectorAll('td[data-check]'));
var rows=[].slice.call(document.querySelectorAll('tbody tr'));
var heads=[].slice.call(document.querySelectorAll('thead th[data-check]'));
var chips=[].slice.call(document.querySelectorAll('.chip'));
var state={status:'all',check:'',op:''};
var open=null;
function statusMatches(td){return state.status==='all'||td.dataset.status===state.status;}
function apply(){
  var cols={},shownRows=0;
  rows.forEach(function(tr){
    var okOp=!state.op||tr.dataset.op===state.op,has=false;
    [].forEach.call(tr.querySelectorAll('td'),function(td){
      var okCheck=!state.check||td.dataset.check===state.check;
      if(okOp&&okCheck&&td.dataset.id&&statusMatches(td)){has=true;cols[td.dataset.check]=true;}
    });
    var show=okOp&&(state.status==='all'&&!state.check?true:has);
    tr.classList.toggle('row-hidden',!show);if(show)shownRows++;
  });
  var shownCols=0;
  heads.forEach(function(th){
    var c=th.dataset.check,show=(!state.check||c===state.check)&&(state.status==='all'?true:!!cols[c]);
    th.classList.toggle('col-hidden',!show);if(show)shownCols++;
  });
  var visible={};heads.forEach(function(th){visible[th.dataset.check]=!th.classList.contains('col-hidden');});
  cells.forEach(function(td){td.classList.toggle('col-hidden',!visible[td.dataset.check]);td.classList.toggle('dim',!!td.dataset.id&&!statusMatches(td));});
  chips.forEach(function(b){b.setAttribute('aria-pressed',String(b.dataset.status===state.status));});
  $('f-check').value=state.check;$('f-op').value=state.op;
  $('shown').textContent='showing '+shownRows+' of '+rows.length+' operation(s), '+shownCols+' of '+heads.length+' check(s)';
  $('empty').hidden=shownRows>0&&shownCols>0;
  var box=document.querySelector('.matrix');$('scroll-hint').hidden=box.scrollWidth<=box.clientWidth+1;
}
function show(id,focus){
  var d=data[id];if(!d)return;
  if(open)open.classList.remove('open');
  document.querySelectorAll('.open-row,.open-col').forEach(function(el){el.classList.remove('open-row','open-col');});
  open=document.querySelector('td[data-id="'+id+'"]');
  if(open){open.classList.add('open');var box=document.querySelector('.matrix'),cr=open.getBoundingClientRect(),br=box.getBoundingClientRect();if(cr.left<br.left||cr.right>br.right)box.scrollLeft+=cr.left-br.left-br.width/2;open.parentNode.classList.add('open-row');heads.forEach(function(th){if(th.dataset.check===open.dataset.check)th.classList.add('open-col');});}
  $('detail').hidden=false;$('detail-placeholder').hidden=true;
  $('d-title').textContent=d.op+' \\u203a '+d.check;
  var st=$('d-status');st.textContent=d.status;st.className=d.status;
  $('d-judged').textContent=d.judged;
  $('d-message').textContent=d.message;
  $('d-cause').textContent=d.cause;$('d-cause').hidden=!d.cause;
  ['request','response','reproduce'].forEach(function(k){$('d-'+k).textContent=d[k]||'(none: '+(d.status==='passed'?'shown for failures and warnings only':'no exchange')+')';});
  $('copy').hidden=!d.reproduce;
  if(history.replaceState)history.replaceState(null,'','#'+encodeURIComponent(d.op+'/'+d.check));
  var r=$('detail').getBoundingClientRect();if(r.top<0||r.top>window.innerHeight)$('detail').scrollIntoView({block:'start'});
  if(focus)$('close').focus();
}
function close(){document.querySelectorAll('.open-row,.open-col').forEach(function(el){el.classList.remove('open-row','open-col');});if(open){open.classList.remove('open');open.focus();}open=null;$('detail').hidden=true;$('detail-placeholder').hidden=false;if(history.replaceState)history.replaceState(null,'',location.pathname+location.search);}
cells.forEach(function(td){if(!td.dataset.id)return;
  td.addEventListener('click',function(){show(td.dataset.id,false);});
  td.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();show(td.dataset.id,false);}});});
document.querySelectorAll('[data-open]').forEach(function(b){b.addEventListener('click',function(){show(b.dataset.open,true);});});
chips.forEach(function(b){b.addEventListener('click',function(){state.status=b.dataset.status;apply();});});
$('f-check').addEventListener('change',function(e){state.check=e.target.value;apply();});
$('f-op').addEventListener('change',function(e){state.op=e.target.value;apply();});
$('reset').addEventListener('click',function(){state={status:'all',check:'',op:''};apply();});
$('close').addEventListener('click',close);
document.addEventListener('keydown',function(e){if(e.key==='Escape'&&open)close();});
$('copy').addEventListener('click',function(){var t=$('d-reproduce').textContent,b=$('copy');
  function done(ok){b.textContent=ok?'copied':'select and copy';setTimeout(function(){b.textContent='copy';},1500);}
  if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(t).then(function(){done(true);},function(){done(false);});
  else{var range=document.createRange();range.selectNodeContents($('d-reproduce'));var sel=getSelection();sel.removeAllRanges();sel.addRange(range);done(false);}});
apply();
window.addEventListener('resize',apply);
var h=decodeURIComponent(location.hash.slice(1));
if(h){for(var id in data){if(data[id].op+'/'+data[id].check===h){show(id,false);break;}}}
})();
</script>
</body></html>
`;
}
