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
  // the one seeded sampler (src/contract/sample/): valid, boundary and invalid values, names, formats, dice
  'sample', 'sampleValue', 'generate', 'generateString', 'generateRecordValue', 'fromPattern', 'invalidValues', 'wrongTypeValue', 'formatValue',
  'namedString', 'createFaker', 'diceOfFaker', 'modeFor', 'schemaNamesOf',
  // the common error schema (src/contract/error-schema.ts) and the deprecation rule (src/contract/deprecation.ts)
  'commonErrorSchema', 'deprecationAnnouncement',
  // the one resource model (src/contract/resources/): collections, bindings, roles, identifiers, references, links
  'inferModel', 'successSchema', 'recordProperties', 'identifierField', 'envelopeOf', 'listShape', 'statelessReason', 'isCreate', 'isSuccess', 'answersWithItemIdentifier',
  'idFromLocation', 'identifierOf', 'listItems', 'itemRead', 'postCollections', 'referenceBase', 'collectionNames', 'referencedCreate', 'identifierSource',
  'linkSource', 'linkedField',
  // Accept negotiation (src/contract/negotiate.ts)
  'negotiate', 'parseAccept', 'acceptable', 'answerType',
];

/** Spellings of a kernel rule written out by hand. */
const HAND_WRITTEN: ReadonlyArray<[string, RegExp, ReadonlyArray<string>?]> = [
  ['a +json test (media.ts isJsonMediaType)', /endsWith\(['"]\+json['"]\)|\\\+json\$/],
  ['a range lookup by key (responses.ts documentedResponse)', /responses\[\s*[`'"][^`'"\]]*XX[`'"]\s*\]|responses\[\s*['"]default['"]\s*\]/i],
  ['a loop over allOf parts (schema-views.ts mergeAllOf)', /for\s*\(\s*const\s+\w+\s+of\s+[^)]*\.allOf\b|\.allOf(\s*\?\?\s*\[\])?\s*\.\s*(map|forEach|reduce|flatMap)\(/],
  ['deepObject brackets or delimiters written by hand (params/)', /%5B|%7C/],
  ['a pattern sampled by hand (sample/sample.ts draws matches with randexp)', /from\s+['"]randexp['"]|new\s+RandExp\s*\(/],
  ['a PRNG of its own (sample/dice.ts Random, mulberry32)', /0x6d2b79f5/i],
  ['Accept negotiated by express or negotiator (negotiate.ts)', /\breq\.accepts(Types)?\(|from\s+['"](negotiator|accepts)['"]/],
  ['a link expression read by hand (resources/links.ts linkSource)', /\\\$response\\\.(body|header)/],
  ['collection names guessed from a field by hand (resources/references.ts referenceBase, collectionNames)', /\(\?:Id\|_id|\$\{\w+\.slice\(0, -1\)\}ies/],
  ['an item path recognised by hand (resources/model.ts: a last segment that is one template parameter)', /\/\^?\\\{\(\[\^\}\]\+\)\\\}\(\\\.|\/\\\{\[\^\}\]\+\\\}\$\/\.test\(\w+\.path\)/],
  ['a class of a PRNG or a sampler defined again (sample/dice.ts)', /class\s+(Random|Sampler)\b/],
  // The Petstore store's seeded data (store/seed.ts) is the one exception: domain data the README
  // shows, kept byte-identical for a seed; it uses the kernel's createFaker, and no schema.
  ['values drawn from faker by hand (sample/names.ts, sample/formats.ts)', /\bfaker\(?\)?\.(lorem|internet|person|phone|location|string|number|word|date|helpers|datatype|animal|finance|company)\./, ['src/mock/store/seed.ts']],
];

describe('each kernel rule exists once, in src/contract/', () => {
  it.each(KERNEL_FUNCTIONS.map((name) => [name] as const))('no function %s outside src/contract/', (name) => {
    const definition = new RegExp(`(function\\s+${name}\\s*\\(|(const|let)\\s+${name}\\s*=\\s*(\\(|async|function))`);
    expect(halves.filter((f) => definition.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it.each(HAND_WRITTEN.map(([what, pattern, except]) => [what, pattern, except ?? []] as const))('no %s in the mock or the runner', (_what, pattern, except) => {
    expect(halves.filter((f) => pattern.test(f.text) && !except.includes(f.path)).map((f) => f.path)).toEqual([]);
  });

  it.each<[string, string]>([
    ['src/mock/engine.ts', 'responseFor'],
    ['src/mock/error-body.ts', 'mergeAllOf'],
    ['src/mock/engine.ts', 'inferModel'],
    ['src/mock/engine.ts', 'negotiate'],
    ['conformance/checks/content-type.ts', 'negotiate'],
    ['src/mock/generic/handlers.ts', 'recordProperties'],
    ['conformance/resources.ts', 'identifierSource'],
    ['conformance/resources.ts', 'referencedCreate'],
    ['conformance/probes/util.ts', 'postCollections'],
    ['conformance/probes/references.ts', 'referenceBase'],
    ['conformance/execute/follow-ups.ts', 'linkSource'],
    ['conformance/execute/index.ts', 'isCreate'],
    ['conformance/plan/index.ts', 'isCreate'],
    ['src/mock/controls/canned.ts', 'sampleValue'],
    ['src/mock/error-body.ts', 'sampleValue'],
    ['src/mock/engine.ts', 'sampleValue'],
    ['src/mock/generic/handlers.ts', 'sampleValue'],
    ['src/mock/faker.ts', 'createFaker'],
    ['src/mock/random.ts', 'Random'],
    ['src/mock/store/seed.ts', 'createFaker'],
    ['conformance/cases/inputs.ts', 'sample'],
    ['conformance/cases/unknown-id.ts', 'sampleValue'],
    ['conformance/cases/mutations.ts', 'invalidValues'],
    ['conformance/cases/random.ts', 'Random'],
    ['conformance/execute/index.ts', 'modeFor'],
    ['src/mock/media.ts', 'parseQuery'],
    ['src/mock/generic/handlers.ts', 'parseQuery'],
    ['src/mock/validator-document.ts', 'readNullable'],
    ['conformance/session.ts', 'serialiseQuery'],
    ['conformance/http/body.ts', 'serialiseDeepObject'],
    ['conformance/checks/content-type.ts', 'mediaMatches'],
    ['conformance/checks/status-code-documented.ts', 'documentedResponse'],
    ['conformance/cases/schema.ts', 'effective'],
    ['src/mock/error-body.ts', 'commonErrorSchema'],
    ['conformance/judge/context.ts', 'commonErrorSchema'],
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
