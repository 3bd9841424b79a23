import { describe, expect, it } from 'vitest';
import { parsePath, serialisePath } from './path.js';
import { contentText, type Parameter } from './values.js';

const p = (
  style: string | undefined,
  explode: boolean | undefined,
  type: 'string' | 'array' | 'object',
): Parameter => ({
  name: 'id',
  ...(style ? { style } : {}),
  ...(explode !== undefined ? { explode } : {}),
  schema: type === 'array' ? { type, items: { type: 'string' } } : { type },
});

const list = ['3', '4', '5'];
const rec = { role: 'admin', firstName: 'Alex' };

// Every path row of the OAS 3.0.3 §4.7.12.4 style examples table (RFC 6570 §3.2.2, §3.2.5, §3.2.7).
describe('path styles, both directions (OAS 3.0.3 §4.7.12.4)', () => {
  it.each<[string, Parameter, unknown, string]>([
    ['simple primitive', p(undefined, undefined, 'string'), '5', '5'],
    ['simple array', p('simple', false, 'array'), list, '3,4,5'],
    ['simple array, explode', p('simple', true, 'array'), list, '3,4,5'],
    ['simple object', p('simple', false, 'object'), rec, 'role,admin,firstName,Alex'],
    ['simple object, explode', p('simple', true, 'object'), rec, 'role=admin,firstName=Alex'],
    ['label primitive', p('label', false, 'string'), '5', '.5'],
    ['label array', p('label', false, 'array'), list, '.3,4,5'],
    ['label array, explode', p('label', true, 'array'), list, '.3.4.5'],
    ['label object', p('label', false, 'object'), rec, '.role,admin,firstName,Alex'],
    ['label object, explode', p('label', true, 'object'), rec, '.role=admin.firstName=Alex'],
    ['matrix primitive', p('matrix', false, 'string'), '5', ';id=5'],
    ['matrix array', p('matrix', false, 'array'), list, ';id=3,4,5'],
    ['matrix array, explode', p('matrix', true, 'array'), list, ';id=3;id=4;id=5'],
    ['matrix object', p('matrix', false, 'object'), rec, ';id=role,admin,firstName,Alex'],
    ['matrix object, explode', p('matrix', true, 'object'), rec, ';role=admin;firstName=Alex'],
    ['percent-encoded (RFC 3986 §2.1)', p(undefined, undefined, 'string'), 'a/b c', 'a%2Fb%20c'],
  ])('%s', (_construct, param, value, wire) => {
    expect(serialisePath(param, value)).toBe(wire);
    expect(parsePath(param, wire)).toEqual(value);
  });

  it('a label segment without its dot is not that parameter', () => {
    expect(parsePath(p('label', false, 'string'), '5')).toBeUndefined();
  });
});

describe('a path parameter given as JSON content (OAS 3.0.3 §4.7.12 content)', () => {
  const p: Parameter = { name: 'name', content: { 'application/json': { schema: { type: 'string' } } } };
  it('is sent as the JSON text and read as the value it names', () => {
    expect(serialisePath(p, 'Wallaby')).toBe('%22Wallaby%22');
    expect(contentText(p, '"Wallaby"')).toBe('Wallaby');
  });
  it('keeps text that is not a JSON scalar, and any parameter given by schema, as written', () => {
    expect(contentText(p, 'Wallaby')).toBe('Wallaby');
    expect(contentText(p, '["a","b"]')).toBe('["a","b"]');
    expect(contentText({ name: 'name', schema: { type: 'string' } }, '"x"')).toBe('"x"');
    expect(contentText({ name: 'name', content: { 'text/plain': {} } }, '"x"')).toBe('"x"');
  });
});

describe('a path parameter given by content in a type other than JSON (OAS 3.0.3 §4.7.12 content)', () => {
  it.each<[string, string, unknown, string]>([
    // [construct, content key, value, segment sent]
    [
      'a media range (telnyx.com): the text as written',
      '*/*',
      '4fb89635-c010-40db-8717-72669a05a8da',
      '4fb89635-c010-40db-8717-72669a05a8da',
    ],
    ['text/plain: the text as written', 'text/plain', 'Wallaby', 'Wallaby'],
    ['a number: its digits', 'text/plain', 42, '42'],
    ['a +json type: the JSON text', 'application/vnd.api+json', 'Wallaby', '%22Wallaby%22'],
  ])('%s', (_construct, type, value, sent) => {
    const p: Parameter = { name: 'id', content: { [type]: { schema: {} } } };
    expect(serialisePath(p, value)).toBe(sent);
    expect(contentText(p, decodeURIComponent(sent))).toBe(String(value));
  });
});
