import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from './guards.js';
import { mediaEssence } from './media.js';

/**
 * Sequential media types (OAS 3.2.0 §4.14.3.1): a repeating structure with no envelope, read into
 * the JSON Schema data model "as if the values were in an array in the same order". One reading
 * for both halves: the mock writes a stream of items, the runner reads one back item by item.
 */
export type SequenceSyntax = 'json-lines' | 'json-seq' | 'event-stream';

/**
 * The syntax of a sequential media type the kit reads, or undefined: JSON Lines and NDJSON
 * (`application/jsonl`, `application/x-ndjson`: one JSON text a line), JSON Text Sequences
 * (RFC 7464 `application/json-seq` and RFC 8091's `+json-seq` suffix), and Server-Sent Events
 * (`text/event-stream`, HTML §9.2.6). `multipart/mixed` is sequential too but is not read here.
 */
export function sequenceSyntax(type: string): SequenceSyntax | undefined {
  const essence = mediaEssence(type);
  if (essence === 'application/jsonl' || essence === 'application/x-ndjson' || essence === 'application/x-jsonlines')
    return 'json-lines';
  if (essence === 'application/json-seq' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]*\+json-seq$/.test(essence))
    return 'json-seq';
  if (essence === 'text/event-stream') return 'event-stream';
  return undefined;
}

/** The schema each item follows (`itemSchema`, OAS 3.2.0 §4.14.1, applied to each item independently, §4.14.3.2), when the media type is one the kit reads as a sequence. */
export function itemSchemaOf(
  type: string,
  media: OpenAPIV3.MediaTypeObject | undefined,
): OpenAPIV3.SchemaObject | undefined {
  if (sequenceSyntax(type) === undefined || !isRecord(media)) return undefined;
  const item: unknown = (media as Record<string, unknown>)['itemSchema'];
  return isRecord(item) ? (item as OpenAPIV3.SchemaObject) : undefined;
}

/**
 * The whole content of a sequence as one value to generate: `schema` when the media type has one
 * (it applies to the complete content, as an array), else an array of `itemSchema` items. The mock
 * writes one to three items: a stream's length is not part of `itemSchema`.
 */
export function sequenceSchemaOf(
  type: string,
  media: OpenAPIV3.MediaTypeObject | undefined,
): OpenAPIV3.SchemaObject | undefined {
  const item = itemSchemaOf(type, media);
  if (item === undefined) return undefined;
  const whole = media?.schema;
  if (whole !== undefined && !('$ref' in whole)) return whole;
  return { type: 'array', items: item, minItems: 1, maxItems: 3 };
}

export type SequenceReading =
  | { readonly ok: true; readonly items: readonly unknown[] }
  | { readonly ok: false; readonly message: string };

/** Reads a received sequence into its items, or says where it breaks its syntax. */
export function parseSequence(syntax: SequenceSyntax, text: string): SequenceReading {
  if (syntax === 'event-stream') return { ok: true, items: parseEventStream(text) };
  // RFC 7464 §2.1: each text is preceded by RS (0x1E); JSON Lines: each line one JSON text
  // (jsonlines.org; NDJSON allows empty lines, which are skipped).
  const parts = syntax === 'json-seq' ? text.split('\u001e').slice(1) : text.split(/\r?\n/);
  if (syntax === 'json-seq' && text.length > 0 && !text.startsWith('\u001e'))
    return { ok: false, message: 'a JSON text sequence starts with RS (0x1E) (RFC 7464 §2.1)' };
  const items: unknown[] = [];
  for (const [index, part] of parts.entries()) {
    if (part.trim() === '') continue;
    try {
      items.push(JSON.parse(part));
    } catch (error) {
      return {
        ok: false,
        message: `${syntax === 'json-seq' ? 'record' : 'line'} ${index + 1} is not JSON: ${(error as Error).message}`,
      };
    }
  }
  return { ok: true, items };
}

/**
 * Server-Sent Events as the HTML standard parses them (§9.2.6 "Interpreting an event stream"):
 * lines end in CRLF, LF or CR; `:` starts a comment; one space after the colon is dropped; `data`
 * lines join with LF; a blank line dispatches the event, unless its data is empty. Each event is
 * the object OAS 3.2.0 §4.14.4 models: `data`, `event`, `id` strings and `retry` an integer,
 * each present when the event sets it.
 */
function parseEventStream(text: string): unknown[] {
  const events: Record<string, unknown>[] = [];
  let data: string[] = [];
  let fields: Record<string, unknown> = {};
  for (const line of text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length > 0) events.push({ ...fields, data: data.join('\n') });
      data = [];
      fields = {};
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') data.push(value);
    else if (name === 'event') fields['event'] = value;
    else if (name === 'id' && !value.includes('\u0000')) fields['id'] = value;
    else if (name === 'retry' && /^\d+$/.test(value)) fields['retry'] = Number(value);
  }
  // An event not ended by a blank line is not dispatched (HTML §9.2.6: at end of file, discarded).
  return events;
}

/** Writes items as the sequence the media type names (the mock's answers). */
export function serializeSequence(syntax: SequenceSyntax, items: readonly unknown[]): string {
  if (syntax === 'json-lines') return items.map((item) => `${JSON.stringify(item)}\n`).join('');
  if (syntax === 'json-seq') return items.map((item) => `\u001e${JSON.stringify(item)}\n`).join('');
  return items.map((item) => `${eventLines(item)}\n`).join('');
}

/** One event's lines: its `event`, `id`, `retry`, then its data one `data:` line per line of it. */
function eventLines(item: unknown): string {
  const event = isRecord(item) ? item : { data: item };
  const lines: string[] = [];
  for (const name of ['event', 'id'] as const)
    if (typeof event[name] === 'string') lines.push(`${name}: ${oneLine(event[name])}`);
  if (typeof event['retry'] === 'number') lines.push(`retry: ${event['retry']}`);
  const data = typeof event['data'] === 'string' ? event['data'] : JSON.stringify(event['data'] ?? null);
  for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n`;
}

const oneLine = (value: string): string => value.replace(/[\r\n]/g, ' ');
