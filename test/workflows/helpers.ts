import { join } from 'node:path';
import type { BuiltRequestSender } from '../../conformance/session.js';
import type { CheckResult } from '../../conformance/types.js';
import { loadArazzo, parseArazzo, runWorkflows, type ArazzoDocument } from '../../conformance/workflows/index.js';
import { packageRoot, type Contract } from '../../src/contract/index.js';

export const BUNDLED_ARAZZO = join(packageRoot, 'openapi', 'petstore.arazzo.yaml');

let bundled: Promise<ArazzoDocument> | undefined;
/** The bundled workflows, read once per test file. */
export function bundledWorkflows(): Promise<ArazzoDocument> {
  bundled ??= loadArazzo(BUNDLED_ARAZZO);
  return bundled;
}

/** An Arazzo 1.0.1 document of these workflows over one OpenAPI source, `api`, parsed as a file of them would be. */
export function inlineArazzo(workflows: readonly Record<string, unknown>[]): ArazzoDocument {
  return parseArazzo(
    {
      arazzo: '1.0.1',
      info: { title: 't', version: '1' },
      sourceDescriptions: [{ name: 'api', url: 'api.yaml', type: 'openapi' }],
      workflows,
    },
    'w.arazzo.yaml',
  );
}

/** The workflows run against `http://h` through `transport` alone: no credentials, 1 s and 1 MiB per answer. */
export function runThrough(
  contract: Contract,
  documents: readonly ArazzoDocument[],
  transport: BuiltRequestSender,
): Promise<CheckResult[]> {
  return runWorkflows({
    documents,
    contract,
    target: 'http://h',
    credentials: {},
    timeoutMs: 1000,
    maxResponseBytes: 1 << 20,
    transport,
  });
}
