/**
 * The ceilings of the benchmark: a server that answers each workload's route with a
 * fixed body of the same size as the mock's answer, with no state:
 * - `http`: bare node:http (the machine's ceiling);
 * - `express`: bare Express (the framework's ceiling);
 * - `validated`: Express + express-openapi-validator on the same contract, requests and responses
 *   validated (the ceiling of the stack the mock is built on: what is left is the mock's own cost).
 * `node fixed-body.js http|express|validated BODIES.json` prints `listening PORT` when ready.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Each server imports only what it runs (below, per kind): the bench compares start-up to bare
// Express, and a bare Express that also imported express-openapi-validator and the kit's kernel
// at the top took twice the CPU of a bare Express app to its first answer.

interface FixedAnswer {
  readonly status: number;
  readonly body: string;
}

const [kind, bodiesPath] = process.argv.slice(2);
if ((kind !== 'http' && kind !== 'express' && kind !== 'validated') || !bodiesPath) {
  process.stderr.write('usage: fixed-body.js http|express|validated BODIES.json\n');
  process.exit(2);
}
const answers = new Map(Object.entries(JSON.parse(readFileSync(bodiesPath, 'utf8')) as Record<string, FixedAnswer>));
const fallback: FixedAnswer = { status: 404, body: '{"code":"not_found","message":"no such route","status":404}' };
const answerFor = (method: string, url: string): FixedAnswer =>
  answers.get(`${method} ${url.split('?')[0] ?? url}`) ?? fallback;

function send(res: ServerResponse, answer: FixedAnswer): void {
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(answer.body),
  });
  res.end(answer.body);
}

let server;
if (kind === 'http') {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Read the request body like a real server must before it answers.
    req.on('data', () => undefined);
    req.on('end', () => send(res, answerFor(req.method ?? 'GET', req.url ?? '/')));
  });
} else if (kind === 'express') {
  const { default: express } = await import('express');
  const app = express();
  app.use(express.json({ limit: '64kb' }));
  app.use((req, res) => send(res, answerFor(req.method, req.originalUrl)));
  server = createServer(app);
} else {
  const [{ default: express }, OpenApiValidator, { bundledContractPath }] = await Promise.all([
    import('express'),
    import('express-openapi-validator'),
    import('../../src/contract/paths.js'),
  ]);
  const app = express();
  app.use(express.json({ limit: '64kb' }));
  app.use(
    OpenApiValidator.middleware({
      apiSpec: bundledContractPath,
      validateRequests: true,
      validateResponses: true,
    }),
  );
  // res.json, so the validator checks the body as it does in the mock.
  app.use((req, res) => {
    const answer = answerFor(req.method, req.originalUrl);
    res.status(answer.status).json(JSON.parse(answer.body) as unknown);
  });
  server = createServer(app);
}
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
