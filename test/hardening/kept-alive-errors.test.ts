import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { parseResponse } from './raw-http.js';

/** Reads from `socket` until one complete response has arrived past `from` bytes; resolves with all bytes so far. */
function nextResponse(socket: Socket, chunks: Buffer[], from: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const all = Buffer.concat(chunks);
      if (parseResponse(all.subarray(from), false)) {
        cleanup();
        resolve(all);
        return true;
      }
      return false;
    };
    const onData = (): void => void check();
    const onClose = (): void => {
      if (!check()) {
        cleanup();
        reject(
          new Error(
            `closed after ${Buffer.concat(chunks).length} bytes with no second answer: ${JSON.stringify(Buffer.concat(chunks).subarray(from).toString('latin1'))}`,
          ),
        );
      }
    };
    const cleanup = (): void => {
      socket.off('data', onData);
      socket.off('close', onClose);
    };
    socket.on('data', onData);
    socket.on('close', onClose);
    check();
  });
}

// RFC 9112 §9.3: every request on a persistent connection gets its answer. A request Node's parser
// refuses after an earlier, complete exchange on the same connection is answered like one on a
// fresh connection, not with a reset (issue 21, item 9).
describe('a bad request on a kept-alive connection gets its 4xx', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await start({ port: 0, pets: 1 });
  });
  afterAll(async () => {
    await mock?.close();
  });

  const bad = [
    'TRACE / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
    'GET /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    'GET /pets HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n',
    'TRACE / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  ];

  it.each(bad.map((b) => [b.split('\r\n')[0]!, b] as const))('after a good exchange: %s', async (_name, request) => {
    const socket = connect(mock.port, '127.0.0.1');
    socket.on('error', () => undefined); // a reset shows as a missing answer below
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    try {
      socket.write('GET /pets?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n');
      const first = await nextResponse(socket, chunks, 0);
      expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
      socket.write(request);
      const all = await nextResponse(socket, chunks, first.length);
      const second = all.subarray(first.length).toString('latin1');
      // Node's parser refuses each of these but the first (a TRACE carrying content, RFC 9110 §9.3.8, which the mock refuses itself).
      expect(second).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(second).toMatch(/"code":"\w+"/);
    } finally {
      socket.destroy();
    }
  });
});
