import { readFileSync } from 'node:fs';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundledContractPath, packageRoot } from '../../src/contract/index.js';

// The table is transcribed from the source document; the contract must agree with it field by field.
interface FieldRow {
  field: string;
  type?: string;
  format?: string;
  ref?: string;
  required: boolean;
}
interface SourceTable {
  enums: Record<string, string[]>;
  objects: Record<string, FieldRow[]>;
  arrays: Record<string, string>;
  optionalExtras: Record<string, string[] | string>;
}

const table = JSON.parse(readFileSync(`${packageRoot}/fixtures/source-resources.json`, 'utf8')) as SourceTable;
// Read the raw file (not our loader) so the test does not share a bug with the code it guards.
const doc = parse(readFileSync(bundledContractPath, 'utf8')) as OpenAPIV3.Document;
const schemas = doc.components?.schemas ?? {};

type Node = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;
const deref = (node: Node): OpenAPIV3.SchemaObject => {
  if (!('$ref' in node)) return node;
  const name = node.$ref.replace('#/components/schemas/', '');
  const target = schemas[name];
  if (!target) throw new Error(`dangling ${node.$ref}`);
  return deref(target);
};

/** The properties and required list of an object schema, with allOf branches merged. */
function flatten(node: Node): { properties: Record<string, Node>; required: Set<string> } {
  const schema = deref(node);
  const properties: Record<string, Node> = { ...(schema.properties ?? {}) };
  const required = new Set(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    const sub = flatten(part);
    Object.assign(properties, sub.properties);
    for (const r of sub.required) required.add(r);
  }
  return { properties, required };
}

describe('the contract agrees with the source document', () => {
  it.each(Object.entries(table.enums))('enum %s has exactly the source values', (name, values) => {
    const schema = schemas[name] as OpenAPIV3.SchemaObject | undefined;
    expect(schema?.type).toBe('string');
    expect(schema?.enum).toEqual(values);
  });

  const rows = Object.entries(table.objects).flatMap(([resource, fields]) =>
    fields.map((row) => ({ resource, ...row })),
  );

  it.each(rows)('$resource.$field: type, format, required', ({ resource, field, type, format, ref, required }) => {
    const schema = schemas[resource];
    expect(schema, `schema ${resource}`).toBeDefined();
    const flat = flatten(schema!);
    const prop = flat.properties[field];
    expect(prop, `${resource}.${field}`).toBeDefined();
    if (ref) {
      expect(prop).toEqual({ $ref: `#/components/schemas/${ref}` });
    } else {
      const resolved = deref(prop!);
      expect(resolved.type).toBe(type);
      expect(resolved.format).toBe(format);
    }
    expect(flat.required.has(field)).toBe(required);
  });

  it.each(Object.entries(table.objects))(
    '%s has no field beyond the source (but documented optional extras)',
    (resource, fields) => {
      const flat = flatten(schemas[resource]!);
      const extras = table.optionalExtras[resource];
      const allowed = new Set([...fields.map((f) => f.field), ...(Array.isArray(extras) ? extras : [])]);
      expect(Object.keys(flat.properties).filter((name) => !allowed.has(name))).toEqual([]);
      for (const extra of Array.isArray(extras) ? extras : []) expect(flat.required.has(extra)).toBe(false);
    },
  );

  it.each(Object.entries(table.arrays))('%s is an array of %s', (name, item) => {
    const schema = schemas[name] as OpenAPIV3.ArraySchemaObject;
    expect(schema.type).toBe('array');
    expect(schema.items).toEqual({ $ref: `#/components/schemas/${item}` });
  });

  it('Pet and Category are built from their creation shapes plus id', () => {
    for (const [whole, creation] of [
      ['Pet', 'NewPet'],
      ['Category', 'NewCategory'],
    ] as const) {
      const schema = schemas[whole] as OpenAPIV3.SchemaObject;
      expect(schema.allOf?.[0]).toEqual({ $ref: `#/components/schemas/${creation}` });
    }
  });

  it('no field of Order is required in the schema itself', () => {
    expect(flatten(schemas['Order']!).required.size).toBe(0);
  });

  it('is OpenAPI 3.0.3, version 1.0.0, served from {base_url}', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers?.[0]?.url).toBe('{base_url}');
    expect(doc.servers?.[0]?.variables?.['base_url']?.default).toBe('http://127.0.0.1:4010');
  });
});
