import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { carriesOctet, nonUtf8Body } from '../../conformance/cases/non-utf8.js';
import { octetQuote } from '../../conformance/http/curl.js';

/** Issue 30 item 8: a body that only its encoding breaks (RFC 8259 §8.1), and its reproduce command. */
describe('a JSON body that is not UTF-8', () => {
  const octets = (latin1: string): Buffer => Buffer.from(latin1, 'latin1');

  it('carries 0xFF in the first string that, read as U+FFFD, leaves the body valid; every other octet is the UTF-8 of the valid body', () => {
    const body = { count: 1, email: 'a@example.com', name: 'Réx' };
    const emailOk = (v: unknown): boolean => /^[\w.]+@[\w.]+$/.test((v as { email: string }).email);
    const out = nonUtf8Body(body, emailOk);
    expect(out).toBeDefined();
    const sent = octets(out ?? '');
    expect(isUtf8(sent)).toBe(false);
    expect(sent).toEqual(
      Buffer.concat([
        Buffer.from('{"count":1,"email":"a@example.com","name":"Réx'),
        Buffer.from([0xff]),
        Buffer.from('"}'),
      ]),
    );
    // Read as a lenient server reads it, it is the valid body with U+FFFD: what nobody sent.
    expect(JSON.parse(sent.toString('utf8'))).toEqual({ ...body, name: 'Réx\ufffd' });
  });

  it('takes the first string when none stays valid, and gives none for a body without a string', () => {
    expect(octets(nonUtf8Body(['a', 'b'], () => false) ?? '')).toEqual(
      Buffer.from([0x5b, 0x22, 0x61, 0xff, 0x22, 0x2c, 0x22, 0x62, 0x22, 0x5d]),
    );
    expect(nonUtf8Body({ n: 1, ok: true, list: [2] })).toBeUndefined();
  });

  it('says whether a body has a place for the octet: a string that, read as U+FFFD, leaves it valid (else the runner draws the fullest body)', () => {
    const enumOnly = (read: unknown): boolean =>
      typeof read === 'object' && read !== null && ['pending', 'paid'].includes(String(Reflect.get(read, 'status')));
    expect(carriesOctet({ status: 'paid', note: null }, enumOnly)).toBe(false);
    expect(carriesOctet({ status: 'paid', note: 'x' }, enumOnly)).toBe(true);
    expect(carriesOctet({ n: 1 })).toBe(false);
  });

  it('is replayed octet for octet by its curl command (bash ANSI-C quoting)', () => {
    expect(octetQuote('{"a":"x\u00ff\'\\"}')).toBe(`$'{"a":"x\\xff\\'\\\\"}'`);
  });
});
