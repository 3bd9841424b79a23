import { authEnforced } from '../checks/auth-enforced.js';
import { contentType } from '../checks/content-type.js';
import { createdResourceReadable } from '../checks/created-resource-readable.js';
import { deprecationHeaders } from '../checks/deprecation-headers.js';
import { errorShape } from '../checks/error-shape.js';
import { listedIdsUnique } from '../checks/listed-ids-unique.js';
import { malformedJsonRejected } from '../checks/malformed-json-rejected.js';
import { methodNotAllowed } from '../checks/method-not-allowed.js';
import { negativeDataRejected } from '../checks/negative-data-rejected.js';
import { nonUtf8Rejected } from '../checks/non-utf8-rejected.js';
import { notAServerError } from '../checks/not-a-server-error.js';
import { notFoundForUnknownId } from '../checks/not-found-for-unknown-id.js';
import { positiveDataAccepted } from '../checks/positive-data-accepted.js';
import { responseHeaders } from '../checks/response-headers.js';
import { responseSchema } from '../checks/response-schema.js';
import { statusCodeDocumented } from '../checks/status-code-documented.js';
import { sunsetEnforced } from '../checks/sunset-enforced.js';
import { useAfterDelete } from '../checks/use-after-delete.js';
import { filtersFilter } from '../probes/filters.js';
import { locationNamesResource } from '../probes/location.js';
import { pagingTruthful } from '../probes/paging.js';
import { readOnlyNotHonoured } from '../probes/read-only.js';
import { referencesChecked } from '../probes/references.js';
import { workflows } from '../workflows/entry.js';
import {
  isExchangeCheck,
  isProbe,
  isWorkflowFamily,
  type Check,
  type Entry,
  type ProbeCheck,
  type WorkflowFamily,
} from './types.js';

export * from './types.js';

/**
 * Every judgement of the runner, in report order: a new check is one line here (and its own file).
 * Exchange checks (checks/), then the workflows (workflows/), then the probe checks (probes/).
 */
export const REGISTRY: readonly Entry[] = [
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
  listedIdsUnique,
  malformedJsonRejected,
  nonUtf8Rejected,
  workflows,
  locationNamesResource,
  readOnlyNotHonoured,
  pagingTruthful,
  filtersFilter,
  referencesChecked,
];

/** The entries that judge the per-operation exchanges, in report order. */
export const CHECKS: readonly Check[] = REGISTRY.filter(isExchangeCheck);
export const CHECK_NAMES: readonly string[] = CHECKS.map((c) => c.name);
/** The entries that send their own requests (the CLI's "generic rules"), in the order they run. */
export const PROBES: readonly ProbeCheck[] = REGISTRY.filter(isProbe);
/** The entries that run the loaded Arazzo documents' workflows (`workflow:*`), after the exchange checks. */
export const WORKFLOW_FAMILIES: readonly WorkflowFamily[] = REGISTRY.filter(isWorkflowFamily);
