import { mediaEssence } from '../contract/index.js';

/**
 * express-openapi-validator (5.x, `multipartNested`) reads every multipart field whose schema is an
 * array or object as JSON text, as multer leaves it: `req.body[key] = JSON.parse(value)`. The mock
 * has already read the parts into typed values (multipart.ts: a field sent more than once, or
 * declared an array, is a list; RFC 7578 §4.3), so the validator meets a list, and `JSON.parse`
 * reads it through its text: `[646]` is "646", then the number 646, and a valid one-item list is
 * refused "must be array" (files.com's `etags[part]`). A list whose text is its JSON (`[646]`) reads
 * back as the same list; the property is not enumerable, so nothing else sees it.
 */
export function keepListsThroughValidator(contentType: string | undefined, body: unknown): void {
  if (contentType === undefined || mediaEssence(contentType) !== 'multipart/form-data') return;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const value of Object.values(body)) {
    if (!Array.isArray(value)) continue;
    Object.defineProperty(value, 'toString', { value: () => JSON.stringify(value), enumerable: false });
  }
}
