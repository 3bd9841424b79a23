import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { scaled } from '../load-scale.js';

/**
 * Sends a head the mock refuses (in Node's parser or in the app, with `Connection: close`), then
 * goes on sending body bytes for `sendMs` as an uploading client does. Resolves with what came
 * back and whether the connection was reset.
 */
function refusedWhileSending(port: number, head: string, sendMs: number): Promise<{ text: string; reset: boolean }> {
  return new Promise((resolve) => {
    // allowHalfOpen: like a client busy uploading, it goes on sending after the server's FIN.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let reset = false;
    let sending = true;
    // Paced: a body still on its way when the server answers (16 KiB every 5 ms, about 0.5 MiB).
    const chunk = Buffer.from(`4000\r\n${'x'.repeat(0x4000)}\r\n`);
    let pacer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      pacer = setInterval(() => {
        if (sending && !socket.destroyed) socket.write(chunk);
      }, 5);
    });
    const stop = setTimeout(() => {
      sending = false;
      clearInterval(pacer);
      if (!socket.destroyed) socket.end();
    }, sendMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
    });
    socket.on('close', () => {
      clearTimeout(stop);
      clearInterval(pacer);
      sending = false;
      resolve({ text: Buffer.concat(chunks).toString('latin1'), reset });
    });
  });
}

// RFC 9112 §9.6: a server closing a connection on a request it refused half-closes and reads on
// for a while, so the client's unread bytes do not turn the answer into a reset.
describe('a request refused while its body is still coming gets its answer and a graceful close, never a reset (issue 13, item 20)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await start({ port: 0, pets: 1 });
  });
  afterAll(async () => {
    await mock?.close();
  });

  const heads = [
    'TRACE / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
    'POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n',
    'POST /pets HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nBad Header: 1\r\n\r\n',
    'POST /pets HTTP/1.1\r\nHost: x\r\nX-API-Key: dev-key\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n',
    'POST /pets HTTP/1.1\r\nHost: x\r\nX-API-Key: dev-key\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    'GET /pets HTTP/1.1\r\nHost: x\r\n\r\nGET /pets HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  ];

  it.each(heads.map((head) => [head.replace(/\r\n/g, ' | ').slice(0, 110), head] as const))(
    '%s: 40 times while the client keeps sending',
    async (_name, head) => {
      let answered = 0;
      const failures: string[] = [];
      // Eight connections at a time: each try is independent (its own socket, its own lingering
      // close), and the 150 ms of sending it must outlast are waited out together rather than one
      // after another (6 × 40 × 150 ms was 36 s of waiting for the file).
      const together = 8;
      for (let first = 0; first < 40; first += together) {
        const tries = await Promise.all(
          Array.from({ length: together }, () => refusedWhileSending(mock.port, head, 150)),
        );
        tries.forEach(({ text, reset }, k) => {
          if (/^HTTP\/1\.1 [45]\d\d /.test(text) && /"code":"\w+"/.test(text) && !reset) answered++;
          else failures.push(`#${first + k}: reset=${reset} got ${JSON.stringify(text.slice(0, 80))}`);
        });
      }
      expect(failures).toEqual([]);
      expect(answered).toBe(40);
    },
    scaled(120_000),
  );
});
