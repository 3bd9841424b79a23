import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from '../../contract/index.js';
import { PET_STATUSES, type PetStatus } from '../store/types.js';
import type { HandlerInput } from './types.js';

// Readers of request values that express-openapi-validator has already checked against the
// contract: they pick the known fields (unknown ones are ignored and never stored) and narrow types.

export function bodyString(input: HandlerInput, key: string): string | undefined {
  const v = isRecord(input.body) ? input.body[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

export function bodyInteger(input: HandlerInput, key: string): number | undefined {
  const v = isRecord(input.body) ? input.body[key] : undefined;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

export function bodyStatus(input: HandlerInput, key = 'status'): PetStatus | undefined {
  const v = bodyString(input, key);
  return PET_STATUSES.find((s) => s === v);
}

export function pathId(input: HandlerInput, name: string): number {
  return Number(input.params[name]);
}

export function queryInteger(input: HandlerInput, name: string): number | undefined {
  const v = input.query.get(name);
  return v === null || v === '' ? undefined : Number(v);
}

export function queryBoolean(input: HandlerInput, name: string): boolean | undefined {
  const v = input.query.get(name);
  return v === 'true' ? true : v === 'false' ? false : undefined;
}

export function queryStatus(input: HandlerInput, name = 'status'): PetStatus | undefined {
  const v = input.query.get(name);
  return PET_STATUSES.find((s) => s === v);
}

/** A parameter's default as the contract declares it (`limit` default 20): read, not restated. */
export function parameterDefault(input: HandlerInput, name: string): number | undefined {
  const parameter = input.operation.parameters.find((p) => p.name === name && p.in === 'query');
  const schema = parameter?.schema as OpenAPIV3.SchemaObject | undefined;
  return typeof schema?.default === 'number' ? schema.default : undefined;
}
