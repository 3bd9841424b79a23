import type { Faker } from '@faker-js/faker';
import {
  diceOfFaker,
  itemSchemaOf,
  jsonContent,
  parseSequence,
  responseFor,
  sampleValue,
  sequenceSchemaOf,
  sequenceSyntax,
  type Operation,
  type SchemaValidator,
  type SequenceSyntax,
} from '../../contract/index.js';
import { fitsWith, schemaAccepts } from '../media.js';
import type { Reply } from '../routes/types.js';

/** The items of a sequence the reply carries: its array, or the items of a sequence written as text (a contract's example). */
export function itemsOf(syntax: SequenceSyntax, body: unknown): readonly unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body === 'string') {
    const read = parseSequence(syntax, body);
    if (read.ok) return read.items;
  }
  return body === undefined ? [] : [body];
}

/** The reply when its JSON body fits the documented schema, else one with a body generated to fit it (a few tries). */
export function keepToSchema(operation: Operation, reply: Reply, faker: Faker, validator: SchemaValidator): Reply {
  if (reply.body === undefined) return reply;
  const content = responseFor(operation.responses, reply.status)?.content ?? {};
  // A sequence: each item by itemSchema (OAS 3.2.0 §4.14.3.2), the whole by schema, as the runner judges it.
  const sequential = Object.keys(content).find((type) => itemSchemaOf(type, content[type]) !== undefined);
  if (sequential !== undefined && jsonContent(content, { ranges: true }) === undefined) {
    const syntax = sequenceSyntax(sequential)!;
    const item = itemSchemaOf(sequential, content[sequential])!;
    const whole = sequenceSchemaOf(sequential, content[sequential])!;
    const fits = (items: readonly unknown[]): boolean =>
      items.every((value) => schemaAccepts(validator, item, value)) &&
      (content[sequential]?.schema === undefined || schemaAccepts(validator, whole, items));
    if (fits(itemsOf(syntax, reply.body))) return reply;
    for (let i = 0; i < 5; i++) {
      const body = sampleValue(whole, { dice: diceOfFaker(faker), everyProperty: true, fits: fitsWith(validator) });
      if (Array.isArray(body) && fits(body)) return { ...reply, body };
    }
    return reply;
  }
  const json = jsonContent(content, { ranges: true })?.media.schema;
  if (!json || '$ref' in json || schemaAccepts(validator, json, reply.body)) return reply;
  for (let i = 0; i < 5; i++) {
    const body = sampleValue(json, { dice: diceOfFaker(faker), everyProperty: true, fits: fitsWith(validator) });
    if (schemaAccepts(validator, json, body)) return { ...reply, body };
  }
  return reply;
}
