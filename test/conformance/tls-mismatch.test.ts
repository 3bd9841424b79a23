import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../src/index.js';
import { looksLikeProtocolMismatch, schemeMismatch } from '../../conformance/http/scheme.js';
import type { Exchange, TransportErrorKind } from '../../conformance/types.js';
import { buildIfStale, cli, STACK_TRACE } from './spawn-cli.js';
import { xmlProblems } from '../../conformance/checks/xml-wellformed.js';
import { scaled } from '../load-scale.js';

// Issue 13, item 9: https:// against plain HTTP (and the reverse) is one clear line, exit 2.
let dir = '';
let plain: http.Server;
let secure: https.Server;
let plainUrl = '';
let secureUrl = '';
const port = (s: http.Server | https.Server): number => (s.address() as AddressInfo).port;
const lastLine = (text: string): string => text.trim().split('\n').pop() ?? '';

beforeAll(async () => {
  await buildIfStale();
  dir = await mkdtemp(join(tmpdir(), 'tls-mismatch-'));
  // A self-signed certificate for 127.0.0.1, made here with the openssl CLI (no key material committed).
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]).catch((error: Error) => {
    throw new Error(`this test needs the openssl CLI to make a certificate: ${error.message}`);
  });
  const app = await createMockApp();
  plain = http.createServer(await createMockApp());
  secure = https.createServer(
    { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) },
    app,
  );
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  plainUrl = `http://127.0.0.1:${port(plain)}`;
  secureUrl = `https://127.0.0.1:${port(secure)}`;
}, scaled(180_000));
afterAll(async () => {
  plain.closeAllConnections();
  secure.closeAllConnections();
  await new Promise((resolve) => plain.close(resolve));
  await new Promise((resolve) => secure.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('a target that speaks another protocol than its URL says', () => {
  it('https:// against plain HTTP: one line "use http://", exit 2, the JUnit report says so', async () => {
    const junit = join(dir, 'tls.xml');
    const r = await cli([
      '--target',
      `https://127.0.0.1:${port(plain)}`,
      '--api-key',
      'dev-key',
      '--reporter',
      `junit=${junit}`,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `petstore-conformance: target unreachable: the target speaks plain HTTP, not TLS: use http://127.0.0.1:${port(plain)}/`,
    );
    expect(r.stderr).not.toMatch(/SSL routines|OpenSSL|ssl3_/i);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const xml = await readFile(junit, 'utf8');
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml.match(/<testcase /g)).toHaveLength(1);
    expect(xml).toMatch(/<failure message="target unreachable: the target speaks plain HTTP/);
  });

  it('http:// against a TLS server: one line "use https://", exit 2', async () => {
    const r = await cli(['--target', `http://127.0.0.1:${port(secure)}`, '--api-key', 'dev-key']);
    expect(r.code).toBe(2);
    // (After the progress lines of the default pretty reporter: the one line that says what is wrong.)
    expect(lastLine(r.stderr)).toBe(
      `petstore-conformance: target unreachable: the target speaks TLS (HTTPS), not plain HTTP: use https://127.0.0.1:${port(secure)}/`,
    );
    expect(r.stderr.match(/petstore-conformance:/g)).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('https:// with a certificate Node does not trust: one line naming NODE_EXTRA_CA_CERTS, exit 2', async () => {
    const r = await cli(['--target', secureUrl, '--api-key', 'dev-key']);
    expect(r.code).toBe(2);
    expect(lastLine(r.stderr)).toMatch(
      /^petstore-conformance: target unreachable: the target's TLS certificate is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate\).*NODE_EXTRA_CA_CERTS/,
    );
    expect(r.stderr.match(/petstore-conformance:/g)).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('https:// with the certificate trusted runs normally (exit 0)', async () => {
    const r = await cli(
      ['--target', secureUrl, '--api-key', 'dev-key', '--operations', 'listPets', '--reporter', 'json'],
      { NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') },
    );
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { summary: { passed: number } }).summary.passed).toBeGreaterThan(0);
  });

  it('schemeMismatch finds nothing when the scheme is right, or nobody listens', async () => {
    expect(await schemeMismatch(plainUrl, 2000)).toBeUndefined();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = port(closed);
    await new Promise((resolve) => closed.close(resolve));
    expect(await schemeMismatch(`https://127.0.0.1:${free}`, 2000)).toBeUndefined();
    expect(await schemeMismatch(`http://127.0.0.1:${free}`, 2000)).toBeUndefined();
  });

  it('the protocol is probed only when every request failed at once (never for a silent target)', () => {
    const failed = (kind: TransportErrorKind): Exchange => ({
      seq: 1,
      operationId: 'op',
      requestedOperationId: 'op',
      kind: 'positive',
      input: undefined,
      context: {},
      request: { method: 'GET', url: 'http://h/', headers: {}, body: undefined },
      response: undefined,
      error: { kind, message: kind },
    });
    const answered: Exchange = {
      ...failed('other'),
      response: { status: 200, headers: {}, body: '', durationMs: 1 },
      error: undefined,
    };
    expect(looksLikeProtocolMismatch([failed('other'), failed('reset')])).toBe(true);
    expect(looksLikeProtocolMismatch([failed('bad_response'), failed('not_sent')])).toBe(true);
    expect(looksLikeProtocolMismatch([failed('timeout'), failed('timeout')])).toBe(false);
    expect(looksLikeProtocolMismatch([failed('reset'), failed('timeout')])).toBe(false);
    expect(looksLikeProtocolMismatch([failed('reset'), answered])).toBe(false);
    expect(looksLikeProtocolMismatch([])).toBe(false);
  });
});
