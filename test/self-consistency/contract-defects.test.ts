import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSTRUCTS } from '../../fixtures/constructs/cases.js';
import { CONTRACT_DEFECTS } from './contract-defects.js';
import { DOCUMENTS, OWN_FILE } from './suite.js';

const here = new URL('.', import.meta.url).pathname;

describe('self-consistency bookkeeping', () => {
  it('each documented contract defect names a document of the suite, quotes it and has a construct fixture', () => {
    for (const d of CONTRACT_DEFECTS) {
      expect(
        DOCUMENTS.map((doc) => doc.name),
        d.document,
      ).toContain(d.document);
      expect(d.quote.trim(), `${d.document} ${d.check}: quote the document's own words`).not.toBe('');
      expect(
        CONSTRUCTS.map((c) => c.name),
        `${d.document} ${d.check}: construct fixture`,
      ).toContain(d.construct);
    }
  });

  it('each document given a file of its own is in the suite, and that file exists', () => {
    for (const [name, file] of Object.entries(OWN_FILE)) {
      expect(
        DOCUMENTS.map((doc) => doc.name),
        name,
      ).toContain(name);
      expect(existsSync(join(here, `${file}.test.ts`)), `${file}.test.ts`).toBe(true);
    }
  });
});
