import { mergeAllOf } from '../schema-views.js';
import type { OpenAPIV3 } from 'openapi-types';
import type { Operation } from '../types.js';
import { isObjectSchema, recordProperties } from './model.js';

type Schema = OpenAPIV3.SchemaObject;

/**
 * The members an answer holds the record in while it names the record's identifier beside it, at
 * its top: Flask-AppBuilder's model APIs (Apache Superset, Airflow's FAB views) answer an item's read
 * `{id, result: Record, show_columns, …}`, a create `{id, result: Record}`, a list
 * `{ids, result: [Record], count}`. The record's own fields are `result`'s, its identifier `id`.
 */
const RESULT_MEMBERS = new Set(['result']);

/**
 * The record of an item answer that names its identifier at the top beside a member holding the
 * record (RESULT_MEMBERS): that member and its schema, where the create sends fields of that member
 * and none of the answer's top. The identifier stays where the
 * answer names it, `idField` (`beside`); the record is kept under it as under any identifier field.
 */
export function resultBesideId(
  answer: Schema,
  idField: string,
  create: Operation | undefined,
): { property: string; schema: Schema; beside: string } | undefined {
  const top = recordProperties(answer);
  const id = top[idField];
  // An identifier is a plain value (OAS 3.0.3 §4.7.12: a path parameter's value), no object.
  if (id === undefined || ('$ref' in id ? false : isObjectSchema(id))) return undefined;
  const sent = Object.values(create?.requestBody?.content ?? {})
    .map((media) => media.schema)
    .filter((s): s is Schema => s !== undefined && !('$ref' in s))
    .flatMap((s) => Object.keys(recordProperties(s)));
  if (sent.length === 0 || sent.some((name) => name in top)) return undefined;
  for (const [property, written] of Object.entries(mergeAllOf(answer).properties ?? {})) {
    if (!RESULT_MEMBERS.has(property) || '$ref' in written || !isObjectSchema(written)) continue;
    const fields = recordProperties(written);
    // A read may show fewer fields than a create takes (Superset's chart read leaves out the
    // `datasource_id` its create requires): the member holding any field sent is the record.
    if (sent.some((name) => name in fields)) return { property, schema: written, beside: idField };
  }
  return undefined;
}
