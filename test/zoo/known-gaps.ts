/** The reasons shared by the zoo's fidelity tables (each table entry still names its own `why`). */

/** The mock's generic engine fills every collection at start; the zoo's services start empty. */
export const SEEDED =
  "the mock's gap: it seeds three generated records per collection where the service starts empty (the generic engine's state cannot be imported empty: PUT /__mock/state answers 409 on the generic engine), so its list counts them";

/** The mock's 415 for a text/plain body where the operation documents its own refusal. */
export const WRONG_MEDIA_415 =
  "the mock's gap: the operation documents 400 for a refused body and the framework answers it (its JSON body parser leaves a text/plain body unread, then validation refuses it); the mock answers RFC 9110 §15.5.16's 415, which the operation does not document";

export const UNDOCUMENTED_415 = "follows from the mock's 415: a status the operation does not document";

export const VALIDATION_422 = "the mock's gap (issue 29 item 4): the operation documents only 422 for invalid requests; the mock answers 400";

export const UNDOCUMENTED_400 = "follows from the mock's 400: a status the operation does not document";
