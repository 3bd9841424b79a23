import { asSchema, effective, isRecord, type Schema } from '../cases/schema.js';
import { isJsonMediaType, mediaEssence } from '../../src/contract/index.js';
import type { Violation } from '../types.js';
import { pass, skip, type Check } from './types.js';
import { excerpt, isOwnExchange, operationsOnPath, parseJson, responseJsonSchema } from './util.js';
import { documentedResponse } from '../../src/contract/index.js';

/** Every 4xx/5xx answer carries the contract's error object: JSON, valid, `status` = HTTP status, `code` from the catalogue. */
export const errorShape: Check = {
  name: 'error_shape',
  needs: ['negative', 'wrong_method'],
  siblings: 'answer',
  description:
    "Every 4xx/5xx answer of the run. Fails when the body is not JSON (application/json or +json), does not validate against the operation's documented error schema (else the contract's common one), its `status` differs from the HTTP status, or its `code` is not in the error catalogue (`x-error-codes` / the code enum) or belongs to another status. A numeric `status` only is compared with the HTTP status. The answer to an undocumented method is judged only when it is a 405 and an operation on that path documents that status: RFC 9110 §15.5.6 asks only for `Allow`, which method_not_allowed checks. An answer to HEAD carries no body to judge (RFC 9110 §9.3.2). A read after a write is held to its GET's documented error schema; where that GET documents nothing for the status, a mismatch with the shared error schema is a warning.",
  appliesTo: () => true,
  judge: (exchange, operation, ctx) => {
    const response = exchange.response;
    if (!response || response.status < 400) return undefined;
    // RFC 9110 §9.3.2: the answer to HEAD carries no content, an error's neither (the kernel's rule for bodies).
    if (exchange.request.method.toUpperCase() === 'HEAD')
      return skip(`a ${response.status} to HEAD carries no content (RFC 9110 §9.3.2): no error body to judge`);
    // The operation's own answers are held to the schema it documents for that status (exact, range,
    // default), never to another operation's. Other exchanges reported under it (reads after a
    // write) are held to the error schema the contract's operations share.
    const own = isOwnExchange(exchange);
    const documented = own ? documentedResponse(operation.responses, response.status) : undefined;
    if (own && !documented) return skip(`status ${response.status} is undocumented (see status_code_documented)`);
    // An undocumented method on a documented path: RFC 9110 §15.5.6 asks a 405 only for `Allow`
    // (method_not_allowed judges it). Its body is held to an error schema only where the contract
    // documents that status on that path; otherwise nothing states what it carries.
    let pathSchema: Schema | undefined;
    if (exchange.kind === 'wrong_method') {
      // Only a 405 is the answer to the method itself. Another status (a router's 404 "no route") is
      // not what an operation on the path documents under it (its 404 says its record is missing:
      // a Response Object describes its own operation's answers, OAS 3.1.0 §4.8.16).
      if (response.status !== 405)
        return skip(
          `a ${response.status} to an undocumented method is no answer any operation on ${operation.path} documents (OAS 3.1.0 §4.8.16: responses describe their own operation); method_not_allowed judges it`,
        );
      const onPath = operationsOnPath(ctx.contract.operations, operation)
        .map((o) => documentedResponse(o.responses, response.status))
        .find((d) => d !== undefined && d.key === String(response.status));
      if (!onPath)
        return skip(
          `no operation on ${operation.path} documents a ${response.status} body for an undocumented method (RFC 9110 §15.5.6 asks only for Allow)`,
        );
      // A 405 the path documents only in types that are not JSON (Adobe AEM's `text/html`) is an
      // answer in the documented type, not a JSON error body gone missing: content_type's rule for
      // bodies judges such a type, and the shared JSON error schema says nothing of it. A range
      // (`*/*`) admits JSON, so it is judged as before.
      const documentedTypes = Object.keys(onPath.response.content ?? {});
      if (documentedTypes.length > 0 && !documentedTypes.some((type) => type.includes('*') || isJsonMediaType(type)))
        return skip(
          `the ${response.status} that ${operation.path} documents is ${documentedTypes.join(', ')} only: no JSON error body to judge`,
        );
      pathSchema = responseJsonSchema(onPath.response)?.schema;
    }
    // A read after a write is held to what its own GET documents for that status; where that GET
    // documents nothing for it, the shared error schema is the kit's expectation, not the contract's
    // words (as for the 405 above): a mismatch there is a warning.
    const requested =
      !own && exchange.kind !== 'wrong_method' && exchange.requestedOperationId
        ? ctx.contract.operationsById.get(exchange.requestedOperationId)
        : undefined;
    const readerDocumented = requested ? documentedResponse(requested.responses, response.status) : undefined;
    const readerSchema = readerDocumented ? responseJsonSchema(readerDocumented.response)?.schema : undefined;
    const unstated = !own && exchange.kind !== 'wrong_method' && readerSchema === undefined;
    const schema: Schema | undefined = own
      ? documented && responseJsonSchema(documented.response)?.schema
      : (pathSchema ?? readerSchema ?? ctx.errorSchema);
    if (!schema) return skip('the contract documents no JSON error schema for this answer');
    const received = response.headers['content-type'] ?? '';
    if (!isJsonMediaType(received)) {
      return {
        status: 'fail',
        violations: [
          {
            message: `${response.status} answered with Content-Type ${mediaEssence(received) || '(none)'}, not JSON: ${excerpt(response.body, 80)}`,
          },
        ],
      };
    }
    const parsed = parseJson(response.body);
    if (!parsed.ok)
      return {
        status: 'fail',
        violations: [{ message: `${response.status} error body is not JSON: ${parsed.error}` }],
      };
    const violations: Violation[] = [];
    const result = ctx.validator.validate(schema, parsed.value, 'response');
    // A schema that cannot be checked is said (a skip below), never passed in silence.
    const cannot = result.state === 'unknown' ? `could not check the body: ${result.reason}` : undefined;
    if (result.state === 'invalid')
      for (const v of result.violations)
        violations.push({ message: `error body${v.path} ${v.message}`, where: v.path });
    const props = effective(schema).properties ?? {};
    const body = isRecord(parsed.value) ? parsed.value : {};
    // Only a numeric `status` is the HTTP status (RFC 9457 §3.1.2); a string one is free text (Ory's "The status description").
    const statusType = asSchema(props['status'])?.type;
    if (
      'status' in props &&
      (statusType === 'integer' || statusType === 'number') &&
      body['status'] !== undefined &&
      body['status'] !== response.status
    ) {
      violations.push({
        message: `error status ${JSON.stringify(body['status'])} differs from the HTTP status ${response.status}`,
        where: '/status',
      });
    }
    const catalogue = ctx.contract.errorCatalogue;
    if ('code' in props && catalogue.size > 0 && typeof body['code'] === 'string') {
      const code = body['code'];
      if (!catalogue.has(code))
        violations.push({
          message: `error code ${JSON.stringify(code)} is not in the contract's catalogue`,
          where: '/code',
        });
      else {
        const expected = catalogue.get(code);
        if (expected !== undefined && expected !== response.status) {
          violations.push({
            message: `error code ${code} belongs to status ${expected}, not ${response.status}`,
            where: '/code',
          });
        }
      }
    }
    if (violations.length > 0 && unstated) {
      return {
        status: 'warn',
        reason: `${requested ? `${requested.method.toUpperCase()} ${requested.path}` : 'this request'} documents no ${response.status} body; held to the error schema the operations share: ${violations
          .slice(0, 3)
          .map((v) => v.message)
          .join('; ')}`,
      };
    }
    return violations.length > 0 ? { status: 'fail', violations } : cannot ? skip(cannot) : pass;
  },
};
