import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { begin, cliSection, registrySection, withSection, type Section } from '../../scripts/docs-generated.js';
import { CHECKS, PROBES } from '../../conformance/registry/index.js';
import { ROOT } from '../mock/helpers.js';
import { scaled } from '../load-scale.js';

/** The page as it must be: its section regenerated; with DOCS_UPDATE=1 the page is rewritten so. */
async function check(section: Section): Promise<void> {
  const file = join(ROOT, section.page);
  const page = await readFile(file, 'utf8');
  const wanted = withSection(page, section);
  expect(wanted, `${section.page} has no ${begin(section.name)} … END markers`).toBeDefined();
  if (wanted !== page && process.env['DOCS_UPDATE'] === '1') {
    await writeFile(file, wanted!);
    return;
  }
  expect(page, `${section.page} is stale: run DOCS_UPDATE=1 npx vitest run test/docs/generated-docs.test.ts`).toBe(
    wanted,
  );
}

describe('the generated parts of docs/ are what the kit says today', () => {
  it("docs/runner.md's tables of checks, rules and bundled workflows come from the runner's registries", async () => {
    const section = await registrySection();
    for (const { name } of [...CHECKS, ...PROBES]) expect(section.text).toContain(`| \`${name}\` |`);
    await check(section);
  });

  it(
    "docs/cli.md is both CLIs' --help and the runner's subcommands', as printed",
    async () => {
      expect(existsSync(join(ROOT, 'dist', 'src', 'cli', 'mock.js')), 'build first: npm run build').toBe(true);
      const section = await cliSection();
      await check(section);
    },
    scaled(30_000),
  );

  it(
    '--help names every supported version, describes the products generically, and wraps instead of cutting',
    async () => {
      const { text } = await cliSection();
      // Each command's help, by its heading: every command that reads a contract names the versions.
      const helps = new Map(
        text
          .split(/^## /m)
          .filter(Boolean)
          .map((part) => [part.slice(0, part.indexOf('\n')), part] as const),
      );
      expect([...helps.keys()]).toEqual([
        '`petstore-mock --help`',
        '`petstore-conformance --help`',
        '`petstore-conformance proxy --help`',
        '`petstore-conformance merge --help`',
      ]);
      for (const title of [
        '`petstore-mock --help`',
        '`petstore-conformance --help`',
        '`petstore-conformance proxy --help`',
      ]) {
        const help = helps.get(title) ?? '';
        for (const version of ['Swagger 2.0', 'OpenAPI 3.0', '3.1', '3.2']) expect(help).toContain(version);
        expect(help).not.toMatch(/OpenAPI 3\.0 contract|mock of the Petstore service/);
      }
      const lines = text.split('\n');
      expect(lines.filter((l) => [...l].length > 100)).toEqual([]);
      expect(lines.filter((l) => /…$/.test(l.trimEnd()))).toEqual([]);
      // Every word of a check's or rule's help entry is a word of its description: nothing is cut mid-word.
      for (const { name, description } of [...CHECKS, ...PROBES]) {
        const at = lines.findIndex((l) => l.trimStart().startsWith(`${name} `));
        expect(at, name).toBeGreaterThan(0);
        const entry = [
          lines[at]!.trim().slice(name.length),
          ...lines.slice(at + 1).filter((_l, i, rest) => rest.slice(0, i + 1).every((r) => /^ {29}\S/.test(r))),
        ].join(' ');
        const words = new Set(
          description
            .toLowerCase()
            .split(/[\s(),;:]+/)
            .map((w) => w.replace(/\.$/, '')),
        );
        // A sentence's full stop is not part of its last word, on either side.
        expect(
          entry
            .toLowerCase()
            .split(/[\s(),;:]+/)
            .map((w) => w.replace(/\.$/, ''))
            .filter((w) => w !== '' && !words.has(w)),
          name,
        ).toEqual([]);
      }
    },
    scaled(30_000),
  );
});
