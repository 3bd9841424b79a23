// Routing table: which template (and which answer) a method and path reach.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractFromDocument, loadContract, packageRoot } from '../contract/index.js';
import { OperationMatcher, type RouteMatch } from './operations.js';

const outcome = (m: RouteMatch): string =>
  m.kind === 'operation' ? `${m.operation.id} ${JSON.stringify(m.params)}` : m.kind;

describe('a literal beside an expression in one segment (suffix-template-other-methods.yaml)', () => {
  let matcher: OperationMatcher;
  beforeAll(async () => {
    const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'suffix-template-other-methods.yaml');
    matcher = new OperationMatcher(await loadContract(spec));
  });

  it.each([
    // The suffix names its template only where diffType's own schema admits the value.
    ['GET', '/pulls/1.diff', 'downloadPullDiff {"index":"1","diffType":"diff"}'],
    ['PUT', '/pulls/1.patch', 'method-not-allowed'],
    // `5` is no diffType: the path is the item's, whose PATCH refuses the index itself (422, documented).
    ['PATCH', '/pulls/1.5', 'editPull {"index":"1.5"}'],
    ['GET', '/pulls/1.xyz', 'getPull {"index":"1.xyz"}'],
    ['GET', '/pulls/7', 'getPull {"index":"7"}'],
    // A custom method's literal suffix still names its own template first (Google's `{name}:verb`).
    ['POST', '/v1/x:query', 'queryDataset {"name":"x"}'],
    ['GET', '/v1/x:query', 'method-not-allowed'],
    ['GET', '/v1/x', 'getDataset {"name":"x"}'],
  ])('%s %s → %s', (method, path, expected) => {
    expect(outcome(matcher.match(method, path))).toBe(expected);
  });
});

describe('a concrete path for every value a template lists (concrete-paths-every-enum-value.yaml)', () => {
  let matcher: OperationMatcher;
  beforeAll(async () => {
    const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'concrete-paths-every-enum-value.yaml');
    matcher = new OperationMatcher(await loadContract(spec));
  });

  const allow = (m: RouteMatch): string =>
    m.kind === 'method-not-allowed' || m.kind === 'options' ? `${m.kind} ${m.allow}` : outcome(m);

  it.each([
    ['PUT', '/projects/1/services/asana', 'putAsana {"id":"1"}'],
    // The template lists `asana`: its GET and DELETE are the document's own requests.
    ['GET', '/projects/1/services/asana', 'getService {"id":"1","service_slug":"asana"}'],
    ['DELETE', '/projects/1/services/jira', 'deleteService {"id":"1","service_slug":"jira"}'],
    ['PATCH', '/projects/1/services/asana', 'method-not-allowed PUT, GET, DELETE'],
    ['OPTIONS', '/projects/1/services/asana', 'options PUT, GET, DELETE, HEAD, OPTIONS'],
  ])('%s %s → %s', (method, path, expected) => {
    expect(allow(matcher.match(method, path))).toBe(expected);
  });
});

describe('templates listing the values of their segments (listed-segment-beside-item.yaml)', () => {
  let matcher: OperationMatcher;
  beforeAll(async () => {
    const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'listed-segment-beside-item.yaml');
    matcher = new OperationMatcher(await loadContract(spec));
  });

  const site = '6f1b2a9e-0c1d-4e8f-9a7b-1c2d3e4f5a6b';
  it.each([
    // A listed value is the concrete path it names (mist.com's `{zone_type}/count`).
    ['GET', `/sites/${site}/zones/count`, `countSiteZoneSessions {"site_id":"${site}","zone_type":"zones"}`],
    // Values the path does not carry leave the listing template as open as its expressions (GitHub's
    // `/orgs/{org}/{security_product}/{enablement}`): the zone read keeps its path.
    ['GET', `/sites/${site}/zones/${site}`, `getSiteZone {"site_id":"${site}","zone_id":"${site}"}`],
    [
      'POST',
      `/sites/${site}/advanced_security/enable_all`,
      `enableProductForSite {"site_id":"${site}","product":"advanced_security","enablement":"enable_all"}`,
    ],
  ])('%s %s → %s', (method, path, expected) => {
    expect(outcome(matcher.match(method, path))).toBe(expected);
  });
});

describe('templates tried by their first segment and their count of `/` (indexes built once): the same match as trying every template', () => {
  let matcher: OperationMatcher;
  beforeAll(async () => {
    const get = (operationId: string): Record<string, unknown> => ({
      get: { operationId, responses: { '200': { description: 'ok' } } },
    });
    matcher = new OperationMatcher(
      await contractFromDocument({
        openapi: '3.0.3',
        info: { title: 'first segments', version: '1' },
        paths: {
          '/': get('root'),
          '/{tenant}/items': get('tenantItems'),
          '/users/items': get('userItems'),
          '/users/{id}': get('user'),
          '/users': get('users'),
          '/{tenant}': get('tenant'),
          '/v1/{name}:run': get('run'),
        },
      }),
    );
  });

  it.each([
    ['/', 'root {}'],
    ['/users', 'users {}'],
    ['/users/items', 'userItems {}'],
    ['/users/7', 'user {"id":"7"}'],
    // A first segment no template writes reaches only the templates opening with an expression.
    ['/acme/items', 'tenantItems {"tenant":"acme"}'],
    ['/acme', 'tenant {"tenant":"acme"}'],
    ['/v1/x:run', 'run {"name":"x"}'],
    ['/v1/x', 'unknown-path'],
    ['/acme/items/1', 'unknown-path'],
    // Then by their count of `/` (an expression takes none): an encoded one is the value's.
    ['/users/a%2Fb', 'user {"id":"a/b"}'],
    ['/users/7/', 'unknown-path'],
    ['/users/7/items/8/9/10', 'unknown-path'],
    ['//', 'unknown-path'],
  ])('GET %s → %s', (path, expected) => {
    expect(outcome(matcher.match('GET', path))).toBe(expected);
  });
});
