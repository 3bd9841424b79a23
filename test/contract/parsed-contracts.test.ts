import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parsedContractsSource } from '../../scripts/parsed-contract-source.js';
import { digest } from '../../src/contract/cache.js';
import { contractFromDocument, contractFromText } from '../../src/contract/load.js';
import { bundledContractPath } from '../../src/contract/paths.js';
import { YAML_OPTIONS } from '../../src/contract/yaml-options.js';
import { parsedContracts } from '../../src/generated/parsed-contracts.js';

const root = join(import.meta.dirname, '..', '..');
const generated = join(root, 'src', 'generated', 'parsed-contracts.ts');
const bundledText = readFileSync(bundledContractPath, 'utf8');

describe('the bundled contract kept parsed (src/generated/parsed-contracts.ts)', () => {
  it('is what `yaml` parses openapi/petstore.yaml to now (PARSED_CONTRACTS_UPDATE=1 rewrites it)', () => {
    const source = parsedContractsSource();
    if (process.env['PARSED_CONTRACTS_UPDATE'] === '1') writeFileSync(generated, source);
    expect(readFileSync(generated, 'utf8')).toBe(source);
  });

  it('is kept under the digest of the bundled text and holds its parse', () => {
    const kept = parsedContracts.get(digest(bundledText));
    expect(kept).toBeDefined();
    expect(JSON.parse(kept!)).toStrictEqual(parse(bundledText, YAML_OPTIONS));
  });

  it('indexes the bundled contract exactly as a parse of its YAML does', async () => {
    // A trailing comment makes another text (another digest, so `yaml` parses it) with the same document.
    const [kept, parsed] = await Promise.all([
      contractFromText(bundledText, 'a.yaml'),
      contractFromText(`${bundledText}\n# another text\n`, 'a.yaml'),
    ]);
    expect(kept.document).toStrictEqual(parsed.document);
    expect(kept.resolved).toStrictEqual(parsed.resolved);
    expect(kept.operations).toStrictEqual(parsed.operations);
    // Everything else too (originalPointer is a function made per contract: compared by what it does).
    const fromDocument = await contractFromDocument(parse(bundledText, YAML_OPTIONS), 'a.yaml');
    expect({ ...kept, originalPointer: undefined }).toStrictEqual({ ...fromDocument, originalPointer: undefined });
    expect(kept.originalPointer('#/paths/~1pets')).toBe(fromDocument.originalPointer('#/paths/~1pets'));
  });

  it('is not used for an edited contract: the edit shows', async () => {
    const edited = bundledText.replace(/^( {2}title:).*$/m, '$1 Edited after the build');
    expect(edited).not.toBe(bundledText);
    expect((await contractFromText(edited)).document.info.title).toBe('Edited after the build');
  });

  it('leaves the alias limit in force: a document whose aliases expand exponentially is refused', async () => {
    const laughs = [
      'openapi: 3.0.3',
      'info: {title: t, version: "1"}',
      'paths: {}',
      'x-a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ];
    for (const [name, prev] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
    ])
      laughs.push(
        `x-${name}: &${name} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`,
      );
    await expect(contractFromText(laughs.join('\n'))).rejects.toThrow(/is not valid YAML: .*[Ee]xcessive alias count/);
  });

  it("a truncated JSON contract gets the JSON parser's message, at its line (issue 30)", async () => {
    const truncated = JSON.stringify(
      { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} },
      null,
      2,
    ).slice(0, -8);
    await expect(contractFromText(truncated, 'api.json')).rejects.toThrow(
      /api\.json is not valid JSON: .*JSON.*\(line \d+, column \d+\)/,
    );
    await expect(contractFromText(truncated)).rejects.toThrow(/is not valid JSON: /);
  });
});
