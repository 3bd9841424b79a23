import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import {
  itemSchemaOf,
  parseSequence,
  sequenceSchemaOf,
  sequenceSyntax,
  serializeSequence,
  type SequenceSyntax,
} from './sequential.js';

const media = (m: Record<string, unknown>): OpenAPIV3.MediaTypeObject => m as OpenAPIV3.MediaTypeObject;

describe('sequential media types (OAS 3.2.0 §4.14.3.1)', () => {
  it.each([
    ['application/jsonl', 'json-lines'],
    ['application/x-ndjson; charset=utf-8', 'json-lines'],
    ['application/json-seq', 'json-seq'],
    ['application/geo+json-seq', 'json-seq'],
    ['text/event-stream', 'event-stream'],
    ['application/json', undefined],
    ['multipart/mixed', undefined],
  ])('%s reads as %s', (type, syntax) => {
    expect(sequenceSyntax(type)).toBe(syntax);
  });

  it.each<[SequenceSyntax, string, unknown[] | string]>([
    ['json-lines', '{"a":1}\n{"a":2}\n', [{ a: 1 }, { a: 2 }]],
    ['json-lines', '{"a":1}\r\n\r\n[2]', [{ a: 1 }, [2]]],
    ['json-lines', '{"a":1}\n{"a":', 'line 2 is not JSON'],
    ['json-seq', '\u001e{"a":1}\n\u001e2\n', [{ a: 1 }, 2]],
    ['json-seq', '{"a":1}\n', 'starts with RS'],
    ['event-stream', 'data: one\n\n', [{ data: 'one' }]],
    [
      'event-stream',
      ': comment\nevent: add\nid: 7\nretry: 10\ndata: a\ndata:b\n\n',
      [{ event: 'add', id: '7', retry: 10, data: 'a\nb' }],
    ],
    ['event-stream', 'event: ping\n\ndata: x\r\n\r\n', [{ data: 'x' }]],
    ['event-stream', 'retry: soon\ndata\n\n', [{ data: '' }]],
    ['event-stream', 'data: not dispatched', []],
  ])('%s %j → %j', (syntax, text, expected) => {
    const read = parseSequence(syntax, text);
    if (typeof expected === 'string') {
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.message).toContain(expected);
    } else expect(read).toEqual({ ok: true, items: expected });
  });

  it.each<[SequenceSyntax, unknown[]]>([
    ['json-lines', [{ a: 1 }, 'two', null]],
    ['json-seq', [{ a: [1, 2] }, 3]],
    [
      'event-stream',
      [
        { data: 'line 1\nline 2', event: 'add', id: '1' },
        { data: '{"n":1}', retry: 5 },
      ],
    ],
  ])('%s: what is written reads back as the same items', (syntax, items) => {
    expect(parseSequence(syntax, serializeSequence(syntax, items))).toEqual({ ok: true, items });
  });

  it('the item schema counts only for a sequential media type; the whole content is an array of items', () => {
    const item = { type: 'object' };
    expect(itemSchemaOf('application/json', media({ itemSchema: item }))).toBeUndefined();
    expect(itemSchemaOf('application/jsonl', media({ itemSchema: item }))).toBe(item);
    expect(sequenceSchemaOf('application/jsonl', media({ itemSchema: item }))).toEqual({
      type: 'array',
      items: item,
      minItems: 1,
      maxItems: 3,
    });
    expect(
      sequenceSchemaOf('application/jsonl', media({ itemSchema: item, schema: { type: 'array', maxItems: 1 } })),
    ).toEqual({ type: 'array', maxItems: 1 });
  });
});
