import { describe, expect, it } from 'vitest';
import { acceptable, answerType, negotiate, parseAccept, typeWithin } from './negotiate.js';

describe('Accept negotiation (one reading for the mock and the runner)', () => {
  it.each<[string, string | undefined, readonly string[], string | undefined, string]>([
    // [construct, Accept, documented content keys, chosen (undefined: 406), source]
    [
      'no Accept field: as */*, JSON before another type',
      undefined,
      ['application/xml', 'application/json'],
      'application/json',
      'RFC 9110 §12.5.1',
    ],
    [
      'empty Accept field: as absent',
      '',
      ['application/xml', 'application/json'],
      'application/json',
      'RFC 9110 §12.5.1',
    ],
    ['exact type', 'application/json', ['application/xml', 'application/json'], 'application/json', 'RFC 9110 §12.5.1'],
    [
      'type and subtype case-insensitive',
      'Application/JSON',
      ['application/xml', 'application/json'],
      'application/json',
      'RFC 9110 §8.3.1',
    ],
    [
      "*/* takes the first documented (the server's order, as accepts/Prism)",
      '*/*',
      ['application/xml', 'application/json'],
      'application/xml',
      'RFC 9110 §12.5.1',
    ],
    [
      '*/* takes a documented type before a range listed ahead of it',
      '*/*',
      ['*/*', 'text/csv'],
      'text/csv',
      'RFC 9110 §12.5.1',
    ],
    ['type/* range', 'text/*', ['application/json', 'text/csv'], 'text/csv', 'RFC 9110 §12.5.1'],
    [
      'highest q wins',
      'application/xml;q=0.4, application/json;q=0.9',
      ['application/xml', 'application/json'],
      'application/json',
      'RFC 9110 §12.4.2',
    ],
    [
      "the runner's Accept prefers JSON",
      'application/json, */*;q=0.5',
      ['application/xml', 'application/json'],
      'application/json',
      'RFC 9110 §12.4.2',
    ],
    [
      "the runner's Accept takes a non-JSON type at q=0.5",
      'application/json, */*;q=0.5',
      ['text/csv'],
      'text/csv',
      'RFC 9110 §12.4.2',
    ],
    [
      'most specific range decides: a q=0 refusal',
      'application/json;q=0, */*',
      ['application/json', 'application/xml'],
      'application/xml',
      'RFC 9110 §12.5.1',
    ],
    [
      'q=0 refusal of the only documented type: 406',
      'application/json;q=0, */*',
      ['application/json'],
      undefined,
      'RFC 9110 §12.4.2, §15.5.7',
    ],
    ['nothing documented covered: 406', 'text/html', ['application/json'], undefined, 'RFC 9110 §15.5.7'],
    [
      'type/* refusal beaten by an exact type',
      'text/*;q=0, text/csv',
      ['text/plain', 'text/csv'],
      'text/csv',
      'RFC 9110 §12.5.1',
    ],
    [
      'equal q: the more specific match',
      'text/*, text/csv',
      ['text/plain', 'text/csv'],
      'text/csv',
      'RFC 9110 §12.5.1',
    ],
    [
      'equal q and specificity: the range listed first',
      'application/xml, application/json',
      ['application/json', 'application/xml'],
      'application/xml',
      "RFC 9110 §12.1 (server's choice)",
    ],
    [
      'media-range parameter must match',
      'text/plain;format=flowed',
      ['text/plain', 'text/plain; format=flowed'],
      'text/plain; format=flowed',
      'RFC 9110 §12.5.1',
    ],
    [
      'media-range parameter absent in the documented type: not covered',
      'application/json;charset=utf-8',
      ['application/json'],
      undefined,
      'RFC 9110 §12.5.1',
    ],
    [
      'documented parameters are covered by a bare range',
      'application/json',
      ['application/json; charset=utf-8'],
      'application/json; charset=utf-8',
      'RFC 9110 §12.5.1',
    ],
    ['documented */* answers any accepted type', 'application/json', ['*/*'], '*/*', 'OAS 3.0.3 §4.7.10'],
    [
      'documented image/* answers image/png',
      'image/png',
      ['application/json', 'image/*'],
      'image/*',
      'OAS 3.0.3 §4.7.10',
    ],
    [
      'documented image/* does not answer text/html',
      'text/html',
      ['image/*'],
      undefined,
      'OAS 3.0.3 §4.7.10, RFC 9110 §15.5.7',
    ],
    [
      'no Accept field: a documented type before a range listed ahead of it',
      undefined,
      ['*/*', 'application/json'],
      'application/json',
      'RFC 9110 §12.5.1',
    ],
    [
      'no Accept field: the first documented when none is JSON',
      undefined,
      ['text/csv', 'image/png'],
      'text/csv',
      'RFC 9110 §12.5.1',
    ],
    [
      'a documented type before a documented range of equal q',
      'application/json',
      ['*/*', 'application/json'],
      'application/json',
      "RFC 9110 §12.1 (server's choice)",
    ],
    [
      'malformed members ignored',
      'garbage, application/json',
      ['application/json'],
      'application/json',
      'RFC 9110 §12.5.1',
    ],
    ['only malformed members: nothing acceptable', 'garbage', ['application/json'], undefined, 'RFC 9110 §12.5.1'],
    [
      'a malformed weight makes its range unusable',
      'application/json;q=2, text/csv',
      ['application/json', 'text/csv'],
      'text/csv',
      'RFC 9110 §12.4.2',
    ],
    ['*/subtype is no media range', '*/json', ['application/json'], undefined, 'RFC 9110 §12.5.1'],
    [
      'quoted comma inside a parameter',
      'text/plain;x="a,b", application/json;q=0.1',
      ['text/plain; x=a,b', 'application/json'],
      'text/plain; x=a,b',
      'RFC 9110 §5.6.4',
    ],
    ['nothing documented', '*/*', [], undefined, 'RFC 9110 §12.5.1'],
  ])('negotiate: %s', (_construct, accept, documented, expected) => {
    expect(negotiate(accept, documented)).toBe(expected);
  });

  it.each<[string, string | undefined, string, boolean, string]>([
    ['covered at q>0', 'application/json, */*;q=0.5', 'text/html', true, 'RFC 9110 §12.5.1'],
    ['refused with q=0', 'application/json, text/html;q=0', 'text/html; charset=utf-8', false, 'RFC 9110 §12.4.2'],
    ['not covered', 'application/json', 'application/xml', false, 'RFC 9110 §12.5.1'],
    ['no Accept field', undefined, 'application/xml', true, 'RFC 9110 §12.5.1'],
  ])('acceptable: %s', (_construct, accept, type, expected) => {
    expect(acceptable(accept, type)).toBe(expected);
  });

  it.each<[string, string | undefined, string, string | undefined, string]>([
    ['a documented type labels itself', 'image/*', 'image/png', 'image/png', 'RFC 9110 §8.3'],
    [
      'a documented range takes the accepted type inside it',
      'text/html;q=0.2, image/webp;q=0.5, image/png',
      'image/*',
      'image/png',
      'RFC 9110 §12.5.1',
    ],
    [
      'a refused type inside the range is not taken',
      'image/png;q=0, image/webp',
      'image/*',
      'image/webp',
      'RFC 9110 §12.4.2',
    ],
    ['only ranges accepted: no concrete type', '*/*', 'image/*', undefined, 'RFC 9110 §8.3'],
    ['no Accept field: no concrete type', undefined, '*/*', undefined, 'RFC 9110 §8.3'],
  ])('answerType: %s', (_construct, accept, documented, expected) => {
    expect(answerType(accept, documented)).toBe(expected);
  });

  it.each([
    ['image/*', 'image/png'],
    ['text/*', 'text/plain'],
    ['audio/*', 'audio/mpeg'],
    ['application/*', 'application/octet-stream'],
    ['*/*', 'application/octet-stream'],
    ['image/png', 'image/png'],
    ['xml', 'application/octet-stream'],
  ])(
    'typeWithin(%s) is %s: a concrete type inside the range (RFC 9110 §8.3, RFC 2046 §4.1.3, §4.5.1)',
    (range, type) => {
      expect(typeWithin(range)).toBe(type);
    },
  );

  it('parseAccept keeps order, weights and parameters; several fields read as one list (RFC 9110 §5.3)', () => {
    expect(parseAccept(['text/html;level=1;q=0.7', 'Application/JSON'])).toEqual([
      { type: 'text', subtype: 'html', params: { level: '1' }, q: 0.7, order: 0 },
      { type: 'application', subtype: 'json', params: {}, q: 1, order: 1 },
    ]);
  });
});
