/** The reasons shared by the zoo's fidelity tables (each table entry still names its own `why`). */

/** A body in a media type the operation does not take, where it documents its validation refusal and no 415. */
export const WRONG_MEDIA_415 =
  "the service's deviation from its own document: @hono/zod-openapi refuses a text/plain body with 415, which the operation does not document; the mock answers the validation refusal it documents (422), as FastAPI (422), NestJS, Fastify and express-zod-api (400) answer such a body (docs/mock-errors-and-records.md)";

export const UNDOCUMENTED_415 = "follows from the service's undocumented 415";

/** FastAPI's full-stack template shape: the update model admits null for fields its public model requires. */
export const NULL_PATCH_500 =
  "the service's own bug: TaskUpdate (`X | None = None`) admits null for fields TaskPublic requires, so the service stores the null and then fails its own response model, answering 500 to this and every later read of the record; the mock keeps its answers valid against the documented TaskPublic (the document contradicts itself: what it accepts cannot be answered), so the session expects back only what TaskPublic can carry, and sends these nulls after the one TaskPublic admits (description)";

/** An unknown id where the operation documents no 404. */
export const UNDOCUMENTED_404 =
  "the service's deviation from its own document: it answers 404, which the operation does not document (FastAPI leaves HTTPException statuses out of the document); the mock gives the documented answer with X-Mock-Stateless saying why (issue 29: an unknown id on an operation that documents no 404 gets its documented answer)";

export const UNDOCUMENTED_404_SCHEMA = "follows from the service's undocumented 404";

export const COERCION =
  'the service\'s departure from its own document, listed among its departures ("accepted a request its document calls invalid"): Fastify\'s default ajv options (coerceTypes: \'array\', @fastify/ajv-compiler) store {"title": 0} as "0", where the document requires a string; the mock refuses it with the documented 400, as a contract mock must (coercing would hide the client\'s bug the document forbids)';

export const MALFORMED_400 =
  "the service's deviation from its own document: Hono answers malformed JSON with 400, which the operation does not document (it documents 422); the mock answers the documented 422";

export const MALFORMED_400_SCHEMA = "follows from the service's undocumented 400";

export const PARTIAL_TYPE =
  "the service's own bug (docs/zoo-node.md): a PATCH without marketingOptIn sets it back to false, because PartialType copies CreateMemberDto's property initializer into the update DTO and transform: true instantiates it";

/** tsoa's documented error handler (the tsoa docs' "Error handling" page) as teams copy it. */
export const TSOA_HANDLER_500 =
  "the service's deviation from its own document: the error handler of the tsoa docs answers ValidateError with 422 and every other Error with 500, so body-parser's SyntaxError for malformed JSON (its own status 400) becomes 500 Internal Server Error, which no operation documents; the mock answers the documented 422";

export const TSOA_HANDLER_500_SCHEMA = "follows from the service's undocumented 500";

export const TSOA_FORMAT_UUID =
  "the service is looser than its document: tsoa writes `@format uuid` into the document but its runtime validator checks no string format but date and date-time, so a malformed id reaches the controller and is answered 404 (documented); the mock refuses it with the documented 422, as the document's format says it is invalid";

/** Django REST framework's CharField turns a number into its text (`to_internal_value`: str(data) for int and float). */
export const DRF_CHARFIELD_NUMBER =
  'the service\'s departure from its own document, listed among its departures ("accepted a request its document calls invalid"): Django REST framework\'s CharField accepts a JSON number for a `type: string` field and stores its text ({"title": 12345} is stored as "12345"); the mock refuses it with the documented 400, as a contract mock must';

/** Django REST framework answers a body in a media type no parser takes with 415, which drf-spectacular does not document. */
export const DRF_UNDOCUMENTED_415 =
  "the service's deviation from its own document: Django REST framework answers a text/plain body 415 (UnsupportedMediaType, no parser for it), which drf-spectacular leaves out of the document; the mock answers the validation refusal the operation documents (400), as it does for the other frameworks (docs/mock-errors-and-records.md)";
