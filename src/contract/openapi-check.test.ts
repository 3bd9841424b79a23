import { describe, expect, it } from 'vitest';
import { aboveHarmless, harmlessProblem } from './openapi-check.js';

const unknownField = (instancePath: string, additionalProperty: string) => ({
  keyword: 'additionalProperties',
  instancePath,
  params: { additionalProperty },
  message: 'must NOT have additional properties',
});

describe('harmlessProblem: a field of a Response Object OpenAPI 3 does not define (OAS 3.0.3 §4.7.17)', () => {
  it.each([
    ['an operation’s response (3.0)', unknownField('/paths/~1whoAmI/get/responses/200', 'schema')],
    ['a shared response (3.0)', unknownField('/components/responses/NotFound', 'schema')],
    [
      'an operation’s response (3.1: unevaluatedProperties)',
      {
        keyword: 'unevaluatedProperties',
        instancePath: '/paths/~1whoAmI/get/responses/default',
        params: { unevaluatedProperty: 'schema' },
        message: 'must NOT have unevaluated properties',
      },
    ],
  ])('is harmless in %s', (_where, error) => {
    expect(harmlessProblem(error)).toMatch(/`schema` is no Response Object field/);
  });

  it.each([
    ['an operation', unknownField('/paths/~1whoAmI/get', 'schema')],
    ['a Responses Object', unknownField('/paths/~1whoAmI/get/responses', 'schema')],
    ['a Media Type Object', unknownField('/paths/~1whoAmI/get/responses/200/content/application~1json', 'schemas')],
  ])('is no reason to pass elsewhere: %s', (_where, error) => {
    expect(harmlessProblem(error)).toBeUndefined();
  });

  it('leaves a Response Object without its description a refusal', () => {
    const error = {
      keyword: 'required',
      instancePath: '/paths/~1whoAmI/get/responses/200',
      params: { missingProperty: 'description' },
      message: "must have required property 'description'",
    };
    expect(harmlessProblem(error)).toBeUndefined();
    expect(aboveHarmless(error, ['/paths/~1whoAmI/get/responses/200'])).toBe(false);
  });

  it('takes the alternation errors at the harmless field’s own object as harmless too', () => {
    const at = '/paths/~1whoAmI/get/responses/200';
    expect(aboveHarmless({ keyword: 'oneOf', instancePath: at, params: {} }, [at])).toBe(true);
    expect(aboveHarmless({ keyword: 'required', instancePath: at, params: { missingProperty: '$ref' } }, [at])).toBe(
      true,
    );
    expect(aboveHarmless({ keyword: 'oneOf', instancePath: `${at}/content`, params: {} }, [at])).toBe(false);
  });
});
