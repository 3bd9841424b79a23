import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockApp } from './app.js';
import { DEFAULTS, type MockOptions } from './options.js';

export interface StartOptions extends MockOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export interface RunningMock {
  /** `http://HOST:PORT` with the real port, no trailing slash. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Builds the app and listens; `close()` stops the server and the contract watcher. */
export async function start(input: StartOptions = {}): Promise<RunningMock> {
  const { port = DEFAULTS.port, host = DEFAULTS.host, signal, ...rest } = input;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const app = await createMockApp({ ...rest, signal: controller.signal });
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    controller.abort();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        controller.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
