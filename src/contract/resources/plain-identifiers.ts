import type { OpenAPIV3 } from 'openapi-types';
import { lowered } from '../schema-2020.js';
import { mergeAllOf } from '../schema-views.js';
import { normalName } from './vocabulary.js';

type Schema = OpenAPIV3.SchemaObject;

/**
 * Whether a page of plain values on a collection's own path lists the records' identifiers, though
 * nothing names it so (pinecone's `GET /collections` answering `[CollectionName]` beside
 * `/collections/{collectionName}`; apacta's `{data: [string], pagination, success}` beside
 * `/projects/{project_id}/project_files/{project_file_id}`): every value the items' schema admits is
 * one the item path parameter admits (OAS 3.0.3 §4.7.12: the parameter's schema is what addresses a
 * record), so each listed value can name a record. Values the parameter may refuse are something
 * else the collection shows (opto22's table `[number]` of floats beside `/{index}` integers; a
 * `[string]` of names beside a `uuid` parameter), and the page is no list of identifiers.
 */
export function addressesRecords(
  items: Schema | OpenAPIV3.ReferenceObject | undefined,
  param: Schema | undefined,
): boolean {
  if (items === undefined || '$ref' in items || param === undefined) return false;
  if (items === param) return plainType(mergeAllOf(items).type);
  const own = mergeAllOf(items);
  const bound = mergeAllOf(param);
  if (!plainType(own.type)) return false;
  // The same schema written twice (a `$ref` resolved to two copies) admits the same values.
  if (JSON.stringify(own) === JSON.stringify(bound)) return true;
  // An integer is a number (JSON Schema validation §6.1.1); any other pair of types differs.
  const typeFits =
    bound.type === undefined || bound.type === own.type || (bound.type === 'number' && own.type === 'integer');
  return typeFits && keywordsFit(own, bound);
}

/** The JSON types a path segment carries as one value: a string or a number, never an object, array, boolean or null. */
function plainType(type: unknown): boolean {
  return type === 'string' || type === 'integer' || type === 'number';
}

/** Whether every restriction the parameter makes, the items make at least as strictly (JSON Schema validation §6.2, §6.3, §7). */
function keywordsFit(own: Schema, bound: Schema): boolean {
  if (bound.format !== undefined && own.format !== bound.format) return false;
  if (bound.pattern !== undefined && own.pattern !== bound.pattern) return false;
  if (bound.enum !== undefined && !(own.enum ?? [undefined]).every((v) => bound.enum!.includes(v))) return false;
  const atMost = (mine: number | undefined, theirs: number | undefined): boolean =>
    theirs === undefined || (mine !== undefined && mine <= theirs);
  const atLeast = (mine: number | undefined, theirs: number | undefined): boolean =>
    theirs === undefined || (mine !== undefined && mine >= theirs);
  // A value addressing a record fills its path segment, so a minimum length of one says nothing more.
  const minLength = bound.minLength !== undefined && bound.minLength > 1 ? bound.minLength : undefined;
  if (bound.exclusiveMinimum === true && own.exclusiveMinimum !== true) return false;
  if (bound.exclusiveMaximum === true && own.exclusiveMaximum !== true) return false;
  return (
    atMost(own.maxLength, bound.maxLength) &&
    atLeast(own.minLength, minLength) &&
    atMost(own.maximum, bound.maximum) &&
    atLeast(own.minimum, bound.minimum)
  );
}

/**
 * Whether a page of plain values lists the identifiers of the records of `record`, addressed by an
 * item parameter `param` of schema `paramSchema` (addressesRecords), unless each record is itself one
 * plain value the page may list instead: opto22's table `[int32]` beside `/{index}` (int32), whose
 * element reads `{value: int32}`, lists the values, not the indexes.
 */
export function listsPlainIdentifiers(
  items: Schema | OpenAPIV3.ReferenceObject | undefined,
  paramSchema: Schema | undefined,
  record: Schema,
  param: string | undefined,
): boolean {
  if (!addressesRecords(items, paramSchema)) return false;
  const fields = Object.entries(mergeAllOf(record).properties ?? {});
  const only = fields.length === 1 ? fields[0]! : undefined;
  if (only === undefined || '$ref' in only[1] || normalName(only[0]) === normalName(param ?? '')) return true;
  return !addressesRecords(items, mergeAllOf(only[1]));
}

/**
 * A member a page holds beside its list: a plain value (`success`, `total`) or an object of plain
 * values (apacta's `pagination: {count, current_page, has_next_page, …}`), never another list, a
 * record, or a member that says nothing of itself (gettyimages' `images: {nullable: true}` beside
 * `images_not_found: [string]`, which may be the list).
 */
export function pageFigure(schema: Schema | OpenAPIV3.ReferenceObject): boolean {
  if ('$ref' in schema) return false;
  const view = mergeAllOf(lowered(schema));
  if (plainType(view.type) || view.type === 'boolean') return true;
  const members = Object.values(view.properties ?? {});
  return (
    (view.type === 'object' || view.type === undefined) &&
    members.length > 0 &&
    members.every((sub) => !('$ref' in sub) && (plainType(mergeAllOf(sub).type) || mergeAllOf(sub).type === 'boolean'))
  );
}
