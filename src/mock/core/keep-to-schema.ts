import type { Faker } from '@faker-js/faker';
import {
  diceOfFaker,
  itemSchemaOf,
  jsonAnswerEntry,
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
export function keepToSchema(
  operation: Operation,
  reply: Reply,
  faker: Faker,
  validator: SchemaValidator,
  accept?: string | readonly string[],
): Reply {
  if (reply.body === undefined) return reply;
  const content = responseFor(operation.responses, reply.status)?.content ?? {};
  // A sequence: each item by itemSchema (OAS 3.2.0 §4.14.3.2), the whole by schema, as the runner judges it.
  const sequential = Object.keys(content).find((type) => itemSchemaOf(type, content[type]) !== undefined);
  // The JSON entry the answer is written in (the kernel's jsonAnswerEntry), which the mock's
  // validator checks it against: not merely the first that admits JSON (a `*\/*` listed before
  // `application/json` with a schema of its own, gerermesaffaires' download).
  const entry = jsonAnswerEntry(accept, content);
  if (sequential !== undefined && entry === undefined) {
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
  const json = entry === undefined ? undefined : content[entry]?.schema;
  if (!json || '$ref' in json || schemaAccepts(validator, json, reply.body)) return reply;
  for (let i = 0; i < 5; i++) {
    const body = sampleValue(json, { dice: diceOfFaker(faker), everyProperty: true, fits: fitsWith(validator) });
    if (schemaAccepts(validator, json, body)) return { ...reply, body };
  }
  return reply;
}
