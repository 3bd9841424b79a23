import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningMock } from '../../src/index.js';
import { DEFAULTS } from '../../src/mock/options.js';
import { scaled } from '../load-scale.js';

/**
 * Sends a head the mock refuses (in Node's parser or in the app, with `Connection: close`), then
 * goes on sending body bytes as an uploading client does: until the answer has begun to arrive
 * (at most `untilMs`), and for `afterMs` more, so that bytes are on their way while and after the
 * mock answers and closes, whatever the load. Neither bound is a verdict: the first only stops a
 * client that has been sending to a mock that never answers (which the assertions then report).
 * `starveMs`: the process (client and mock alike) is kept busy that long when the answer arrives,
 * as a machine busy with other work starves it. Resolves with what came back, whether the
 * connection was reset and whether the client was still sending when the answer came.
 */
function refusedWhileSending(
  port: number,
  head: string,
  afterMs: number,
  untilMs: number,
  starveMs = 0,
): Promise<{ text: string; reset: boolean; sendingWhenAnswered: boolean }> {
  return new Promise((resolve) => {
    // allowHalfOpen: like a client busy uploading, it goes on sending after the server's FIN.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let reset = false;
    let sending = true;
    let sendingWhenAnswered = false;
    // Paced: a body still on its way when the server answers (16 KiB every 5 ms, about 0.5 MiB).
    const chunk = Buffer.from(`4000\r\n${'x'.repeat(0x4000)}\r\n`);
    let pacer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      pacer = setInterval(() => {
        if (sending && !socket.destroyed) socket.write(chunk);
      }, 5);
    });
    const finish = (): void => {
      sending = false;
      clearInterval(pacer);
      if (!socket.destroyed) socket.end();
    };
    let stop = setTimeout(finish, untilMs);
    socket.on('data', (d: Buffer) => {
      // The answer has begun: the client still sends for afterMs, then stops (an order of events,
      // not a wall-clock window the mock must answer within).
      if (chunks.length === 0) {
        sendingWhenAnswered = sending;
        clearTimeout(stop);
        const until = performance.now() + starveMs;
        while (performance.now() < until);
        // Counted from here: after a starved spell, the client still sends for afterMs.
        stop = setTimeout(finish, afterMs);
      }
      chunks.push(d);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
    });
    socket.on('close', () => {
      clearTimeout(stop);
      clearInterval(pacer);
      sending = false;
      resolve({ text: Buffer.concat(chunks).toString('latin1'), reset, sendingWhenAnswered });
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
      // close), and the 150 ms of sending after each answer are waited out together rather than one
      // after another (6 × 40 × 150 ms was 36 s of waiting for the file).
      const together = 8;
      for (let first = 0; first < 40; first += together) {
        const tries = await Promise.all(
          Array.from({ length: together }, () => refusedWhileSending(mock.port, head, 150, scaled(10_000))),
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

  // RFC 9110 §15.5.14: a body of undeclared length is refused when it passes the limit, as a
  // declared one is at its head; the mock used to read it to its end first, answering a client
  // that kept uploading only when it stopped (or at the request timeout).
  it('a chunked body over the limit is answered 413 while the client is still sending it', async () => {
    const head =
      'POST /pets HTTP/1.1\r\nHost: x\r\nX-API-Key: dev-key\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const { text, reset, sendingWhenAnswered } = await refusedWhileSending(mock.port, head, 50, scaled(10_000));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(sendingWhenAnswered).toBe(true);
    expect(reset).toBe(false);
  });

  // A process starved for longer than the lingering window runs its timers before it reads the
  // bytes that waited meanwhile: the mock must not take a client that never paused for a silent one.
  it.each([
    ['refused by the app (413 at the head)', heads[3]!],
    ["refused by Node's parser (400)", heads[1]!],
  ])('%s: a process starved past the lingering window still closes gracefully', async (_name, head) => {
    const { text, reset } = await refusedWhileSending(mock.port, head, 150, scaled(10_000), DEFAULTS.lingerMs + 300);
    expect(text).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(reset).toBe(false);
  });
});
