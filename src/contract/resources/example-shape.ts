/**
 * The shape of an answer documented by its example alone (no `schema`: documents converted from
 * Postman collections, clicksend.com's `{http_code, response_code, response_msg, data: {…}}`,
 * orbit.love's `{data: {id, type, attributes}}`). OAS 3.0.3 §4.7.10: a Media Type Object's `schema`
 * is optional and its `example` "SHOULD be in the correct format as specified by the media type";
 * where no schema is given, the example is the only description of the answer, so the resource
 * model reads records, envelopes and identifiers from its shape as it reads them from a schema.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from '../guards.js';
import { jsonContent, mediaEssence } from '../media.js';

type Schema = OpenAPIV3.SchemaObject;

// Keyed by the media object (nobody modifies it): the model compares schemas by identity, so one
// media object gives one shape, however often it is asked.
const shapes = new WeakMap<OpenAPIV3.MediaTypeObject, Schema | null>();

/** The media's documented example: `example`, else the first of `examples` with a value (§4.7.10). */
function documentedExample(media: OpenAPIV3.MediaTypeObject): unknown {
  if (media.example !== undefined) return media.example;
  for (const example of Object.values(media.examples ?? {}))
    if (!('$ref' in example) && example.value !== undefined) return example.value;
  return undefined;
}

/** A schema every value of the example's shape fits: its types, each value kept as the member's example. */
export function exampleShape(value: unknown): Schema {
  if (Array.isArray(value)) return { type: 'array', items: value.length > 0 ? exampleShape(value[0]) : {} };
  if (isRecord(value))
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(value).map(([name, v]) => [name, exampleShape(v)])),
    };
  if (typeof value === 'string') return { type: 'string', example: value };
  if (typeof value === 'boolean') return { type: 'boolean', example: value };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number', example: value };
  return {};
}

/**
 * The shape of a JSON answer documented by its example alone: the first JSON entry's example, when
 * it is an object (a scalar or a list example describes no record to keep), and only where no entry
 * of the content has a schema. A schema on another entry (osf.io: `*\/*` with the Node schema beside
 * an `application/json` example of `{data: Node}`) is what the answer is held to (OAS 3.0.3 §4.7.10:
 * the example only illustrates), and both halves already read it: the shape would be a second,
 * contradicting description.
 */
export function exampleAnswerSchema(
  content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>> | undefined,
): Schema | undefined {
  const entries = Object.values(content ?? {});
  if (entries.some((media) => media.schema !== undefined)) return undefined;
  const media = jsonContent(content, { ranges: true })?.media;
  if (!media) return undefined;
  const known = shapes.get(media);
  if (known !== undefined) return known ?? undefined;
  const example = documentedExample(media);
  const shape = isRecord(example) ? exampleShape(example) : null;
  shapes.set(media, shape);
  return shape ?? undefined;
}

/**
 * The schema of a JSON answer: the first JSON entry's own. With `fallback` (an item's answer), where
 * that entry has none: the schema of an entry of the same media type written with parameters
 * (`application/json; charset=utf-8`: parameters do not change the type, RFC 9110 §8.3.1, so it
 * describes the same answer; converters split one answer into an `application/json` entry holding
 * the example and a `; charset=utf-8` one holding the schema), else the shape of an example no
 * schema contradicts (exampleAnswerSchema). A list's is not read so: the mock answers it from the
 * first entry's example (one page, its paging and filters untold), so the model does not take it
 * for a list it keeps.
 */
export function documentedAnswerSchema(
  content: Readonly<Record<string, OpenAPIV3.MediaTypeObject>> | undefined,
  options: { readonly ranges?: boolean; readonly fallback?: boolean } = {},
): Schema | undefined {
  const json = jsonContent(content, options);
  if (!json || json.schema || options.fallback !== true) return json?.schema;
  const essence = mediaEssence(json.mediaType);
  for (const [type, media] of Object.entries(content ?? {}))
    if (mediaEssence(type) === essence && media.schema && !('$ref' in media.schema)) return media.schema;
  return exampleAnswerSchema(content);
}
