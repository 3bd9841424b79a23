// RunOptions.tag: the probe tag a run's fresh values carry (the filter probe's `filter-<tag>`), from
// the run's start unless the caller fixes it (the self-consistency suite, whose mock starts empty).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/index.js';
import { start, type RunningMock } from '../../src/index.js';
import { run } from './helpers.js';

const DOCUMENT = `
openapi: 3.0.3
info: { title: notes, version: '1' }
paths:
  /notes:
    get:
      operationId: listNotes
      parameters: [{ name: label, in: query, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } } }
    post:
      operationId: createNote
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewNote' } } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
  /notes/{id}:
    get:
      operationId: getNote
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '404': { description: not found }
components:
  schemas:
    NewNote: { type: object, required: [label], properties: { label: { type: string } } }
    Note: { type: object, required: [id, label], properties: { id: { type: string, readOnly: true }, label: { type: string } } }
`;

describe('a run tags its fresh values with the tag it is given (RunOptions.tag)', () => {
  let dir: string;
  let mock: RunningMock;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-tag-'));
    await writeFile(join(dir, 'notes.yaml'), DOCUMENT);
    mock = await start({ port: 0, spec: join(dir, 'notes.yaml') });
  });
  afterAll(async () => {
    await mock.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the filter probe lists by `filter-<tag>` of the given tag', async () => {
    const contract = await loadContract(join(dir, 'notes.yaml'));
    const report = await run(mock.url, { contract, tag: 'fixedtag1' });
    expect(report.results.find((r) => r.check === 'filters_filter')?.status).toBe('passed');
    const journal = JSON.stringify(await (await fetch(`${mock.url}/__mock/requests`)).json());
    expect(journal).toContain('filter-fixedtag1');
  });
});
