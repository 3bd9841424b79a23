// Construct fixtures (fixtures/constructs/directory/) for the classes of failure the directory
// sweep found, each swept as `npm run sweep` sweeps a document (bench/sweep/document.ts): the mock
// starts, no plain GET answers 5xx, and the runner finds nothing wrong with the mock.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract, packageRoot, SchemaValidator } from '../../src/contract/index.js';
import { validParams } from '../../conformance/cases/inputs.js';
import type { MutableInput } from '../../conformance/cases/mutations.js';
import { Random } from '../../conformance/cases/random.js';
import { CredentialPlan } from '../../conformance/credentials.js';
import { planRun, select } from '../../conformance/plan/index.js';
import { start } from '../../src/index.js';
import { runComposed } from '../../conformance/composed-run.js';
import { expectCleanSweep } from './outcomes.js';
import { sweepDocument, SWEEP_DEFAULTS } from '../../bench/sweep/document.js';

const CONSTRUCTS = [
  // A create named by the item's own parameter, answering no identifier (twitter's bookmarks
  // `{tweet_id}`): the mock keyed the record otherwise and the runner took the id from a new tweet,
  // so deleting the bookmark just made answered 404.
  'create-named-by-item-param.yaml',
  // An item parameter named like no field of its record, whose description says which it carries
  // (bitbucket's `{workspace}`, "the workspace ID (slug) or the workspace UUID", over `{slug, uuid, name}`):
  // the model read no identifier, the mock kept none under the slug listed and answered 404 to it and
  // to everything under it (positive_data_accepted).
  'param-described-as-field.yaml',
  // A list at another path whose own item paths address the same records by another field (jellyfin's
  // `GET /Items` of the `BaseItemDto`s `/Artists/{name}` reads by `Name`, beside `DELETE /Items/{itemId}` by
  // `Id`): bound to the artists, its items were named by no answer (404) and a DELETE took an Id for a Name.
  'list-beside-items-addressed-otherwise.yaml',
  // A record listed under the key its create issued, where the record names no id (ijenko): runner vs mock clean.
  'listed-under-issued-key.yaml',
  // A reference field naming a noun two collections share (sendgrid's `sender_id` beside `/senders` and
  // `/marketing/senders`): the mock looked only in the first create named so, which keeps nothing, and
  // accepted a sender no collection holds (references_checked).
  'reference-to-two-collections-of-one-name.yaml',
  // A list whose answer requires a Link header (ably.io/platform's `GET /channels`): the state writes
  // Link only toward a neighbouring page, so a list on one page broke its documented response.
  'list-requires-link.yaml',
  // One collection listed and created at another path too (files.com's `/site/api_keys` beside
  // `/api_keys`): the other path's list was bound, its create left stateless, so a key created
  // there was never listed there (filters_filter "does not list it").
  'create-beside-list-elsewhere.yaml',
  // A made-up list whose items are anyOf shapes sharing the filtered property (mist.com's device
  // stats `?type=switch`): the filter was reflected only into the item schema's own properties (none),
  // so the example's `type: ap` was listed (filters_filter).
  'filter-over-any-of-items.yaml',
  // Path parameters named only in the key's fragment (mastercard.com/masterpassqr's `/send/#env/…/{partnerId}/…`):
  // a fragment is never sent, the mock still required them, 400 to every valid request.
  'path-parameter-in-fragment.yaml',
  // A multipart/form-data body whose schema is one scalar (libretranslate.local's `/translate_file`):
  // no part is named, so the one part is the value; valid input was refused 400.
  'scalar-multipart-body.yaml',
  // A path parameter given by `content` under a media range (telnyx.com's `*/*` uuid `id`): the
  // validator parsed the key with media-typer, which threw outside its error handling: the mock crashed.
  'range-content-path-param.yaml',
  // A created id whose read takes it by a `content` path parameter of format uuid, the record's own id any
  // string (telnyx.com's WhatsApp detail reports): the mock checked its draw against `schema` alone and
  // issued ids its own read refused 400.
  'created-id-read-by-content-param.yaml',
  // A create and its item read documenting success under `default` alone (OAS 3.0.3 §4.7.16) beside
  // a newer version's create named alike (xtrf's Classic `POST /projects` and Smart `POST /v2/projects`):
  // the default-only create was no create, so v1 item paths were fed v2 ids (404), and the read's
  // `default` schema was not read when comparing the fields sent.
  'success-under-default-beside-other-version.yaml',
  // Item reads documented by their example alone (clicksend's `{http_code, response_msg, data: {…}}`
  // from a Postman collection), or by an example beside a `; charset=utf-8` entry holding the schema
  // (zuora): not read as the collection's read, a replaced record read back as the example
  // (created_resource_readable "read undefined" for every field sent).
  'answer-by-example-alone.yaml',
  // A response listing a media range before `application/json`, each with its own schema
  // (gerermesaffaires' download: `*/*` then `application/json`): the body was generated from the range's
  // schema, labelled JSON and checked against the JSON entry (500 "File must be object"). One rule
  // now picks the entry the body is generated from, checked against and judged by.
  'range-before-json-entry.yaml',
  // A nested path naming its parent's parameter otherwise (motaword's `/continuous_projects/{projectId}/
  // documents` under `/continuous_projects/{id}`), the other name referring to another collection
  // (`/projects`): the mock matched parents by name and answered 404 "No project with projectId".
  'child-renames-parent-param.yaml',
  // Flask-AppBuilder's envelopes (Superset: an item read `{id, result: Record}`, a create `{id, result}`,
  // a list `{ids, result: [Record], count}`): the whole envelope was taken for the record, the create kept
  // `{id}` alone and the list answered generated results ("created id 4 is not listed").
  'result-beside-id.yaml',
  // Records whose one identifier is `uuid`, under a parameter named for another noun and `Uuid`
  // (Zettle's `/v1/taxes/{taxRateUuid}` over `TaxRate {uuid, …}`): keyed by nothing, every read 404.
  'uuid-named-by-parameter.yaml',
  // A bare `{id}` over records with no `id`, only other identifiers (dataatwork's job `{uuid,
  // parent_uuid}`, drchrono's insurance `{payer_id}`): the runner read the stem `id` into any such
  // name, another record's; the mock kept seeded jobs under ids no field shows. Each listed record
  // read 404 (positive_data_accepted). `uuid` is the record's own; a `payer_id` alone names nothing sure.
  'bare-id-over-other-ids.yaml',
  // An identifier with a pattern and an example (Twitter's `JobId`, `^[0-9]{1,19}$`): the runner's
  // "unknown" value was the sampler's, which gives a pattern's example back, the document's own,
  // which the mock seeds a record from: 200, judged as an unknown id found (not_found_for_unknown_id).
  'unknown-id-is-documented-example.yaml',
  // A collection under a parent no inferred collection keeps (clever-cloud's `NetworkGroup` is `{}`),
  // whose read documents 404: the read answered 404 for an id no answer named, its members' list 200
  // and the member's create 202 for the same one (not_found_for_unknown_id).
  'child-of-unkept-parent.yaml',
  // A create answering a receipt (`{data: {id}, success}`, `{spec_id, status_code, status_reason}`)
  // where the item read answers a list, not a record (apacta's "Show file" `{data: [string]}`, noosh's
  // `SpecListVO`): no record to compare the listed items with, no list bound, "created id … is not listed".
  'create-answers-receipt-item-read-list.yaml',
  // A page of plain values on a collection's own path no name calls identifiers (pinecone's
  // `GET /collections` `[CollectionName]`, apacta's `{data: [string], pagination, success}`): the
  // runner read them as ids, the model bound no list, the mock answered made-up names ("created id …
  // is not listed"). The model binds them where the item parameter admits the values; the runner
  // reads plain values as ids only there (`format: uri` beside a `uuid` parameter stays unjudged).
  'plain-value-page-on-own-path.yaml',
  // A list and an item both documented as the one record, holding lists of its own (logoraisr's
  // `Report`): the item was taken for a view of the list, the created report never read back.
  'list-and-item-one-record.yaml',
  // A plural collection's `{param}` child answering the list's own schema, whose records carry no
  // such field (payrun.io's `GET /Employers/{EffectiveDate}`, the employers as of a date): a view of
  // the list, not its item. Read as the item, the create issued dates as ids and every read of the
  // singular item path `/Employer/{EmployerId}` answered 404.
  'list-view-by-date.yaml',
  // A create answering `{category: {id, …}}` whose item path has a format suffix (jumpseller's
  // `/categories/{id}.json`): the Location `/categories/957.json` read before the envelope gave the id
  // `957.json`, and every read-back answered 400.
  'wrapped-create-suffixed-location.yaml',
  // Reads answering the record in one member named for it, whose fields name no item parameter (AWS
  // REST-JSON: evidently's `{segment: Segment}` read by ARN, chime's `{ChannelMembership: …}`, a single
  // resource's `{Proxy: …}` written flat): the wrapper was taken for the record, the created fields
  // were not kept where the read answers them (created_resource_readable "read undefined").
  'record-in-member-named-for-it.yaml',
  // Several POSTs on one collection's path told apart by their keys' fragments (AWS: chime's plain
  // `POST …/users` is BatchUpdateUser, the create `…/users#operation=create`; a batch create first in
  // the document): the first was bound as the create, the real create kept nothing (404 on read-back).
  'create-beside-batch-on-path.yaml',
  // A list of the records' names alone under the collection's own name (eks's `{addons: [string],
  // nextToken}`): not read as the list, it answered generated names ("created id … is not listed").
  'list-of-names-under-collection-name.yaml',
  // A read answering the record as a list of one beside a document's own members (exavault's
  // `{data: [Webhook], included, responseStatus}`): the whole answer was taken for the record, so the
  // list was no list of it ("created id … is not listed").
  'list-of-one-beside-document-members.yaml',
  // A create naming another collection's record by id (`site_id`) whose documented 400 says it must exist
  // (Zoom: "Site does not exist."): the mock accepted an id naming nothing (references_checked).
  'create-refers-stated-must-exist.yaml',
  // A write whose read documents no 2xx, only a redirect to the representation elsewhere (just-eat's menu:
  // GET answers 301 to a signed URL): the runner read the replaced resource back and failed "answered 301".
  'read-redirects-only.yaml',
  // A create answered with the record itself, whose one object member refers to another thing (Kubernetes'
  // RoleBinding `roleRef: {apiGroup, kind, name}`): the runner read `roleRef` as an envelope and the created
  // record by `roleRef.name` instead of the Location (created_resource_readable "reads back different").
  'create-answer-one-reference-member.yaml',
  // Answers wrapping the record in one member beside scalars of their own (Apideck's webhooks: `{status_code,
  // status, data: Webhook}`): the runner compared a created `status: "enabled"` with the answer's own `status`.
  'read-wraps-record-beside-status.yaml',
  // Writes whose item parameter is wider than the read's (cambase.io: `PUT /models/{id}.json` any string, `GET`
  // an integer): the read-back under `godparent` was refused 400 and failed (created_resource_readable, use_after_delete).
  'replace-read-narrower-id.yaml',
  // A read documented as any value (Orthanc's `GET /modalities/{id}`): its string answer failed "not an object".
  // A created id its own schema admits and the read's parameter refuses (truora's string `ContinuousCheckID`
  // read by a `number` `{continuous_check_id}`): the read-back was an invalid request, its 400 failed.
  'created-id-refused-by-read.yaml',
  'read-answers-any-value.yaml',
  // A collection keyed by a document number its listed items carry under another name (visma.net's
  // `/cashsale/{documentNumber}` over `referenceNumber`, 29 collections): the runner looked for the
  // created id under `documentNumber` and `id` and failed "created id … is not listed"; the contract
  // does not say which field carries it, so whether it is listed is not judged, with the reason.
  'list-items-name-no-identifier.yaml',
  // A PUT whose item parameter is declared before the others (Azure's `variableName` before
  // `subscriptionId`), the record addressed by `name`: the runner took the last declared parameter for
  // the item's and held the read to the body's `name`, not the URL's.
  'put-names-by-name-declared-first.yaml',
  // A path parameter that is an integer or any string (GitHub's `workflow_id`, "You can also pass the
  // workflow file name as a string"): the runner sent `not-a-number` as a wrong type, failing the 200.
  'param-any-text-alternative.yaml',
  // A body field that is an integer or any string (telegram's `chat_id`), in a form and in JSON: the
  // runner read the integer alternative only and sent `1.5` (text in a form) and `"not-a-number"`.
  'field-any-text-alternative.yaml',
  // Defects built from a first alternative that another one takes (openaq's array items `anyOf:
  // [integer, string]`, pandascore's id-or-slug `oneOf: [integer, slug pattern]`): the runner sent
  // `not-a-number` and `0`, values of the text alternative, as defects and failed the mock's 200.
  'alternative-takes-first-defect.yaml',
  // A multipart list of numbers sent as one part (files.com's `etags[part]`): the validator read the
  // mock's `[646]` as JSON text and refused the valid form "must be array".
  'multipart-one-item-list.yaml',
  // An enumerated segment naming another template's literal (mist.com's `/{zone_type}/count` beside
  // `/zones/{zone_id}`): `/zones/count` was served as the zone read and refused, 400.
  'listed-segment-beside-item.yaml',
  // Variants told apart by the query member their keys' fragments name (sdb's `/#Action=CreateDomain`):
  // the runner sent one without `Action` and judged the answer, the first variant's, as its own.
  'fragment-variants-selector-missing.yaml',
  // `/media/{id}` beside `/media/{id}.{extension}` (callfire): the runner sent `/media/1.5` as a wrong id,
  // a request of the more specific template, and judged its answer as getMedia's.
  'value-fits-mixed-segment.yaml',
  // An integer path parameter beside another expression (nasa.gov's `/api/projects/{id}{.format}`): the
  // first expression took all but one character, and the id was refused 400 as no integer.
  'integer-beside-expression.yaml',
  // An optional `Content-Encoding: gzip` header parameter (here.com's positioning): the runner sent it beside a
  // plain JSON body, a request no server can decode (400), and failed the mock's refusal.
  'optional-content-encoding-header.yaml',
  // A required `Transfer-Encoding: chunked` header parameter (Azure Data Lake Store): the runner sent a
  // Content-Length beside it (RFC 9112 §6.2 forbids it), and the message was refused 400.
  'transfer-encoding-header-parameter.yaml',
  // An API key header named with spaces (rapidapi's `ADVICEment API Key`): no request can carry it (RFC 9110
  // §5.1), and the runner failed not_a_server_error "the request could not be sent"; now not judged, with the reason.
  'header-name-with-space.yaml',
  // One requirement asking for http basic and an apiKey named Authorization together (Azure Container
  // Registry, conjur): no request carries both; the runner failed the mock's 401 to one of them.
  'two-schemes-one-header-given-both.yaml',
  'two-schemes-one-header.yaml',
  // Path parameters of `maxLength: 2097152` (seldon.local's engine): a request line of tens of kilobytes
  // got the mock's 431, which the runner failed though a server need read only 8000 octets (RFC 9112 §3).
  'long-path-parameter.yaml',
  // A fragment in a path key is not sent: the runner sent `/groups#clientToken?clientToken=…`, so no query arrived.
  'fragment-in-path.yaml',
  // Two POSTs on one collection told apart by a trailing slash alone (VTEX's `POST /coupon/` create
  // beside `POST /coupon` upsert): only the key written exactly was bound, the twin's record unkept.
  'trailing-slash-twin-create.yaml',
  // A number with format int32: the mock generated 425.8 and refused its own answer (500).
  'number-int32.yaml',
  // A custom method after a path parameter: the item's parameter took `x:setIamPolicy`, so POST got 405.
  'custom-method.yaml',
  // `/tasks/` beside `/tasks/{task_id}`: not read as a collection, POST answered an invented record.
  'trailing-slash.yaml',
  // A reference inside `x-webhooks` into the examples the validator's copy drops: every GET was 500.
  'extension-refs.yaml',
  // Several operations on `/` and one method, told apart by X-Amz-Target or Action: all went to the first.
  'shared-path-fragments.yaml',
  // A list of two arrays, members in `allOf` beside a description: `?maxResults=1` got 2 groups (paging_truthful).
  'paged-list-members.yaml',
  // `/analyze` and `/analyze#overload=stream`: a multipart image went to the JSON overload, 415.
  'overload-by-media-type.yaml',
  // A delete documented to answer `true`: the mock answered an object, refused it, 500.
  'delete-answers-boolean.yaml',
  // A read without content, deleted: still 200 afterwards (use_after_delete).
  'delete-without-record.yaml',
  // A JSON body whose schema is a string: refused "must be a JSON object", 400.
  'json-string-body.yaml',
  // Only 403 documented: the runner failed the documented refusal as "valid input rejected".
  'only-refusal-documented.yaml',
  // A required query parameter that is also where the API key scheme reads the key (currencytick's `apikey`,
  // Trello's `key`): "apikey missing" went out with the run's key in it, accepted, failed by negative_data_rejected.
  'api-key-query-parameter.yaml',
  // Names of `minLength: 0` as path values (AWS Evidently's projects, QuickSight's namespaces): the runner sent
  // `/projects//experiments`, another path (RFC 3986 §3.3), and judged its 404 as the operation's own.
  'empty-path-value.yaml',
  // A list read taking a required JSON body (SES v2's `ListContacts`, a GET with a filter): the runner's own
  // reads of the list went without it, were refused 415, and the 415 was judged as the list's answer.
  'list-takes-required-body.yaml',
  // An object schema over `application/octet-stream` (Google's `customApps.create`): the runner sent a wrong
  // member in the octets as a defect, and failed the mock's 200 (negative_data_rejected).
  'object-in-octets.yaml',
  // A maximum of 2^63 written as a number (circuitsandbox's `timestamp`): `maximum + 1` is the maximum again
  // as a double, so the "above maximum" value was valid, accepted, and failed (negative_data_rejected).
  'bound-beyond-double.yaml',
  // An HTTP scheme the run holds no value for (HERE's OAuth 1.0 `signedRequest`): made-up "wrong" credentials,
  // which the mock takes as it takes any it cannot check, were failed as accepted (auth_enforced).
  'unheld-http-scheme.yaml',
  // A concrete path with other methods beside its template (VTEX's `POST /api/dataentities/Client/documents`,
  // the template's example `Client`): the runner's PATCH was the concrete path's, 405 (status_code_documented).
  'concrete-path-other-methods.yaml',
  // Secured operations documenting only 401 (Kubernetes' `GET /logs/`): the mock's one documented answer was
  // failed as "the valid key was refused with 401" (auth_enforced).
  'only-401-documented.yaml',
  // Raw content written as a `format: byte` string: every upload refused "request/body must be string".
  'raw-string-body.yaml',
  // Raw content described by an array or an object (Java's `byte[]` as an array of bytes, a media upload
  // described by its resource): the bytes are no JSON value, every upload refused "request/body must be array".
  'raw-structured-body.yaml',
  // A oneOf of two arrays that may be empty (Ably's channels, `[ChannelDetails]` or `[string]`): the empty
  // list fits both, so the mock's page trimmed to `limit=0` broke "exactly one" (500).
  'oneof-arrays-share-empty.yaml',
  // A read answering its identifier beside one object of details (AWS's GetConnection `{ConnectionId,
  // ConnectionDetails}`): the camelCase id was not seen, the details taken for an envelope (false alarm).
  'read-id-beside-details.yaml',
  // `createdAt[$gte]` and `createdAt[$lte]` as parameters of their own: refused "Unknown query parameter 'createdAt'".
  'bracketed-query-members.yaml',
  // `maxLength: 2147483647` ("no limit"): `'x'.repeat(2^31)` threw RangeError "Invalid string length", the run crashed.
  'no-limit-length.yaml',
  // An object member of an exploded object, an array of objects (JSON text, refused "must be object") and a
  // bare `*` in a name (refused "must be url encoded").
  'structured-query.yaml',
  // Query arrays whose items are arrays (sinao.app's `conditions: [[property, comparator, value]]`): each item
  // sent as JSON text was refused 400 "must be array" where the unknown item is due 404.
  'query-array-of-arrays.yaml',
  // `{$ref: …Request, type: string}` in 3.0: the runner sent a string body where the sibling is ignored (OAS 3.0.3 §4.7.26).
  'ref-siblings-3.0.yaml',
  // Lists of items whose schema admits no value: the mock answered items breaking it (500), where `[]` is valid.
  'unsatisfiable-items.yaml',
  // An item read documented as a list (a GET on `/…/{entity}` answering an array) with a query filter: the stored
  // record was listed whatever the filter asked (filters_filter "read=true returned an item with read false").
  'item-read-as-filtered-list.yaml',
  // A list answered from no state, paged by an offset from 1, documenting an optional total header
  // (weber-gesamtausgabe's `totalrecordcount`): a generated number per page said a total nobody keeps
  // (paging_truthful); left out unless required.
  'made-up-list-total-header.yaml',
  // A deprecated list declaring GitHub's paging Link (rel="next"): failed "no Link with rel="deprecation"", which it never promised.
  'deprecated-paging-link.yaml',
  // A 404 documented as a oneOf of alternatives alike but for their examples (Vonage): every error body failed "exactly one".
  'oneof-alike-errors.yaml',
  // An error schema of one alternative per status, `status` closed to it by an enum (Increase): every body said
  // the first alternative's 404, and a 415 no alternative lists (error_shape "error status 404 differs from … 400").
  'status-bound-error-alternatives.yaml',
  // Children of an item path with a format suffix (jumpseller's `/products/{id}/images.json` under `/products/{id}.json`):
  // the mock saw no parent (an unknown product's images were 200 `[]`), the runner found no create for `{id}`.
  'children-of-suffixed-item.yaml',
  // A list answer as a oneOf of the paged envelope and a bare array (SoundCloud), filtered by a comma-separated list:
  // the made-up page kept neither `limit` (paging_truthful) nor the filter (filters_filter).
  'list-answer-oneof-shapes.yaml',
  // A collection's list written as a oneOf of two arrays of the record (Vercel's webhooks): the list was made up,
  // not the stored records (created_resource_readable "created id … is not listed").
  'list-oneof-arrays.yaml',
  // A 205 documented with JSON content (Gitea, Figshare): RFC 9110 §15.3.6 forbids content, content_type failed the empty body.
  'reset-content-described.yaml',
  // text/plain documented by the example "" (tisane.ai): the mock's zero bytes were failed "the body is empty".
  'empty-text-example.yaml',
  // A POST on a collection answering a list (no body): bound as a create, it answered a record, 500 "must be array".
  'post-answers-list.yaml',
  // A PUT on an item path as the only create (Azure CreateOrUpdate), documenting no 404: it was not stored, the read-back was 404.
  'put-creates.yaml',
  // The same PUT documenting the 4XX range (Discord's thread members): the range promises the 404, the mock created (204).
  'put-into-4xx.yaml',
  // Lists under an item deleted without a record, documenting no 404 (networkmanager): see the test below.
  'deleted-parent-lists.yaml',
  // A listed item with an empty identifier: the runner sent `GET /global-networks//links`, 404.
  'empty-listed-id.yaml',
  // A 401 documented as application/json without a schema: the mock wrote the bare message under a JSON Content-Type.
  'schemaless-json-error.yaml',
  // Items in the one object a list answer wraps: the generated page ignored `maxResults` (paging_truthful).
  'paged-nested-list.yaml',
  // A query parameter given by `content` (a JSON boolean): the runner sent any string, refused "must be boolean".
  'content-query-param.yaml',
  // A path parameter given by `content` (a JSON string, stream-io's `/blocklists/{name}`): the runner
  // sent its JSON text `%22Wallaby%22` and the mock kept the record under Wallaby but looked it up under
  // the quoted text (created_resource_readable "reads back different", use_after_delete "still listed").
  'content-path-param.yaml',
  // A required body in a media type the runner does not write (authentiqio's application/jwt): the
  // unknown-id probe went without it, and the mock's 415 was failed as the lookup's answer.
  'unwritable-required-body.yaml',
  // A replace read back through a GET whose templated path is another GET's under other names
  // (xero's `/Attachments/{FileName}` beside `/Attachments/{AttachmentID}`, OAS 3.0.3 §4.7.8): failed 400.
  'read-on-identical-paths.yaml',
  // An optional array header left empty (beezup's `Accept-Language`): sent as an empty field, refused
  // 400 "must be array", also on the unknown-id probe (not_found_for_unknown_id answered 400).
  'optional-array-header.yaml',
  // Header arrays without `style` (AWS S3's `x-amz-optional-object-attributes`): OAS 3.0.3 §4.7.12.1 gives
  // them `simple`; express-openapi-validator defaults path and query ones only, and refused every request
  // carrying one, 400 "Parameter 'style' has incorrect value 'undefined'".
  'array-header-default-style.yaml',
  // An item read documented to answer a JSON string (signl4's webhooks): "gave "…", not an object".
  'scalar-read.yaml',
  // An item read that also requires a query parameter (combell's GetMailbox `?mailbox_name=`): the
  // Location alone was read, refused 400, and failed as "does not resolve" (location_names_resource).
  'location-read-needs-query.yaml',
  // A list written as an object keyed by id, its schema one literal member (just-eat's pools): the runner
  // read no list and failed the create "is not listed (0 items)"; what the contract shows holds no ids to walk.
  'list-as-keyed-map.yaml',
  // One path parameter spelled `format: uuid` on one path and `pattern: ^[\da-z]{26}$` on another
  // (1password.local/connect's vaultUuid): the uuid made for one was carried into the other, 400.
  'parameter-spelled-twice.yaml',
  // An item's parameters listed child first (webflow.com's `executionId` before `workflowId`): the
  // execution was made under one workflow and deleted under another, 404 "No execution".
  'child-parameter-first.yaml',
  // Two schemes of one requirement naming one query key (fec.gov's `api_key` twice): sent twice, 400 "must be string".
  'two-schemes-one-place.yaml',
  // A 405 a path documents as text/html only (Adobe AEM's servlet): the runner held the HTML 405 to the shared JSON error schema.
  'path-documents-405-html.yaml',
  // An enum query parameter named like an enum property of the items, in another vocabulary (AWS
  // wellarchitected's `LensStatus` ALL | DRAFT | PUBLISHED over CURRENT | … | UNSHARED): failed
  // `LensStatus="ALL" returned an item with LensStatus "UNSHARED"` (filters_filter).
  'filter-enum-other-vocabulary.yaml',
  // A GET on `<collection>/{param}` answering a list (LUIS's `/customprebuiltdomains/{culture}`,
  // paylocity's `/earnings/{earningCode}`): read as an item read, its parameter was probed as an
  // identifier, "an unknown identifier answered 200 instead of 404" (not_found_for_unknown_id).
  'item-path-answers-list.yaml',
  // Bodies keyed `application/json;version=2018-01-01` (loket.nl): the validator was given the type
  // alone and refused every body 400 "unsupported media type application/json", the unknown-id
  // probe's included (not_found_for_unknown_id answered 400 instead of 404).
  'media-type-version-parameter.yaml',
  // A deepObject member listing `oneOf` an integer id or a slug (pandascore's `filter[opponent_id]`):
  // `[18]` was coerced to both and refused 400 "must match exactly one schema in oneOf", also on the
  // unknown-id probe (not_found_for_unknown_id answered 400 instead of 404).
  'deep-object-text-oneof.yaml',
  // A replace sending an array of ids where the read answers records (github.com's runner groups:
  // `runners: [integer]` sent, `[Runner]` read; dracoon's room groups, read items requiring `name`):
  // sent `[]`, compared with the records read, "reads back different: runners: sent [], read [{…}]".
  'array-of-other-items.yaml',
  // Lists of summaries not read as lists (combell.com's mailboxes named by `{mailboxName}` over
  // `name`; zoom.us's `accounts` carrying the record's `id` with fields of their own): stateless, a
  // created record was never listed ("created id … is not listed").
  'list-summaries-own-fields.yaml',
  // An item read documented as an array of the record (anchore's policies, ritc's actions): the
  // record was answered bare, 500 "must be array" ("reading the created resource … answered 500").
  'item-read-answers-array.yaml',
  // A stateless PUT on a path whose read documents 404 (GitHub's public members, zuora's bill runs):
  // the PUT succeeded, the read of the same path said 404 "no answer of this mock has named it".
  'put-names-its-target.yaml',
  // A path parameter whose schema is a `readOnly` one its answers share (GitHub's `alert_number`):
  // refused 400 "request/params/alert_number is read-only" (not_found_for_unknown_id answered 400).
  'read-only-path-parameter.yaml',
  // An offset `minimum: 1, default: 1` (nordigen's creditors): the mock skipped the first item of
  // every page, a list filtered to the item just created answered none (filters_filter).
  'offset-counts-from-one.yaml',
  // Items that are the record as created, where the read names no identifier (vtex.local/Giftcard-API's
  // transactions `{id, _self}` beside a read `{date, description, value}`): a created one never listed.
  'list-as-created.yaml',
  // Items two envelopes deep (Google Compute's listPreconfiguredExpressionSets): the generated page
  // followed one envelope and kept 2 items on a page of `maxResults=1` (paging_truthful).
  'paged-twice-nested-list.yaml',
  // `page`/`page_size` beside `limit`/`offset` (figshare's lists): a request paging by offset had
  // its missing page number read as the first, the offset ignored (paging_truthful).
  'page-beside-offset.yaml',
  // A template with a literal suffix (gitea's GET `/pulls/{index}.{diffType}`) beside the item's GET and PATCH: the
  // runner's PATCH to `/pulls/1.5` (an index of the wrong type) was routed to the suffix template, 405.
  'suffix-template-other-methods.yaml',
  // A path value that is a dot segment (Azure's resource group names admit `.`): the runner sent
  // `/resourceGroups/./providers/…`, which the client sends without the dot segment (RFC 3986 §5.2.4), 404.
  'dot-segment-path-value.yaml',
  // A collection PUT naming its record by the item path's identifier (AppVeyor's `PUT /roles` with `roleId`,
  // `PUT /collaborators` with `userId`): the runner sent ids of nothing, 404 failed as valid input rejected.
  'collection-put-names-record.yaml',
  // Sibling collections named alike (Linode's `/databases/mysql/instances` and `/databases/mongodb/instances`):
  // the runner read a MongoDB instance with the id the MySQL create made, 404 failed as valid input rejected.
  'sibling-collections-same-name.yaml',
  // `oneOf: [SMS, Error]` whose alternatives describe the same objects one level down (Vonage's SMS API): the mock
  // refused every answer it made, 500; the kernel's overlap rule read only properties of the very same schema.
  'oneof-overlap-nested.yaml',
  // `oneOf: [User, UserWithStats]`, the second `allOf: [User, {…}]` (PeerTube's users, Ably's token requests):
  // every value fits both, the mock refused every answer it made, 500; the overlap rule read no `allOf`.
  'oneof-extended-alternative.yaml',
  // `oneOf: [ContactPerson, ContactOrganization]`, each `allOf: [an open object]` (sinao.app's customers): every
  // value fits both, the mock refused its answers, 500; the overlap rule read no alternative written through allOf.
  'oneof-overlap-through-allof.yaml',
  // `oneOf: [Invoice, Quote]` told apart only by an optional `status`, below the sampler's full depth (sinao.app's
  // sales lines): only required members were made, every value fitted both, 500 "must match exactly one schema".
  'oneof-told-apart-by-optional.yaml',
  // `oneOf` of `{results: map of strings}` and `{results: map of base64 bytes}` (motaword.com's translation
  // result): the sampler's maps were empty even in its filled tries, `{results: {}}` fitted both, 500.
  'oneof-told-apart-by-map-values.yaml',
  // An array body offered as multipart/form-data beside `*/*` (Jira's `setColumns`): the runner wrote `[]` as a
  // multipart body of no parts, which no reader takes for an array; refused 400 "request/body must be array".
  'form-media-array-beside-other.yaml',
  // Overloads told apart by nothing but the body (Azure Face's `/verify` and `/verify#overload=person`, both
  // JSON): a face-to-person body went to the first and was refused "must have required property 'faceId1'".
  'overload-by-body.yaml',
  // A concrete path for every value a template's parameter lists (GitLab's PUT-only `/services/asana`, … beside
  // GET and DELETE `/services/{service_slug}`): every GET the runner could send was answered 405.
  'concrete-paths-every-enum-value.yaml',
  // An enum whose only value breaks its format (SendGrid's `send_at: {enum: [now], format: date-time}`): the
  // runner, as the kernel, enforced the enum; the mock held `now` to date-time and refused it, 400.
  'enum-beyond-format.yaml',
  // A request body `readOnly` as a whole (Linode's `createFirewallDevice`, `allOf` of a readOnly schema): refused
  // "is read-only" at the body, though readOnly concerns properties only (OAS 3.0.3 §4.7.25).
  'readonly-body-root.yaml',
  // A stored item's delete documenting only refusals (nordigen's requisitions): the store's 204, undocumented.
  'delete-documents-no-success.yaml',
  // A create answering the record under a member named as the item parameter (digitalocean's
  // `{floating_ip: {ip, …}}` under `/v2/floating_ips/{floating_ip}`, evidently's `{experiment: {…}}`):
  // the runner took that object for the identifier, and its read was refused 400.
  'created-wrapped-under-param-name.yaml',
  // A collection whose list documents no content (getpostman's `GET /apis`, `200: {description: ""}`): the
  // runner read the empty answer as a list of none and failed "created id … is not listed (0 items)".
  'list-documents-no-content.yaml',
  // A POST under an item answering that item (GitHub's add-assignees: 201 with the issue): the runner read it as a
  // create of an assignee, took the issue's `assignee` object for its id and failed the read of `/assignees/avatar_url,…`.
  'post-answers-parent.yaml',
  // A read holding its settings in one object member beside its own id (Pinterest's conversion tag `{id, name,
  // configs}`, created from the settings sent flat): the runner took `configs` for an envelope and failed the read.
  'read-holds-settings-object.yaml',
  // A record wrapped in a member named like it, addressed by a parameter described as its name (evidently's
  // `{project}`, "The name or ARN of the project", over `{project: {arn, name}}`): no identifier was read, and the
  // read answered another, generated project.
  'param-described-as-name.yaml',
  // A success answer under a media range (intellifi.nl's blob: `image/*`, OAS 3.0.3 §4.7.10): the mock
  // labelled it `application/octet-stream`, outside the range, and content_type failed.
  'answer-under-media-range.yaml',
  // Keys of one method and request path whose fragment names nothing the request carries (Azure's
  // `/{applicationDefinitionId}#disambiguation_dummy` beside `/{applicationId}`): the mock applied the
  // first, and the runner failed the other's valid body refused 400; Box-like variants stay exercised.
  'fragment-variant-told-apart-by-nothing.yaml',
  // List items whose only identifier-like field is writeOnly (apideck's shared-link `target_id`, no `id`):
  // the runner looked for the created id there and failed "not listed"; a writeOnly field is never answered.
  'list-items-only-write-only-id.yaml',
  // A collection listed as references to its records, the identifier and a link alone (clickmeter's
  // `{entities: [{id, uri}]}`): the mock answered a generated page and the runner failed "created id … is not listed".
  'list-of-record-references.yaml',
  // oneOf alternatives alike but for a list whose items in one extend the other's by allOf (InfluxDB's
  // Dashboard and DashboardWithViewProperties): every value fits both, the mock refused its own answers, 500.
  'oneof-extended-items.yaml',
  // The only documented answer (`default`) an array schema carrying `properties` (springfox's Java
  // collections, XTRF's CategoriesDTO): the mock's refusals were objects, "body must be array".
  'error-array-with-properties.yaml',
  // A `format: url` example on a loopback host (dev.to's `http://localhost:3000/…`): the kernel took it,
  // the mock's response validator read `url` as ajv-formats' public-address pattern and answered 500.
  'url-format-loopback-example.yaml',
  // oneOf alternatives `allOf: [Base, Fields]` declaring a shared member through two components alike
  // but for their examples (Vonage's `product` and `product_sms`): the kernel read the overlap, the
  // mock's validator copy, comparing `$ref`s by name, did not and refused its own answers, 500.
  'oneof-overlap-member-alike-refs.yaml',
  // An identifier field written as `allOf` of a shared id schema whose example sits in that part
  // (ShipEngine's `webhook_id: {allOf: [{$ref: se_id}]}`): new ids were drawn from the example, the
  // seeded record's id, so the created resource read back that record (created_resource_readable).
  'id-example-under-allof.yaml',
  // A record and its replace body each a oneOf told apart by a discriminator alone (OAS 3.0.3
  // §4.7.25), one alternative declaring a member with a default (ix-api's `p2mp_vc` `role: leaf`):
  // every alternative's defaults went into the body, an `exchange_lan` replace stored a record no
  // alternative declares whole, was refused, and read back unchanged (created_resource_readable).
  'discriminated-body-other-alternative-defaults.yaml',
  // A paged list whose required page member has `minItems: 1` (metadapi's MSA groups, `data` beside
  // `meta`): an offset past the last record, or a filter nothing matched, left the page empty, 500.
  'list-page-min-items.yaml',
  // A PUT body requiring the identifier under the path parameter's words in another case (turbinelabs'
  // `cluster_key` under `/cluster/{clusterKey}`): the runner held the read to a generated key, not the URL's.
  'replace-key-field-other-case.yaml',
  // A single resource read in one member named otherwise than its path (amp's `loggingConfiguration` of
  // `…/logging`), its PUT sending an optional request-only `clientToken`: the PUT's fields were not kept.
  'single-resource-request-only-member.yaml',
  // A PUT adding or editing the members it sends, read back through a paged list (dracoon's user
  // attributes, `{items}` read as `{items, range}`): the runner held the window to equal the list sent.
  'put-batch-paged-read.yaml',
  // An offset with no lower bound whose default is 1 (zuora's `start`, SCIM's and OpenSearch's
  // `startIndex`): read as 0-based, the first record was skipped and a filter listed nothing.
  'offset-default-one.yaml',
  // List items of one object member whose fields name no identifier (bunq's payment batch listing,
  // `{payments: {Payment: [...]}}`): the runner looked for the created id in them, "is not listed".
  'list-items-one-member-no-id.yaml',
  // List items written free-form (`items: {}`, edrv.io's `{ok, message, result: [{}]}`): no field is
  // named for the identifier, yet the runner looked for the created id in them, "is not listed".
  'list-items-free-form.yaml',
  // A bare array of `{id, name}` summaries on the collection's own path (visiblethread.com's documents):
  // sharing no field but the id with the record, it was not read as the list, "created id … is not listed".
  'list-summary-id-and-name.yaml',
  // A record naming no identifier (read, and a create answering the bare id: evetech.net's mail) listed by
  // items carrying it under the item parameter's name (`mail_id`): no list was bound, "is not listed".
  'list-id-named-for-param.yaml',
  // Exploded form objects in the query whose members are named like other query parameters (sinao.app's
  // `movements` {amount, id, type} beside `id` and `type`): the mock read them from bracketed keys only and refused
  // the keys only the object names (400 "Unknown query parameter 'amount'"); the runner judged a request
  // without the object, whose other keys a server may read as its members, as missing it.
  'exploded-object-shares-names.yaml',
  // An optional member two allOf parts type differently (sinao.app's `RecurringInvoice.discount`: an object, an
  // integer): the merged view kept the first type, the mock drew a value one part refuses, 500 on every answer.
  'allof-parts-contradict-member-type.yaml',
  // The same list's items requiring that field, the create answering a message (figshare.com's project
  // collaborators): the mock made the field up for the record, so the create's answer named an id it
  // keeps nothing under, and deleting it was 404 (positive_data_accepted).
  'list-key-field-required.yaml',
  // An item path written again with a format extension (callfire.com's `/campaigns/sounds/{id}.mp3` beside
  // `/campaigns/sounds/{id}`): taken for a collection of its own that holds nothing, every listed sound's
  // download was 404 (positive_data_accepted); an unknown id stays 404.
  'item-in-another-format.yaml',
  // The page's only array beside a cursor, named for neither the collection nor its records (AWS IoT
  // SiteWise's `{assetSummaries, nextToken}` whose summaries drop the noun, `id` for `assetId`; IoT
  // Device Advisor's `suiteDefinitionInformationList`): no list was bound, "created id … is not listed".
  'list-only-array-noun-dropped.yaml',
  // A single resource read as `{AccountSettings: {…}, RequestId, Status}` after a PUT of its fields flat
  // (AWS QuickSight): the one object member beside plain values was no envelope, the PUT read back nothing.
  'single-resource-wrapped-beside-status.yaml',
  // A public operation (no security requirement) whose only documented answer is 401 (clubhouseapi.com's
  // `POST /follow`, 401 "waitlisted"): the mock gives the one answer documented, the runner failed it
  // as "public but answered 401" though the contract promises nothing else.
  'public-only-401.yaml',
  // Identifiers within one list page (listed_ids_unique): a collection's list, a history and events
  // repeating an id by design, memberships keyed by a user: the mock's lists raise no alarm.
  'listed-ids-unique.yaml',
  // An empty page beside an array of messages whose items carry an `id` too (loket.nl's `{messages:
  // [{id, code}], _embedded: []}` under an employer): the runner read a message's id as a leave type's,
  // and its read answered 404 (positive_data_accepted).
  'empty-page-beside-messages.yaml',
  // A 3.0 document whose exclusive bounds are numbers (zod-to-OpenAPI's `z.number().positive()`, JSON
  // Schema 2020-12's form): the mock refused the document, the runner called it invalid (exit 2).
  'numeric-exclusive-bound-in-3-0.yaml',
];

describe('directory constructs: runner against mock', () => {
  it.each(CONSTRUCTS)('%s: mock starts, no 5xx, no failure', (name) => expectCleanSweep(name));
});

describe('a length no string reaches (maxLength 2147483647) at every boundary', () => {
  // The second example samples in max mode: it grew a string towards 2^31 characters until the heap ran out.
  it('two examples (min and max mode): the run completes with no failure', async () => {
    const name = 'no-limit-length.yaml';
    const outcome = await sweepDocument(name, join(packageRoot, 'fixtures', 'constructs', 'directory', name), {
      ...SWEEP_DEFAULTS,
      examples: 2,
    });
    expect({ stage: outcome.stage, reason: outcome.reason, failures: outcome.failures }).toEqual({
      stage: 'ok',
      reason: undefined,
      failures: [],
    });
  });
});

describe('a collection path with a trailing slash is a stored collection', () => {
  it('POST /tasks/ is stored: the list and the item read it back', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'trailing-slash.yaml'),
    });
    try {
      const created = await fetch(`${mock.url}/api/v1/tasks/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'write the sweep' }),
      });
      expect(created.status).toBe(200);
      expect(created.headers.get('x-mock-stateless')).toBeNull();
      const task = (await created.json()) as { id: string; title: string };
      expect(task.title).toBe('write the sweep');
      const list = (await (await fetch(`${mock.url}/api/v1/tasks/`)).json()) as { data: { id: string }[] };
      expect(list.data.map((t) => t.id)).toContain(task.id);
      expect((await fetch(`${mock.url}/api/v1/tasks/${task.id}`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('under an item deleted without a record, an operation that documents no 404 keeps its answer', () => {
  it('DELETE /networks/{id}, then GET /networks/{id}/links: 200 as documented; the item itself stays gone', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'deleted-parent-lists.yaml'),
    });
    try {
      expect((await fetch(`${mock.url}/networks/n1`, { method: 'DELETE' })).status).toBe(200);
      // Was 404, a status GetLinks does not document (200, 480).
      const links = await fetch(`${mock.url}/networks/n1/links`);
      expect(links.status).toBe(200);
      expect(await links.json()).toEqual(expect.objectContaining({ Links: expect.any(Array) }));
      expect((await fetch(`${mock.url}/networks/n1`, { method: 'DELETE' })).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

/** The runner, with the checks named, against the mock serving the construct `spec`. */
function runOnMock(target: string, spec: string, checks: string[]): ReturnType<typeof runComposed> {
  return loadContract(spec).then((contract) =>
    runComposed({
      target,
      contract,
      contractSource: spec,
      documents: [],
      auth: {},
      headers: {},
      examples: 1,
      strict: false,
      checks,
    }),
  );
}

describe('a required exploded form object is missing only where no pair of the request is named like its members', () => {
  // ec2's `ConnectionLogOptions` beside `ClientLoginBannerOptions`, both with `Enabled`: the runner's
  // request without the first still carried the second's `Enabled=true`, a key of the first's too
  // (OAS 3.0.3 §4.7.12.4), and it failed the mock's 200 as "ConnectionLogOptions missing: accepted".
  // The plan is read (which optional parameters a run sends is random): before, the defect was
  // planned beside a required sharer, and sent beside an optional one.
  const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'exploded-objects-sharing-members.yaml');
  const caseOf = async (id: string) => {
    const contract = await loadContract(spec);
    const plan = planRun(contract, select(contract, {}), new CredentialPlan(contract, {}));
    return plan.cases.find((c) => c.op.id === id)!;
  };
  it('one sharing a member required: the defect is not sent, with the reason', async () => {
    const create = await caseOf('createVpnEndpoint');
    const defects = create.mutations.map((m) => m.defect);
    expect(defects).not.toContain('query parameter ConnectionLogOptions missing');
    expect(defects).toContain('query parameter RouteOptions missing');
    expect(create.unsentMutations.join('\n')).toMatch(
      /ConnectionLogOptions: missing is not sent: .*ClientLoginBannerOptions/,
    );
  });
  it('one sharing a member optional: left out with it, and never sent beside it in a valid request', async () => {
    const modify = await caseOf('modifyVpnEndpoint');
    const missing = modify.mutations.find((m) => m.defect === 'query parameter ConnectionLogOptions missing')!;
    const input: MutableInput = {
      pathParams: {},
      query: { ConnectionLogOptions: { Enabled: true }, ClientConnectOptions: { Enabled: false } },
      body: undefined,
      contentType: undefined,
    };
    missing.apply(input);
    expect(input.query).toEqual({});
    const params = modify.op.parameters.filter((p) => p.in === 'query');
    for (let seed = 1; seed <= 8; seed++)
      expect(Object.keys(validParams(params, new Random(seed), 'max', new SchemaValidator()))).toEqual([
        'ConnectionLogOptions',
      ]);
  });
});

describe('an unknown id is probed only with a request that is otherwise valid', () => {
  it('a required body the runner does not write: not probed, with the reason; an optional one: probed, 404', async () => {
    const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'unwritable-required-body.yaml');
    const mock = await start({ port: 0, spec });
    try {
      const { report } = await runOnMock(mock.url, spec, ['not_found_for_unknown_id']);
      const result = (op: string) =>
        report.results.find((r) => r.check === 'not_found_for_unknown_id' && r.operation === op);
      expect(result('keyNote')?.status).toBe('passed');
      expect(result('keyUpdate')).toEqual(
        expect.objectContaining({ status: 'skipped', message: expect.stringContaining('required body') }),
      );
    } finally {
      await mock.close();
    }
  });
});

describe('after a delete under a parent, the list asked is that parent list', () => {
  it('DELETE /orgs/{org}/collaborators/{id}, then GET /orgs/<that org>/collaborators: no template is sent', async () => {
    const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'delete-under-parent-listed.yaml');
    const mock = await start({ port: 0, spec });
    try {
      const { report } = await runOnMock(mock.url, spec, ['use_after_delete']);
      const journal = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as unknown;
      const entries = (Array.isArray(journal) ? journal : (journal as { requests: unknown[] }).requests) as {
        method?: string;
        url?: string;
      }[];
      const lists = entries.filter((e) => e.method === 'GET' && /\/collaborators$/.test(e.url ?? ''));
      expect(lists.length).toBeGreaterThan(0);
      // The list read after the delete was `/orgs/%7Borg%7D/collaborators`: empty whatever the
      // delete did, a false pass. Each list is asked under the org its record was deleted from.
      expect(lists.map((e) => e.url).filter((url) => /[{}]|%7B|%7D/i.test(url ?? ''))).toEqual([]);
      expect(report.results.find((r) => r.check === 'use_after_delete')?.status).toBe('passed');
    } finally {
      await mock.close();
    }
  });
});

describe('a read that wraps the record beside members of its own is compared inside the wrapper', () => {
  it('a server whose `data.status` differs from the one sent fails; its own `status` is not held to it', async () => {
    // A stub that answers every read with the webhook disabled, whatever was sent (`status: enabled`).
    const webhook = { id: 'w1', delivery_url: 'https://hooks.example/in', status: 'disabled' };
    const server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      const list = request.method === 'GET' && request.url === '/webhooks';
      response.statusCode = request.method === 'POST' ? 201 : 200;
      response.end(JSON.stringify({ status_code: 200, status: 'OK', data: list ? [webhook] : webhook }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'read-wraps-record-beside-status.yaml');
      const { report } = await runOnMock(`http://127.0.0.1:${port}`, spec, ['created_resource_readable']);
      const created = report.results.find(
        (r) => r.check === 'created_resource_readable' && r.operation === 'webhooksAdd',
      );
      expect(created).toEqual(
        expect.objectContaining({
          status: 'failed',
          message: expect.stringMatching(/reads back different: data: .*"enabled"/),
        }),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a page of plain values the model reads as identifiers still shows a record missing from it', () => {
  it('a server listing collection names without the one created fails; an uri page it does not read stays unjudged', async () => {
    // A stub that creates and reads any collection, but lists only one other name.
    let title = '';
    const server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      const url = request.url ?? '';
      if (request.method === 'POST') {
        let sent = '';
        request.on('data', (chunk: Buffer) => {
          sent += chunk.toString();
        });
        request.on('end', () => {
          response.statusCode = 201;
          if (url === '/attachments') {
            title = (JSON.parse(sent) as { title: string }).title;
            response.end(JSON.stringify({ id: '9b2f6c1e-0d3a-4c8e-8f4b-2a1d5e6f7a8b', title }));
          } else {
            // A 201 names what it created by its Location (RFC 9110 §15.3.2).
            const { name } = JSON.parse(sent) as { name: string };
            response.setHeader('location', `/collections/${encodeURIComponent(name)}`);
            response.end();
          }
        });
        return;
      }
      const name = /^\/collections\/([^/]+)$/.exec(url)?.[1];
      if (name !== undefined) response.end(JSON.stringify({ name: decodeURIComponent(name), status: 'Ready' }));
      else if (url === '/collections') response.end(JSON.stringify(['another-collection']));
      else if (url.startsWith('/attachments/')) response.end(JSON.stringify({ id: url.slice(13), title }));
      else if (url === '/attachments')
        response.end(JSON.stringify({ data: ['https://files.example/a'], success: true }));
      else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'plain-value-page-on-own-path.yaml');
      const { report } = await runOnMock(`http://127.0.0.1:${port}`, spec, ['created_resource_readable']);
      const result = (op: string) =>
        report.results.find((r) => r.check === 'created_resource_readable' && r.operation === op);
      expect(result('create_collection')).toEqual(
        expect.objectContaining({ status: 'failed', message: expect.stringMatching(/is not listed/) }),
      );
      expect(result('addAttachment')?.status).toBe('passed');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** A stub server answering `handle` (JSON), on a free port; closed by the returned function. */
async function stub(handle: (method: string, url: URL) => { status: number; body: unknown }): Promise<{
  url: string;
  close: () => Promise<void>;
}> {
  const server = createServer((request, response) => {
    const answer = handle(request.method ?? 'GET', new URL(request.url ?? '/', 'http://stub'));
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('a filter value naming every value (`status=all`) lists every item; the other values still select', () => {
  const devices = [
    { id: 'd1', mac: '5c5b35000001', status: 'connected' },
    { id: 'd2', mac: '5c5b35000002', status: 'disconnected' },
  ];
  const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'filter-value-naming-every-value.yaml');
  const serve = (honours: boolean) =>
    stub((_method, url) => {
      const id = /^\/devices\/([^/]+)$/.exec(url.pathname)?.[1];
      if (id !== undefined) {
        const device = devices.find((d) => d.id === id);
        return device ? { status: 200, body: device } : { status: 404, body: {} };
      }
      const status = url.searchParams.get('status');
      const all = !honours || status === null || status === 'all';
      return { status: 200, body: devices.filter((d) => all || d.status === status) };
    });
  it.each([
    // Was failed: `status="all" returned an item with status "connected"` (mist.com).
    ['a server listing every device for status=all', true, 'passed'],
    // A false pass would hide this: `status=connected` listing a disconnected device.
    ['a server ignoring the filter', false, 'failed'],
  ])('%s: filters_filter %s', async (_name, honours, expected) => {
    const server = await serve(honours);
    try {
      const { report } = await runOnMock(server.url, spec, ['filters_filter']);
      const result = report.results.find((r) => r.check === 'filters_filter' && r.operation === 'listDevices');
      expect(result?.status, result?.message).toBe(expected);
      if (expected === 'failed') expect(result?.message).toMatch(/status="(dis)?connected" returned an item/);
    } finally {
      await server.close();
    }
  });
});

describe('records listed under one id are caught (listed_ids_unique); a history repeating an id is not judged', () => {
  const spec = join(packageRoot, 'fixtures', 'constructs', 'directory', 'listed-ids-unique.yaml');
  const serve = (oneId: boolean) =>
    stub((method, url) => {
      const things = ['a', 'b', 'c'].map((name, i) => ({ id: oneId ? 't0' : `t${i}`, name }));
      if (method === 'POST') return { status: 201, body: { id: 't9', name: 'n' } };
      if (url.pathname === '/things') return { status: 200, body: { data: things, has_more: false } };
      if (/^\/things\/[^/]+\/history$/.test(url.pathname))
        return { status: 200, body: [1, 2].map((version) => ({ id: 't0', version, name: 'a' })) };
      const id = /^\/things\/([^/]+)$/.exec(url.pathname)?.[1];
      if (id !== undefined) return { status: 200, body: { id, name: 'a' } };
      return { status: 200, body: [] };
    });
  it.each([
    ['a server listing each thing under its own id', false, 'passed'],
    // Was passed: no check read the ids of one page (ijenko.net's mock listed every seeded record under one id).
    ['a server listing every thing under one id', true, 'failed'],
  ])('%s: listed_ids_unique %s', async (_name, oneId, expected) => {
    const server = await serve(oneId);
    try {
      const { report } = await runOnMock(server.url, spec, ['listed_ids_unique']);
      const result = (op: string) => report.results.find((r) => r.check === 'listed_ids_unique' && r.operation === op);
      expect(result('listThings')?.status, result('listThings')?.message).toBe(expected);
      expect(result('thingHistory')?.status ?? 'not applicable').not.toBe('failed');
    } finally {
      await server.close();
    }
  });
});
