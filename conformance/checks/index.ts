import { authEnforced } from './auth-enforced.js';
import { contentType } from './content-type.js';
import { createdResourceReadable } from './created-resource-readable.js';
import { deprecationHeaders } from './deprecation-headers.js';
import { errorShape } from './error-shape.js';
import { malformedJsonRejected } from './malformed-json-rejected.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { negativeDataRejected } from './negative-data-rejected.js';
import { notAServerError } from './not-a-server-error.js';
import { notFoundForUnknownId } from './not-found-for-unknown-id.js';
import { positiveDataAccepted } from './positive-data-accepted.js';
import { responseHeaders } from './response-headers.js';
import { responseSchema } from './response-schema.js';
import { statusCodeDocumented } from './status-code-documented.js';
import { sunsetEnforced } from './sunset-enforced.js';
import { useAfterDelete } from './use-after-delete.js';
import type { Check } from './types.js';

export type { Check, CheckContext } from './types.js';

/** Every check, in report order. */
export const CHECKS: readonly Check[] = [
  notAServerError,
  statusCodeDocumented,
  contentType,
  responseSchema,
  responseHeaders,
  deprecationHeaders,
  sunsetEnforced,
  errorShape,
  negativeDataRejected,
  positiveDataAccepted,
  authEnforced,
  notFoundForUnknownId,
  methodNotAllowed,
  createdResourceReadable,
  useAfterDelete,
  malformedJsonRejected,
];

export const CHECK_NAMES: readonly string[] = CHECKS.map((c) => c.name);
