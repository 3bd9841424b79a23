import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComposed } from '../../conformance/composed-run.js';
import { groupByCause, skipReasons } from '../../conformance/report/formats/groups.js';
import { htmlReport } from '../../conformance/report/formats/html.js';
import { jsonReport } from '../../conformance/report/formats/json.js';
import { junitReport } from '../../conformance/report/formats/junit.js';
import { prettyReport } from '../../conformance/report/formats/pretty.js';
import type { CheckResult, RunReport } from '../../conformance/types.js';
import { loadWorkflows } from '../../conformance/workflows/load.js';
import { DEFECTS } from '../../fixtures/broken/defects.js';
import { startDefectProxy } from '../../fixtures/broken/proxy.js';
import { loadContract, packageRoot } from '../../src/contract/index.js';
import { start } from '../../src/index.js';
import { scaled } from '../load-scale.js';

// Issue 21 item 4: one defect (201 answers without Location) gives several failures (response_headers
// and location_names_resource on every create, and the createReadList workflow); every reporter shows
// them as one cause with its count, and the pretty output says why each skip happened.

const result = (
  operation: string,
  check: string,
  message: string,
  status: CheckResult['status'] = 'failed',
  headers: Record<string, string> = {},
): CheckResult => ({
  operation,
  check,
  status,
  message,
  exchange: {
    request: { method: 'GET', url: 'http://127.0.0.1:1/x', headers: {} },
    response: { status: 200, headers, body: '', durationMs: 1 },
  } as unknown as CheckResult['exchange'],
  smallestInput: undefined,
  reproduce: 'curl -sS -i http://127.0.0.1:1/x',
  judged: 1,
});

describe('groupByCause (unit)', () => {
  it('one header missing across checks and operations is one cause; another header, a wrong value, or a warning is another', () => {
    const groups = groupByCause([
      result(
        'createPet',
        'response_headers',
        'required header Location is missing on 201 (3 of 4 exchanges failed, 1 distinct violations); smallest failing input: body {"name":"c"}',
      ),
      result('createCategory', 'location_names_resource', '201 without the documented Location header'),
      result('listOrders', 'response_headers', 'required header X-Total-Count is missing on 200'),
      result('listPets', 'paging_truthful', 'X-Total-Count says 57, walking the pages gave 1 items', 'failed', {
        'x-total-count': '57',
      }),
      result('placeOrder', 'response_headers', 'required header Location is missing on 201', 'warning'),
    ]);
    expect(groups.map((g) => [g.status, g.cause, g.results.length])).toEqual([
      ['failed', 'header Location missing', 2],
      ['failed', 'header X-Total-Count missing', 1],
      ['failed', 'header X-Total-Count with a wrong value', 1],
      ['warning', 'header Location missing', 1],
    ]);
  });

  it('the same message on several operations is one cause (operation names, numbers and tallies aside); different messages stay apart', () => {
    const groups = groupByCause([
      result(
        'createPet',
        'auth_enforced',
        'createPet requires credentials but accepted the request with wrong credentials (answered 201)',
      ),
      result(
        'deletePet',
        'auth_enforced',
        'deletePet requires credentials but accepted the request with wrong credentials (answered 204)',
      ),
      result('getPet', 'not_found_for_unknown_id', 'an unknown identifier answered 200 instead of 404'),
      result(
        'createPet',
        'response_schema',
        "body must have required property 'code'; body must have required property 'message'",
      ),
      result(
        'createPet',
        'error_shape',
        "error body must have required property 'message'; error body must have required property 'code'",
      ),
    ]);
    expect(groups.map((g) => [g.cause, g.results.length])).toEqual([
      ['<operation> requires credentials but accepted the request with wrong credentials (answered …)', 2],
      ['an unknown identifier answered 200 instead of 404', 1],
      ['body fields code, message missing', 2],
    ]);
  });

  it('"contract omits N" warnings are one cause per status across checks and operations (issue 30)', () => {
    const groups = groupByCause([
      result(
        'createPet',
        'status_code_documented',
        'contract omits 401: createPet does not document it, and a request without credentials got 401',
        'warning',
      ),
      result(
        'deletePet',
        'status_code_documented',
        'contract omits 401: deletePet does not document it, and a request with wrong credentials got 401',
        'warning',
      ),
      result(
        'listPets',
        'method_not_allowed',
        'contract omits 405: no operation of /pets documents what an undocumented method gets, and PATCH got 404 (RFC 9110 §15.5.6 names 405)',
        'warning',
      ),
      result(
        'createPet',
        'malformed_json_rejected',
        'contract omits 400/422: createPet documents no status for malformed JSON, which got 415 (RFC 9110 §15.5.1 names 400)',
        'warning',
      ),
      result(
        'replacePet',
        'negative_data_rejected',
        'contract omits 401: replacePet does not document it, and a deliberately invalid request (field name: wrong type) got 401',
        'warning',
      ),
    ]);
    expect(groups.map((g) => [g.cause, g.results.length, g.checks.length])).toEqual([
      ['the contract omits 401', 3, 2],
      ['the contract omits 405', 1, 1],
      ['the contract omits 400/422', 1, 1],
    ]);
  });

  it('a workflow with several failed criteria is its own cause; skips are counted per reason', () => {
    const groups = groupByCause([
      result(
        'petstore.arazzo.yaml',
        'workflow:a',
        'step s (op): success criteria not met: $statusCode == 409 ($statusCode = 201); $response.header.Location matches /x/ (it is absent)',
      ),
      result('createPet', 'response_headers', 'required header Location is missing on 201'),
    ]);
    expect(groups).toHaveLength(2);
    const skips = skipReasons([
      result(
        'listPets',
        'filters_filter',
        'listPets has no query parameter named like a property of its items',
        'skipped',
      ),
      result(
        'listOrders',
        'filters_filter',
        'listOrders has no query parameter named like a property of its items',
        'skipped',
      ),
      result('getPet', 'sunset_enforced', 'not due yet', 'skipped'),
    ]);
    expect(skips.map((s) => [s.reason, s.results.length])).toEqual([
      ['<operation> has no query parameter named like a property of its items', 2],
      ['not due yet', 1],
    ]);
  });
});

describe('a dropped Location header (fixtures/broken missing-location) in every reporter', () => {
  let report: RunReport;
  let close: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const mock = await start({ port: 0 });
    const defect = DEFECTS.find((d) => d.name === 'missing-location');
    if (defect === undefined) throw new Error('fixtures/broken has no missing-location defect');
    const proxy = await startDefectProxy(mock.url, defect);
    close = async () => {
      await proxy.close();
      await mock.close();
    };
    const spec = join(packageRoot, 'openapi', 'petstore.yaml');
    const contract = await loadContract(spec);
    // As the CLI composes a run: checks, rules and the bundled workflows.
    const documents = await loadWorkflows({ files: undefined, disabled: false }, spec, spec, contract);
    report = (
      await runComposed({
        target: proxy.url,
        contract,
        contractSource: spec,
        documents,
        apiKey: 'dev-key',
        examples: 1,
      })
    ).report;
  }, scaled(120_000));

  afterAll(async () => {
    await close();
  });

  const failed = (): CheckResult[] => report.results.filter((r) => r.status === 'failed');

  it('gives several failures, on several operations and checks, all about Location', () => {
    const f = failed();
    // The README's figure: response_headers and location_names_resource on each of the 3 creates, and createReadList.
    expect(f.length).toBe(7);
    expect(new Set(f.map((r) => r.operation)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(f.map((r) => r.check))).toEqual(
      new Set(['response_headers', 'location_names_resource', 'workflow:createReadList']),
    );
    for (const r of f) expect(r.message).toMatch(/Location/);
  });

  it('pretty: one cause with its count, every result listed under it; skips one line per reason with counts', () => {
    const n = failed().length;
    const text = prettyReport(report, { colour: false });
    expect(text).toContain(`Failures and warnings: ${n} result(s) from 1 cause(s)`);
    expect(text.match(/^✗ /gm)).toEqual(['✗ ']);
    expect(text).toMatch(new RegExp(`^✗ ${n}× header Location missing$`, 'm'));
    for (const r of failed()) expect(text).toContain(`  - ${r.operation} › ${r.check}: ${r.message}`);
    const reasons = skipReasons(report.results);
    expect(reasons.length).toBeGreaterThan(0);
    expect(text).toContain(`Skipped: ${report.summary.skipped} result(s), ${reasons.length} reason(s)`);
    const lines = text.split('\n').filter((l) => /^ {2}\d+× /.test(l));
    expect(lines).toHaveLength(reasons.length);
    expect(lines.reduce((sum, l) => sum + Number(/^ {2}(\d+)×/.exec(l)?.[1]), 0)).toBe(report.summary.skipped);
  });

  it('JSON: the results as before, plus one group with its count and the results it covers', () => {
    const doc = JSON.parse(jsonReport(report)) as {
      results: unknown[];
      summary: { failed: number };
      groups: { status: string; cause: string; count: number; results: { operation: string; check: string }[] }[];
    };
    expect(doc.results).toHaveLength(report.results.length);
    expect(doc.summary.failed).toBe(failed().length);
    expect(doc.groups).toHaveLength(1);
    expect(doc.groups[0]).toMatchObject({ status: 'failed', cause: 'header Location missing', count: failed().length });
    expect(doc.groups[0]!.results).toEqual(
      expect.arrayContaining(failed().map((r) => ({ operation: r.operation, check: r.check }))),
    );
  });

  it('JUnit: one failing testcase for the cause, listing every result it covers', () => {
    const xml = junitReport(report);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toMatch(/<testsuite [^>]*failures="1"/);
    const testcase = /<testcase [^>]*>\s*<failure[\s\S]*?<\/testcase>/.exec(xml)?.[0] ?? '';
    expect(testcase).toContain(`name="${failed().length}× header Location missing"`);
    for (const r of failed()) expect(testcase).toContain(`${r.operation} › ${r.check}: `);
    expect(xml).toContain(`<property name="failedResults" value="${failed().length}"/>`);
    // failures= counts causes; the XML says so beside the number of failed results they cover.
    expect(xml).toContain(`COUNTS: failures=&quot;1&quot; counts causes`);
    expect(xml).toContain(`they cover ${failed().length} failed results`);
  });

  it('HTML: one cause block with its count, linking to each result', () => {
    const html = htmlReport(report);
    const blocks = html.match(/<li class="group"[^>]*>/g) ?? [];
    expect(blocks).toEqual([`<li class="group" data-status="failed" data-count="${failed().length}">`]);
    expect(html).toContain(
      `<b class="g-count">${failed().length}×</b> <span class="g-cause">header Location missing</span>`,
    );
    expect(html).toContain(`Failures and warnings by cause: ${failed().length} result(s) from 1 cause(s)`);
    for (const r of failed()) expect(html).toContain(`${r.operation} › ${r.check}</button>`);
  });
});
