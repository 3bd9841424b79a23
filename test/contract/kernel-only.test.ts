import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each OpenAPI rule the mock and the runner share exists once, in src/contract/ (issue 18): this
 * fails when either half defines its own copy again, or stops importing the kernel's.
 */
const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const halves = [...sources('src/mock'), ...sources('conformance')].map((path) => ({ path: relative(root, join(root, path)), text: readFileSync(join(root, path), 'utf8') }));

/** Names of the kernel's rules: a function of that name outside src/contract/ is a copy. */
const KERNEL_FUNCTIONS = [
  // media types (src/contract/media.ts)
  'mediaEssence', 'mediaMatches', 'isJsonMediaType', 'admitsJson', 'isXmlMediaType', 'jsonContent', 'jsonMedia',
  // the documented-response lookup (src/contract/responses.ts)
  'documentedResponse', 'responseFor', 'rangeKey',
  // schema views (src/contract/schema-views.ts)
  'mergeAllOf', 'flatten', 'objectView', 'effective', 'discriminatedAlternative', 'propertiesFor',
  // the validators' reading of nullable without type (src/contract/nullable.ts)
  'readNullable', 'applyNullable',
  // parameter styles (src/contract/params/)
  'serialiseQuery', 'serialisePath', 'serialiseHeader', 'serialiseCookie', 'serialiseForm', 'serialiseDeepObject', 'serialiseDelimited',
  'parseQuery', 'parsePath', 'parseHeader', 'parseCookie', 'parseForm', 'parseDeepObject', 'parseDelimited',
  // the common error schema (src/contract/error-schema.ts) and the deprecation rule (src/contract/deprecation.ts)
  'commonErrorSchema', 'deprecationAnnouncement',
];

/** Spellings of a kernel rule written out by hand. */
const HAND_WRITTEN: ReadonlyArray<[string, RegExp]> = [
  ['a +json test (media.ts isJsonMediaType)', /endsWith\(['"]\+json['"]\)|\\\+json\$/],
  ['a range lookup by key (responses.ts documentedResponse)', /responses\[\s*[`'"][^`'"\]]*XX[`'"]\s*\]|responses\[\s*['"]default['"]\s*\]/i],
  ['a loop over allOf parts (schema-views.ts mergeAllOf)', /for\s*\(\s*const\s+\w+\s+of\s+[^)]*\.allOf\b|\.allOf(\s*\?\?\s*\[\])?\s*\.\s*(map|forEach|reduce|flatMap)\(/],
  ['deepObject brackets or delimiters written by hand (params/)', /%5B|%7C/],
];

describe('each kernel rule exists once, in src/contract/', () => {
  it.each(KERNEL_FUNCTIONS.map((name) => [name] as const))('no function %s outside src/contract/', (name) => {
    const definition = new RegExp(`(function\\s+${name}\\s*\\(|(const|let)\\s+${name}\\s*=\\s*(\\(|async|function))`);
    expect(halves.filter((f) => definition.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it.each(HAND_WRITTEN.map(([what, pattern]) => [what, pattern] as const))('no %s in the mock or the runner', (_what, pattern) => {
    expect(halves.filter((f) => pattern.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it.each<[string, string]>([
    ['src/mock/engine.ts', 'responseFor'],
    ['src/mock/error-body.ts', 'mergeAllOf'],
    ['src/mock/generic/model.ts', 'mergeAllOf'],
    ['src/mock/controls/generate.ts', 'mergeAllOf'],
    ['src/mock/media.ts', 'parseQuery'],
    ['src/mock/generic/handlers.ts', 'parseQuery'],
    ['src/mock/validator-document.ts', 'readNullable'],
    ['conformance/session.ts', 'serialiseQuery'],
    ['conformance/http/body.ts', 'serialiseDeepObject'],
    ['conformance/checks/content-type.ts', 'mediaMatches'],
    ['conformance/checks/status-code-documented.ts', 'documentedResponse'],
    ['conformance/cases/schema.ts', 'effective'],
    ['src/mock/error-body.ts', 'commonErrorSchema'],
    ['conformance/runner.ts', 'commonErrorSchema'],
    ['src/mock/controls/deprecation.ts', 'deprecationAnnouncement'],
    ['conformance/checks/deprecation-headers.ts', 'deprecationAnnouncement'],
  ])('%s takes %s from src/contract', (path, name) => {
    const file = halves.find((f) => f.path === path);
    expect(file, path).toBeDefined();
    const imports = [...file!.text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g), ...file!.text.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)];
    const from = imports.find((m) => m[1]!.split(',').some((n) => n.trim().split(/\s+as\s+/)[0] === name));
    expect(from?.[2], `${path} imports ${name}`).toMatch(/(^|\/)contract\/index\.js$/);
  });
});
