import { describe, expect, it } from 'vitest';
import { fromHar } from '../../conformance/har/har.js';

/** One HAR 1.2 entry with the given response content, bodySize and headers. */
function harOf(content: Record<string, unknown>, bodySize: number, headers: Record<string, string> = {}): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      entries: [
        {
          startedDateTime: '2026-11-27T00:00:00Z',
          time: 1,
          request: { method: 'GET', url: 'http://h/pets', headers: [], bodySize: 0 },
          response: {
            status: 200,
            statusText: 'OK',
            headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
            content,
            bodySize,
          },
        },
      ],
    },
  });
}

// HAR 1.2 §content: `text` is left out "if the information is not available", and recorders write
// -1 for a size they do not know. An unknown body must leave its checks unjudged: judging it as
// empty is a false alarm ("200 documents application/json but the body is empty").
describe('a HAR response body as the recording holds it', () => {
  it.each([
    ['text present', { size: 2, mimeType: 'application/json', text: '[]' }, 2, {}, '[]', undefined],
    [
      'base64 text',
      { size: 2, mimeType: 'application/json', text: 'W10=', encoding: 'base64' },
      2,
      {},
      '[]',
      undefined,
    ],
    ['no text, size 0, no Content-Length: empty', { size: 0, mimeType: '' }, 0, {}, '', undefined],
    [
      'no text, size -1 (Playwright, body not read when the context closed): unknown',
      { size: -1, mimeType: 'application/json' },
      -1,
      { 'Content-Length': '183' },
      undefined,
      'the recording holds no text of the body, nor its size',
    ],
    [
      'no text, size known: unknown',
      { size: 183, mimeType: 'application/json' },
      183,
      {},
      undefined,
      'the recording holds no text of the body',
    ],
    [
      'no text, size 0 but Content-Length 183: unknown',
      { size: 0, mimeType: 'application/json' },
      0,
      { 'Content-Length': '183' },
      undefined,
      'the recording holds no text of the body',
    ],
    [
      "the proxy's own reason",
      { size: 9, mimeType: 'application/json', comment: 'not recorded: over the cap' },
      9,
      {},
      undefined,
      'over the cap',
    ],
  ] as const)('%s', (_name, content, bodySize, headers, text, unjudged) => {
    const [exchange] = fromHar(harOf(content, bodySize, headers), 'x.har');
    const response = exchange?.response;
    expect(response?.body?.toString('utf8')).toBe(text);
    expect(response?.unjudged).toBe(unjudged);
    expect(response?.size).toBeGreaterThanOrEqual(0);
  });
});
