/**
 * The parts of docs/ that are generated, never written by hand: the runner's checks, rules and
 * bundled workflows (docs/runner.md) from the registry the runner itself runs, and the CLI
 * reference (docs/cli.md) from both CLIs' --help. `test/docs/generated-docs.test.ts` regenerates
 * each section and fails when the page differs; `DOCS_UPDATE=1` rewrites the pages.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHECKS, PROBES } from '../conformance/registry/index.js';
import { loadArazzo } from '../conformance/workflows/document.js';
import { packageRoot } from '../src/contract/paths.js';

/** A generated section of a page: between its BEGIN and END markers. */
export interface Section {
  readonly page: string;
  readonly name: string;
  readonly text: string;
}

export const begin = (name: string): string =>
  `<!-- BEGIN generated: ${name} (scripts/docs-generated.ts; DOCS_UPDATE=1 npx vitest run test/docs/generated-docs.test.ts); do not edit by hand -->`;
export const end = (name: string): string => `<!-- END generated: ${name} -->`;

/** A table cell: one line, pipes escaped. */
const cell = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** The runner's per-operation checks and generic rules (probe checks), from its registry, and the bundled workflows. */
export async function registrySection(): Promise<Section> {
  const lines = [
    '| Check | What it sends, and what fails it |',
    '|---|---|',
    ...CHECKS.map((c) => `| \`${c.name}\` | ${cell(c.description)} |`),
  ];
  lines.push(
    '',
    '| Generic rule | What it probes, and what fails it |',
    '|---|---|',
    ...PROBES.map((r) => `| \`${r.name}\` | ${cell(r.description)} |`),
  );
  const arazzo = await loadArazzo(join(packageRoot, 'openapi', 'petstore.arazzo.yaml'));
  lines.push(
    '',
    `Bundled workflows (\`openapi/petstore.arazzo.yaml\`, Arazzo ${arazzo.arazzo}; each is the result \`workflow:<workflowId>\`):`,
    '',
    '| Workflow | The rule it checks |',
    '|---|---|',
    ...arazzo.workflows.map((w) => `| \`workflow:${w.workflowId}\` | ${cell(w.description ?? w.summary ?? '')} |`),
  );
  return { page: 'docs/runner.md', name: 'runner-registry', text: lines.join('\n') };
}

/** Both CLIs' --help and the runner's subcommands' (proxy, merge), as they print it (from the build in dist/, which bin/ runs). */
export async function cliSection(): Promise<Section> {
  const help = async (bin: string, ...subcommand: string[]): Promise<string> =>
    (
      await promisify(execFile)(process.execPath, [join(packageRoot, 'bin', bin), ...subcommand, '--help'], {
        cwd: packageRoot,
      })
    ).stdout;
  const pages: readonly (readonly [string, Promise<string>])[] = [
    ['petstore-mock --help', help('petstore-mock.js')],
    ['petstore-conformance --help', help('petstore-conformance.js')],
    ['petstore-conformance proxy --help', help('petstore-conformance.js', 'proxy')],
    ['petstore-conformance merge --help', help('petstore-conformance.js', 'merge')],
  ];
  const sections: string[] = [];
  for (const [title, printed] of pages)
    sections.push(`## \`${title}\``, '', '```text', (await printed).trimEnd(), '```', '');
  const text = sections.join('\n').trimEnd();
  return { page: 'docs/cli.md', name: 'cli-help', text };
}

/** `page` with the named section replaced; undefined when the page has no markers for it. */
export function withSection(page: string, section: Section): string | undefined {
  const from = page.indexOf(begin(section.name));
  const to = page.indexOf(end(section.name));
  if (from < 0 || to < from) return undefined;
  return `${page.slice(0, from)}${begin(section.name)}\n${section.text}\n${page.slice(to)}`;
}
