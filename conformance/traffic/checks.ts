import { CHECKS, type Check } from '../registry/index.js';
import { pass, skip } from '../checks/types.js';
import type { Exchange } from '../types.js';

/**
 * The registered checks that judge an answer by itself, whoever sent the request. The others
 * (positive_data_accepted, auth_enforced, use_after_delete…) judge what the runner meant its own
 * request to test, which traffic does not say: a real client's GET of a missing pet is answered
 * 404 rightly.
 */
export const TRAFFIC_CHECK_NAMES: readonly string[] = [
  'not_a_server_error',
  'status_code_documented',
  'content_type',
  'response_schema',
  'response_headers',
  'deprecation_headers',
  'sunset_enforced',
  'error_shape',
];

/** Checks that read the body: over the cap they are skipped, naming the size. */
const BODY_CHECKS: ReadonlySet<string> = new Set(['content_type', 'response_schema', 'error_shape']);

export const CLIENT_CHECK = 'client_request_valid';

/**
 * The client's side: a request that breaks the contract is the client's violation, reported as a
 * warning under its own name, never as the server's failure. The server is then judged as the
 * runner judges its answers to deliberately invalid requests (kind `negative`).
 */
export const clientRequestValid: Check = {
  name: CLIENT_CHECK,
  needs: [],
  description:
    "Traffic only (proxy, HAR): the client's request against the operation (required parameters, scalar values, body presence, media type, JSON schema). A violation is a warning naming the client, never a failure of the server.",
  appliesTo: () => true,
  judge: (exchange) => {
    if (exchange.kind === 'negative')
      return {
        status: 'warn',
        reason: `the client's request breaks the contract: ${exchange.context.defect ?? 'invalid'}`,
      };
    return exchange.response || exchange.error ? pass : undefined;
  },
};

/** The traffic checks, selected by --checks / --skip-checks, bodies over the cap skipped by those that read them. */
export function trafficChecks(
  select: { readonly checks?: readonly string[] | undefined; readonly skipChecks?: readonly string[] | undefined },
  unjudged: ReadonlyMap<number, string>,
): Check[] {
  const wanted = (name: string): boolean =>
    (!select.checks || select.checks.length === 0 || select.checks.includes(name)) &&
    !(select.skipChecks ?? []).includes(name);
  const registered = CHECKS.filter((c) => TRAFFIC_CHECK_NAMES.includes(c.name));
  return [...registered, clientRequestValid]
    .filter((c) => wanted(c.name))
    .map((c) =>
      BODY_CHECKS.has(c.name)
        ? {
            ...c,
            judge: (e: Exchange, op, ctx) =>
              unjudged.has(e.seq) && e.response ? skip(unjudged.get(e.seq) ?? 'body not judged') : c.judge(e, op, ctx),
          }
        : c,
    );
}
