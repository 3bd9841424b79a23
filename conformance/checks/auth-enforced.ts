import { fail, pass, skip, type Check } from './types.js';
import { isOwnExchange } from './util.js';
import { judgeRefusal, REFUSALS } from './refusal.js';

/**
 * RFC 9110 §11.6.1 / §15.5.2: a request without valid credentials for a protected resource gets 401
 * (or 403, §15.5.4). What proves a server ignores authentication is only that it accepted such a
 * request (2xx); any other refusal shows it did not, though one that is not 401/403 (a body check
 * that ran first: 400, 422) does not show that it checked the credentials either: a warning.
 */
export const authEnforced: Check = {
  name: 'auth_enforced',
  needs: ['positive', 'no_auth', 'wrong_auth'],
  description:
    'Operations with security requirements: sends the valid request without credentials and with wrong ones; fails when either is accepted (2xx) (made-up credentials for a scheme the run was given none for are skipped: nothing says they are wrong), or refused with a 401/403 the operation does not document where it documents the other (403 where only 401 is documented); a documented 401/403 passes, and either passes where the operation documents neither; another refusal (400, 422, 404…) is a warning, or a failure where it is undocumented and 401/403 are documented. With credentials given, fails when any request carrying the valid ones gets 401, unless the operation documents no success and documents that 401. Public operations: fails when one answers 401, unless it documents no success and documents that 401.',
  appliesTo: () => true,
  judge: (exchange, operation) => {
    const response = exchange.response;
    if (!response || !isOwnExchange(exchange)) return undefined;
    const { status } = response;
    if (exchange.kind === 'no_auth' || exchange.kind === 'wrong_auth') {
      const what = exchange.kind === 'no_auth' ? 'without credentials' : 'with wrong credentials';
      // Credentials the run was not given (HERE's OAuth 1.0 signatures, an `http` scheme the runner
      // holds no value for) are made up: nothing says they are wrong, and a server may take any it
      // cannot check, as the mock does for such a scheme. The request without any is the test.
      if (status >= 200 && status < 300 && exchange.kind === 'wrong_auth' && exchange.context.noKeyGiven)
        return skip(
          `${operation.id} accepted made-up credentials (answered ${status}); the run was given none for its scheme, so they are not known to be wrong: the request without credentials is what shows enforcement`,
        );
      if (status >= 200 && status < 300)
        return fail(`${operation.id} requires credentials but accepted the request ${what} (answered ${status})`);
      if (status === 404 && exchange.context.noKeyGiven)
        return skip(
          `answered 404 ${what} (the resource lookup came first; with credentials the runner uses a real resource)`,
        );
      // The contract first, then the RFC (checks/refusal.ts): a documented 401/403 is the promise;
      // 403 where only 401 is documented breaks it. Documenting none, 401/403 pass (the contract's
      // omission is named once, by status_code_documented).
      const verdict = judgeRefusal(operation, REFUSALS.credentials(`a request ${what}`), status);
      if (verdict.verdict === 'documented' || verdict.verdict === 'rfc') return pass;
      if (verdict.verdict === 'undocumented') return fail(verdict.message);
      return {
        status: 'warn',
        reason: `${operation.id} refused the request ${what} with ${status}, not 401/403: it did not ignore the missing credentials, but the answer does not show it checked them (another check ran first)`,
      };
    }
    if (status !== 401) return pass;
    if (operation.requiresAuth && exchange.context.noKeyGiven) return undefined;
    // An operation documenting no success, only refusals (Kubernetes' `GET /logs/`: only 401
    // "Unauthorized"; a public one too, clubhouseapi's `POST /follow`: only 401 "waitlisted") promises
    // none: its documented 401 is the one answer the contract gives, as positive_data_accepted reads it
    // (OAS 3.0.3 §4.7.16 asks for a success response only as a SHOULD).
    const keys = Object.keys(operation.responses);
    if (keys.includes('401') && !keys.some((k) => k === '101' || k === 'default' || /^[23]/.test(k)))
      return skip(
        `${operation.id} documents no success answer (only ${keys.join(', ')}): its documented 401 is what the contract promises`,
      );
    if (!operation.requiresAuth) return fail(`${operation.id} is public (no security requirement) but answered 401`);
    return fail(`the valid key was refused with 401`);
  },
};
