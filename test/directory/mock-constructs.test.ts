// Construct fixtures (fixtures/constructs/directory/) for faults of the mock the directory sweep
// found (issue 29 items 3 and 4), each swept as `npm run sweep` sweeps a document: the mock starts,
// no plain GET answers 5xx, and the runner finds nothing wrong with the mock.
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { packageRoot } from '../../src/contract/index.js';
import { start, type MockEvent } from '../../src/index.js';
import { expectCleanSweep } from './outcomes.js';

/** A JSON POST to the mock at `base`. */
const postJson = (base: string, path: string, body: unknown): Promise<Response> =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The status a fresh mock of a construct (fixtures/constructs/directory/) answers to a GET of `target`. */
async function statusOn(file: string, target: string): Promise<number> {
  const mock = await start({ port: 0, spec: join(packageRoot, 'fixtures', 'constructs', 'directory', file) });
  try {
    return (await fetch(`${mock.url}${target}`)).status;
  } finally {
    await mock.close();
  }
}

const CONSTRUCTS = [
  // Fields no request or answer reads, refused by the published schema (cloudbuild's top-level `source`,
  // gisgraphy's termsOfService, opensuse's XML `example`, pinecone's path-level server variables; codat's
  // 3.1 `examples` object): the mock refused the first four, the runner the fifth; both now serve them.
  'harmless-violations-3.0.yaml',
  'harmless-violations-3.1.yaml',
  // A response `$ref` into another operation (brex.io): every GET of the operation answered 500.
  'refs-into-paths.yaml',
  // A list under a parent with `minItems: 1` (zalando's article units): the empty scope answered `[]`, 500.
  'list-min-items.yaml',
  // A paged list whose required page member has `minItems: 1` (metadapi): a page past the end was empty, 500.
  'list-page-min-items.yaml',
  // A read-only collection wrapped in `data` (amadeus): the listed ids were invented, reading one back was 404.
  'read-only-envelope.yaml',
  // A text/plain body described as an object (chain49, Azure Content Moderator): `{}` refused "must be object", 400.
  'text-object-body.yaml',
  // An enum beyond its own maxLength (adyen's gender): the mock answered MALE and refused it, 500.
  'enum-beyond-bounds.yaml',
  // A PUT on a collection named by `?name=` (Cloud SQL users.update): 400 "The body must name the user by name".
  'replace-named-in-query.yaml',
  // Items no collection keeps, documenting 404 (gotomeeting's meetings): any id was 200 or 204.
  'stateless-item-404.yaml',
  // The same with a format suffix (cambase.io's Rails routes, `/models/{id}.json`): any id was 200.
  'stateless-item-format-suffix.yaml',
  // Two JSON overloads told apart by a required header (Content Moderator's reviews): the video one was refused, 400.
  'overload-by-required-header.yaml',
  // A request body under `*/*` (Apideck's proxy): any actual type was refused 415.
  'request-media-range.yaml',
  // A record wrapped in one member, named on create by the item parameter (AWS CodeGuru): the mock
  // lists it under `name`; the runner looked for the created id beside the wrapper, not in it.
  'wrapped-record-named-by-param.yaml',
  // An example pointing at another schema's example (shutterstock): made a component schema, refused, no start.
  'ref-into-example.yaml',
  // Lists in envelopes not read as lists, and records kept under another key (issue 29 item 4):
  // AWS summaries naming the identifier `id` (EMR Serverless), look-alike items listed under the
  // plural of a singular collection beside a list of names (Application Cost Profiler), a record
  // beside `errors` created with a request-only member (Square), a record under `Data` beside
  // `Links` and `Meta` (Open Banking). Each list was stateless, or the created id read back 404.
  'list-summaries-other-id.yaml',
  'list-summaries-named-plural.yaml',
  'record-beside-errors.yaml',
  'record-under-data-with-links.yaml',
  // A list envelope with a continuation token, `hasMore`, `nextLink` and nested `pagination` (AWS, Sakari).
  'list-envelope-tokens.yaml',
  // The records' identifiers alone, `{ticketIds: [string], pagination}` (GoDaddy's abuse tickets).
  'list-of-identifiers.yaml',
  // A create body wrapping the record in the answers' member beside `idempotency_key` (Square's device codes).
  'wrapped-body-beside-request-members.yaml',
  // A listed record that requires what the create's body leaves optional, its list's items under
  // `allOf` (AWS apigatewayv2's `Api`): 500 "/response/Items/3 must have required property".
  'listed-record-requires-more.yaml',
  // A single resource whose read and writes all take `api-version` (Azure storSimple's
  // vaultExtendedInfo): stateless, its read after a PUT answered the document's example.
  'singleton-with-api-version.yaml',
  // Request members required but readOnly through their `$ref` (ijenko's FunctionalityNew): a body
  // without them was refused 400, where OAS 3.0.3 §4.7.25 requires them of the response only.
  'required-read-only-ref.yaml',
  // A create answering a reference to the record (shotstack's `response.id`, ijenko's `resource.id`):
  // the reference's id was generated, refused 400 by the read's UUID pattern or read 404.
  'create-answers-reference.yaml',
  // A collection listed, created and deleted, but with no read of one item (shutterstock's catalog
  // collections): no collection, so a deleted id stayed listed.
  'item-without-read.yaml',
  // Members listed and removed, never created nor read one by one (GitHub's outside collaborators):
  // the made-up list still showed the member a DELETE removed.
  'membership-list-delete.yaml',
  // Members added and removed, the create answering a receipt the list does not show (twitter's list
  // members, sendgrid's subusers): the collection keeps the receipt, the list is made up, and a member
  // the state deleted stayed in it (use_after_delete).
  'receipt-create-stateless-list-delete.yaml',
  // A collection's records listed and deleted under another path whose item parameter is named
  // otherwise (GitHub Enterprise's `/admin/tokens/{token_id}` over the authorizations): the delete
  // stayed stateless and the deleted token stayed listed.
  'item-under-other-list.yaml',
  // A closed schema beside an allOf of its closed base (Azure's web-logicAppsManagementClient): each
  // half refused the other's members, 500 "The response breaks the contract" on every answer.
  'closed-allof-inheritance.yaml',
  // `limit[subcategories]` beside an integer `limit` (apple.com app-store-connect): the bracketed
  // name was read as a member of `limit`, 400 "must be integer"; `fields[x]` arrays "must be array".
  'bracketed-beside-bare.yaml',
  // A JSON:API list whose `included` holds its own type beside `data` (apple.com app-store-connect's
  // appCategories): two arrays of records, so the list was stateless; its ids read back 404.
  'jsonapi-included-same-type.yaml',
  // A HAL list, `{_links, _embedded: {items: [{_links, …record}]}}` (akeneo.com's association types):
  // the links beside the page and in each item hid it; created records were never listed.
  'hal-embedded-items.yaml',
  // A record keyed by its required `identifier` under `{code}` (akeneo.com's products): keyed by an
  // id of the mock's own, the created id was never listed and a listed `identifier` read 404.
  'identifier-field-named-identifier.yaml',
  // A required exploded query map (amazonaws.com/sns `Attributes`): its members, keys of their own,
  // were not read back, 400 "must have required property 'Attributes'".
  'exploded-query-map.yaml',
  // Two expressions in one path segment (parliament.uk/erskine-may `/api/Section/{sectionId},{step}`):
  // routed to `/api/Section/{sectionId}`, 400 "path.sectionId must be a decimal integer".
  'two-expressions-one-segment.yaml',
  // An exploded form object with an array member (seldon.local/wrapper): the member's JSON text was
  // read as a one-string array, 400 "must be object".
  'exploded-object-array-member.yaml',
  // Bodies keyed `application/json; charset=utf-8` (sheerseo.com): every Content-Type was refused, 400.
  'media-type-with-parameters.yaml',
  // A collection created at another path (ijenko's `POST /account/places` for `/places/{placeId}`):
  // the create was stateless, and its example id was refused 404 under `/places/{placeId}`.
  'create-at-another-path.yaml',
  // List items that wrap the record under one member (adyen's `{data: [{PaymentMethod: {id}}]}`):
  // the list was stateless, so a created record was never listed.
  'list-items-wrap-record.yaml',
  // A path whose PUT documents its own 405 body (ijenko's `ErrorWriteAttribute`, requiring `resource`):
  // a method no operation defines got 405 in the `default` shape, without `resource`.
  'path-documents-405.yaml',
  // Errors documented only as XML (npr.org's sponsorship): refusals were answered as JSON, a type not documented.
  'xml-only-errors.yaml',
  // Errors whose documented `default` requires a header (Ably's `x-ably-serverid`): the mock's own 400s and 404s left it out.
  'error-requires-headers.yaml',
  // A bare array of summaries with a field of their own (bluemix's container groups, `Updated_time`
  // beside the read's `UpdatedTime`): the list was stateless, so a created group was never listed.
  'list-summaries-bare-array.yaml',
  // A schema `$ref` into a parameter's schema (codat.io's `#/components/parameters/companyId/schema`):
  // the shared response components lacked the parameters, an internal error on every answer.
  'schema-ref-into-parameter.yaml',
  // A create documented to answer a scalar (gototraining's trainingKey): the record was answered, 500.
  'create-answers-scalar.yaml',
  // Error items requiring a name without a `properties` entry (frankiefinancial's `location`): left out.
  'error-requires-undeclared.yaml',
  // Error fields refusing what the mock knows to write there (MDES's `ErrorCode` with `maxLength: 0`, OPA's
  // `location` object): every 400 broke its own error schema (error_shape, response_schema).
  'error-fields-refuse-known.yaml',
  // A Location documented `format: uri` or `url` (Learnifier, Figshare): the item's path failed response_headers.
  'location-format-uri.yaml',
  // A contract naming `GET /docs` (Azure Search): the mock's reference page answered it as text/html.
  'contract-names-docs.yaml',
  // Paths keys carrying a query, 22 on one path (flickr's `/rest?method=flickr.photos.getInfo`): none routed, 404.
  'query-in-path-key.yaml',
  // An `id` inside an `x-` extension of a schema (apideck.com's `x-apideck-weights: {id: critical}`):
  // ajv took it for a schema id, 500 "reference … resolves to more than one schema" on every answer.
  'extension-id-in-schema.yaml',
  // Fields no Schema Object defines (enode.io's `items` naming a Parameter Object through `$ref`):
  // the mock refused the whole document, "must NOT have additional properties (explode)".
  'unknown-schema-fields.yaml',
  // A component schema named `id` (AWS Data Pipeline): draft-04 ajv read it as a schema id while
  // resolving a reference, 500 "id.replace is not a function" on every operation reaching it.
  'component-named-id.yaml',
  // Request bodies and responses named with dots (Kubernetes' `io.k8s.api.core.v1.Namespace`, BigOven's
  // `API2.Controllers…ReviewRequest`) or `id` (Mandrill): the validator's dotted lookup found none, so
  // `[]` and `{"name": 3}` were accepted with 201 (negative_data_rejected).
  'dotted-component-names.yaml',
  // Query arrays of int64 items (EVE's `label_ids`, Gitea's `labels`): `99999999999999999999999` was read by
  // Number() as an integer and accepted (negative_data_rejected "item over int64"); a scalar was refused already.
  'int64-array-items.yaml',
  // Basic and an apiKey `Authorization` header in one requirement (Azure Container Registry, Conjur): the one
  // header was required to be both, valid basic credentials were refused 401 (auth_enforced).
  'two-schemes-one-header.yaml',
  // Public operations documenting only refusals (BigOven's `Recipe_Scan`, Magento's carts with 401 and `default`):
  // a valid request got the first one, 401 (auth_enforced "is public … but answered 401").
  'public-only-refusals.yaml',
  // A text/plain body whose schema names members but no type (Netatmo's `NAThermProgram`): the text stayed a
  // string, which no keyword of the schema judges, and `{"selected": "n"}` was accepted (negative_data_rejected).
  'untyped-text-object-body.yaml',
  // Array items marked readOnly in 3.0 (OSF's `copyright_holders`): no property, yet every array sent with items
  // was refused 400 "is read-only" (status_code_documented, positive_data_accepted).
  'read-only-items.yaml',
  // The same mode reached through the items' `$ref` (Jira's UI modification contexts, a `writeOnly` component):
  // the mock refused its own answers, 500 "contexts/0 is write-only" on every list.
  'write-only-items-by-ref.yaml',
  // The same mode on a component a property reaches through `allOf: [{$ref}]` (Jira's gadget `position`, readOnly
  // on the property, the component writeOnly; Azure's `osProfile`, a readOnly component): the kernel reads the
  // mode on the property's node, the validator inside the member: 500 "position is write-only", 400 "is read-only".
  'access-mode-through-allof.yaml',
  // A multipart field typed through `allOf: [{$ref: id}]` (PeerTube's `videoChannelId`): `42` was kept as
  // text, every create naming a channel refused 400 "must be integer".
  'form-field-typed-through-allof.yaml',
  // A path-level `path` in the path beside the operation's `path` in the query (Kubernetes' proxies): the
  // validator kept one, refusing "Unknown query parameter 'path'" or leaving the path's unchecked.
  'same-name-two-places.yaml',
  // Enums and required members nested past the sampler's depth (hsbc.com's Open Banking products):
  // answered `''` and `{}` there, 500 "must be equal to one of the allowed values" on every GET.
  'deep-enums.yaml',
  // A create whose answer marks `id` readOnly and whose request has none, the read answering a plain
  // `id` (adyen.com's account holders and checkout sessions): the client's id was kept and echoed.
  'read-only-id-in-create-answer.yaml',
  // Operations documenting only `2XX` and `default` (ably.io/platform's device registrations): no
  // collection, so an unknown id answered 200 where `default` covers the 404.
  'success-range-only.yaml',
  // An item parameter taking a list of integers (daniweb.com's `/groups/{ID}`): the created group's
  // id was "group-4", which the parameter cannot carry; its read answered 400.
  'item-param-array.yaml',
  // An identifier whose schema admits "" (AWS chime-sdk-identity's `EndpointId`): issued "", read back 404.
  'empty-issued-id.yaml',
  // A path parameter `oneOf` an integer id or a string slug (pandascore's `LeagueIDOrSlug`): `123`,
  // coerced to both, was refused 400 "must match exactly one schema"; unknown ids answered 400, not 404.
  'path-param-id-or-slug.yaml',
  // The same with two string alternatives beside the integer (PeerTube's `idOrUUID`: an id, a UUID or a
  // short UUID): the anyOf reading asked for distinct types, so `34` was still refused 400.
  'path-param-id-or-uuids.yaml',
  // A create answering `{reportId}`, named like the item parameter, for a record whose read names no
  // identifier (here.com/tracking's reports): the answered id was not the stored one, read back 404.
  'create-answers-param-named-id.yaml',
  // One item path under two parameter names (Lex's `{version}` delete beside the `{versionoralias}` read):
  // the read's record names no `versionoralias`, a created version was stored under an invented key, never listed.
  'item-parameter-named-twice.yaml',
  // Records named by their ARN under `{appBundleIdentifier}` (AppFabric): no identifier was read, the lists
  // were stateless, a created bundle was never listed.
  'arn-identified-records.yaml',
  // A listed field the read's record lacks (Access Analyzer's `principalArn`), filtered by: made afresh per
  // answer, so a filter by a listed value selected nothing (filters_filter).
  'listed-field-beyond-record.yaml',
  // One requirement of two query API keys (nexmo.com/numbers' `api_key` and `api_secret`): every
  // valid request was refused 400 "Unknown query parameter 'api_secret'".
  'two-query-keys.yaml',
  // A form body whose schema is a string (libretranslate.local, spoonacular.com) or an integer
  // (envoice.in): the runner sent `value=hunger`, the mock read pairs, 400 "request/body must be string".
  'scalar-form-body.yaml',
  // `property_uris[]` of `type: string` (ideaconsult.net/nanoreg): read as qs's array, refused "must be string".
  'bracketed-scalar-name.yaml',
  // `{enum: [true, false, 0, 1]}` without type (nexmo.com/conversion's `delivered`): the text "true" was refused, 400.
  'untyped-enum-parameter.yaml',
  // `fields[]`, an exploded array of enum strings, sent `fields[]=location&fields[]=location`: qs
  // read one item `location,location`, refused 400 "request/query/fields/0 must be equal to one of…".
  'bracketed-array-names.yaml',
  // A stateless list whose items' id has an `example` (Pinterest's partners): every item of the page
  // carried that one id, and paging_truthful saw the first page's item again on the next.
  'list-items-share-example-id.yaml',
  // A path named by another collection's identifier under a collection nothing creates (apideck's
  // `/hris/payrolls/employees/{employee_id}`, elmah.io's `/v3/messages/{logId}/_fix`, beezup's
  // `/v2/user/analytics/{storeId}/…`): every employee, log or store created was answered 404.
  'identifier-of-another-collection.yaml',
  // Path keys whose query carries templated path parameters (weatherbit's `/alerts?lat={lat}&lon={lon}`,
  // learnifier's `?key={APIKEY}`): `{lat}` was read as the value required, 400 on every request.
  'query-template-in-path-key.yaml',
  // A PUT on the collection whose body may name the record by a field its schema does not require
  // (e-conomic's `PUT /projects` without `number`): 400 "The body must name the project by number".
  'body-names-no-record.yaml',
  // A `default` response whose examples point into `components/examples` (azure.com/iotcentral): the
  // validator's copy dropped the examples but not those references, 500 "Missing $ref pointer" on every GET.
  'default-response-example-refs.yaml',
  // Templates Express's path-to-regexp cannot compile: an OData key `/docs('{key}')` (Azure Search),
  // `(thumbprintAlgorithm={a},thumbprint={b})` (Azure Batch), `{id}{mediaTypeExtension}` (bufferapp,
  // healthcare.gov), `{windowDay}F{windowStartTime}T…` (vtex): the validator's lookup threw, 500 on every request.
  'unroutable-templates.yaml',
  // An item's read and replace answering an array of records (netlify's getAccount, anchore's
  // get_policy): the record alone was answered, 500 "/response must be array".
  'item-answers-list-of-one.yaml',
  // A typed map (`additionalProperties: {type: object}`) beside an allOf of a base with string members
  // (azure.com/datafactory's Factory): every answer broke its schema, 500 "eTag must be object".
  'typed-map-beside-allof.yaml',
  // A date-time held to 24 characters (telstra.com's createTimestamp): padded past its format, 500.
  'date-time-held-to-length.yaml',
  // A nullable enum without null (GitHub's dismissed_reason), null in its own example: 500 "must be
  // equal to one of the allowed values" where the kernel reads null as allowed.
  'nullable-enum-null.yaml',
  // A UUID whose pattern takes upper-case hex only (loket.nl): answered as a pattern match that is no UUID, 500.
  'uuid-upper-case-pattern.yaml',
  // A path parameter whose schema is `anyOf` readOnly properties (digitalocean's `ssh_key_identifier`):
  // 400 "request/params/ssh_key_identifier is read-only" on every read, update and delete.
  'read-only-parameter-schema.yaml',
  // A body keyed `application/json; odata=minimalmetadata` (windows.net's Batch service): 415
  // "must be application/json (unsupported media type application/json)" on every body.
  'media-type-with-other-parameters.yaml',
  // `/render/{templateId}` beside `/render/{renderId}`, each parameter a `$ref` (carbone.io): the
  // `$ref`'d one was not renamed when the paths were served as one, 400 "must have required property 'templateId'".
  'identical-paths-parameter-refs.yaml',
  // Items whose identifiers only the mock's stateless answers name (here.com/tracking's listed
  // trackingIds, graphhopper's `job_id`, Yodlee's listed account ids): the item answered 404 for them.
  'item-named-by-stateless-answer.yaml',
  // A stateless item whose path parameter is an enum, its values listed by `name` (Yodlee's notification
  // events): 404 "no answer of this mock has named it" for a value the document itself lists.
  'enum-item-listed-by-name.yaml',
  // A pool listed by `name` under `{pool_name}` (sendgrid's IP pools): the listed pool read back 404.
  'item-listed-by-name.yaml',
  // A record whose identifier is its `key`, the create answering `{key}` (data2crm's internal users):
  // the runner read `key` as the id, the mock kept its own: the created user's update and delete 404.
  'record-named-by-key.yaml',
  // A create answering `{onlineCode}`, named like the item parameter, for a record kept by its
  // `configurationId` (mercedes-benz.com/configurator): the answered code read back 404.
  'create-answers-code-by-param.yaml',
  // Records two levels deep (chaingateway's webhooks: `{data: {id, …}, ok}` created, `{data: {ipns:
  // [{}]}, ok}` listed): `{webhook}` ending in the letters of `ok` made `ok` the identifier; the list
  // was stateless, and a deleted webhook was still listed.
  'record-two-levels-deep.yaml',
  // A parameter naming the noun and the field (appcenter's `/orgs/{org_name}` over `id` and `name`):
  // the records were kept under `id`, the list of `{name, …}` was invented, the created one not listed.
  'param-names-noun-and-field.yaml',
  // A parameter addressing the record by its `key` beside an `_id` (LaunchDarkly's `/projects/{projectKey}`):
  // the projects were kept under `_id`, so the created key read back 404, and so did its PATCH and DELETE.
  'param-names-record-key.yaml',
  // Records identified by `key` (GitHub's licenses, every GHES document): no identifier was kept, the
  // list was invented and `GET /licenses/mit`, the key it listed, was 404.
  'record-keyed-by-key.yaml',
  // An item-looking path answering a page of the records under it (elmah.io's `GET /v3/messages/{logId}`,
  // `{messages: [Message], total}`): read as an item of `/v3/messages`, the messages of a created log
  // were 404 and its delete-by-search was expected to make the page 404.
  'item-path-lists-children.yaml',
  // Items listed and deleted, never read one by one, beside a legacy collection their parameter's name
  // points to (sendgrid's field definitions): the runner took the legacy collection's ids, 404.
  'listed-deleted-items-own-create.yaml',
  // A create answering `{id: number}` for a record whose read names no id (sendgrid's segments): 404.
  'create-answers-number-id.yaml',
  // An id typed integer where read, string where listed (digitallocker's files): the list showed a
  // string generated afresh on every answer, and the listed file read back 404.
  'id-typed-otherwise-in-list.yaml',
  // A record two members deep (chaingateway's `{data: {ipn: {id, …}}, ok}` created, `{data: {ipns: […]}}`
  // listed): no record was read, the list answered its example, a deleted webhook was still listed.
  'record-two-members-deep.yaml',
  // A single resource read as `anyOf: [the record, {}]` and written with part of it (GitHub's
  // interaction limits): a PUT before any read stored `{}`, and the read answered `{}`.
  'singleton-read-union-empty.yaml',
  // `{name}` over a record naming itself `remote_name` beside the scope's `repo_name` (gitea's push
  // mirrors): no identifier was read, the list showed `[{}]` and the created mirror was not listed.
  'item-named-by-qualified-field.yaml',
  // A create overloaded by its body's media type (Azure Face's faces from a URL or from a stream):
  // only the JSON one stored its face; one added from a stream read back 404.
  'create-overload-by-media-type.yaml',
  // A create answering nothing, its records listed in an envelope and deleted, never read one by one
  // (yodlee's transaction categories): nothing was kept (the stateful test below fails without it).
  'create-answers-nothing-listed-deleted.yaml',
  // An item read answering `{data: [Group]}`, a list of one in an envelope (daniweb's groups, sendgrid's
  // recipients): the envelope was kept as the record, and a created group was not listed.
  'item-read-list-of-one-envelope.yaml',
  // Records held in their parent's record (tcgdex's cards in a set's `cards`, read by
  // `/sets/{set}/{cardLocalId}`): every card read was 404, and the runner took `id` for `localId`.
  'items-held-by-parent-record.yaml',
  // A create and a read overloaded by the key's fragment or query (apigateway's `POST /restapis#mode=import`,
  // formapi's `GET /templates/{template_id}?full=true`): an imported API was never listed, and the
  // full read of an unknown id answered 200 where it documents 404.
  'overloads-by-key-selector.yaml',
  // A path key's query naming a query parameter of its operation (medium.com's `/search/articles?query={query}`):
  // the runner sent `{query}` as written beside the value (400 'must be string') and alone when leaving it out.
  'query-parameter-in-path-key.yaml',
  // A create answering the new id as an integer where the record's is a string (jira's projects:
  // `ProjectIdentifiers.id` int64, `Project.id` string): stored under one id, answered another, read back 404.
  'created-id-typed-otherwise.yaml',
  // An asynchronous delete answering only 303 to a task (jira's priorities): read right after, judged a defect.
  'delete-accepted-not-done.yaml',
  // A scope's page (`GET /object-storage/buckets/{clusterId}`) beside a create above whose body names
  // the scope (Linode's `cluster`): read as a bucket, a known cluster was 404.
  'scope-list-beside-create-above.yaml',
  // A server variable's default holding a `:` (telegram's bot token): the validator placed no request,
  // so `[]` and `{}` were accepted with 200 on every operation.
  'server-variable-reserved-chars.yaml',
  // Answers keyed `application/json;charset=UTF-8` (every ebay.com document): the validator printed
  // "no validator found" on stderr and checked none of them.
  'media-key-not-normal-form.yaml',
  // A record sent whole, named by `metadata.name` (kubernetes.io's resources): `metadata` was taken for
  // a wrapper of the record, so the fields beside it (`revision`, `spec`) read back generated.
  'record-named-in-metadata.yaml',
  // Success documented only under `default`, beside error statuses (openchannel's `GET /apps`: 400 and
  // `default` "OK"; magento's 401, 500 and `default`): valid input was answered 400 or 500.
  'default-beside-error-statuses.yaml',
  // A list's page beside another array of records with `id` (loket's `messages` beside `_embedded`):
  // the runner took a message's id as the employer's and judged the mock's 404 a refusal, 404 on every read.
  'list-beside-other-records.yaml',
  // Records kept as `application/hal+json` (listed first) describes them, written as the preferred,
  // closed `application/json` (configcat): 500 "must NOT have additional properties" on every list.
  'hal-beside-closed-json.yaml',
  // An identifier's pattern unanchored by `.*` with its length fixed (AWS Clean Rooms' UUID): the
  // create issued an id of the wrong length, 500 "The response breaks the contract".
  'unanchored-id-pattern.yaml',
  // Response links whose parameter is named `id` (Apideck CRM's `owner` link on several answers): ajv took
  // each for a schema id, two alike for "reference … resolves to more than one schema", every GET 500.
  'links-parameter-named-id.yaml',
  // A readOnly, required property named `items` (gsmtasks' Invoice) taken for the array keyword:
  // its readOnly dropped, every body without it refused 400.
  'property-named-items.yaml',
  // A header parameter named "" (notion's retrieveAPage): the runner could not send the request and
  // judged that as the server's fault (not_a_server_error).
  'header-name-empty.yaml',
  // `format: byte` beside a pattern (seldon's SeldonMessage), one optional member's pattern outside
  // base64's alphabet: no answer fitted, and the first unfitted draw was sent, 500 on every POST.
  'byte-pattern-no-common-value.yaml',
  // A path parameter followed by name characters (prss.org's `{date}_PI.xml`): the validator's router
  // read the parameter `date_PI`, and every request was refused 400 "must have required property 'date'".
  'parameter-joined-to-name-characters.yaml',
  // `{id}` over a record with no `id` and several `…_id` fields (magento's invoices: `entity_id` beside
  // `billing_address_id`; order items: `item_id` beside `order_id`): the runner read an address's id as
  // the invoice's, and the mock keyed no invoice field: 404 "No invoice with id 708." to valid input.
  'id-parameter-over-several-id-fields.yaml',
  // The same for a created record (vrni's data sources: `entity_id` beside the `proxy_id` sent, under
  // `{id}`; `client_id` beside `owner_id`): the runner read the created `proxy_id` for the record's
  // id, and the read-back, the sub-resource and the action under it answered 404 (62 results).
  'created-under-id-several-id-fields.yaml',
  // A list of identifiers alone over records naming no identifier of their own (the Berlin Group's
  // `{authorisationIds: [string]}` over `{scaStatus}`): the list wrote the records themselves, 500
  // "/response/authorisationIds/0 must be string" after every create.
  'identifiers-list-record-unnamed.yaml',
  // A JSON:API page whose `data` is a union of arrays beside `included` and `errors` (OPTIMADE, pydantic):
  // the made-up page cut `errors`, `data` ignored `page_limit` (paging_truthful); see the test below.
  'jsonapi-union-data-page.yaml',
  // Class "the mock answering 5xx": an error schema whose `error`-named member refers to itself (Azure's
  // `innererror`, Application Insights and Machine Learning): shaping the error body recursed until the
  // stack ran out, every error (401, 404, 400, 405) answered 500 "The server could not complete the request."
  'recursive-error-wrapper.yaml',
  // Class "the mock answering 5xx": operations whose one success is 101 Switching Protocols (PI Web API's
  // channels, edrv's realtime): a bare 101 without Upgrade left the client with no answer ("fetch failed");
  // a request without Upgrade is refused 426 (RFC 9110 §15.5.22), one asking for it gets its 101.
  'switch-protocols-only.yaml',
  // An operation's own parameter overriding the path item's `$ref` of the same name and place
  // (amazonaws.com/sdb's `Version`, a one-value enum, beside the path item's plain `Version`): the
  // validator kept both, the path item's last, and accepted any Version (OAS 3.0.3 §4.7.9).
  'operation-overrides-path-ref-parameter.yaml',
  // A create's 404 its list does not document, for an unknown `authorId` (ts-rest's `404` described
  // by its code): the mock kept a post of no author. Runner against mock stays clean.
  'create-404-for-body-reference.yaml',
  // A list paged by `skip` and `take` (Prisma's, TypeORM's pair): the mock listed everything, a random `take`.
  'skip-take-paging.yaml',
  // Paging written as members of one object-valued query parameter (LoopBack 4's JSON `filter`,
  // Strapi's deepObject `pagination`): the mock answered every stored record whatever they asked.
  'paging-in-object-parameter.yaml',
  // A Response Object with a field OpenAPI 3 does not define (`schema` beside `description`, Swagger
  // 2.0's way, as @loopback/rest writes LoopBack 4's JWT example `GET /whoAmI`): both CLIs refused the document.
  'response-unknown-field-3.0.yaml',
  'response-unknown-field-3.1.yaml',
];

describe('directory constructs of the mock: runner against mock', () => {
  it.each(CONSTRUCTS)('%s: mock starts, no 5xx, no failure', (name) => expectCleanSweep(name));
});

describe("an operation's own parameter overrides the path item's `$ref` of its name and place (OAS 3.0.3 §4.7.9)", () => {
  // The validator matched a path-level parameter by the `name` or `$ref` written: the path item's plain
  // `Version` (a `$ref`) stayed beside the operation's one-value enum and, read last, admitted any value.
  it.each([
    ['/?Action=CreateDomain&Version=2009-04-15&DomainName=abc', 200],
    ['/?Action=CreateDomain&Version=lost-zz&DomainName=abc', 400],
    ['/?Action=DeleteDomain&Version=lost-zz&DomainName=abc', 400],
    ['/recipes/7/information?includeNutrition=true', 200],
    ['/recipes/7/information?includeNutrition=maybe', 400],
    ['/recipes/7/information', 400],
  ])('GET %s answers %i', async (target, status) => {
    expect(await statusOn('operation-overrides-path-ref-parameter.yaml', target)).toBe(status);
  });
});

describe('a required deepObject query parameter left out is missing (OAS 3.0.3 §4.7.12.4)', () => {
  // The validator put `{}` in its place (cdimascio/express-openapi-validator#734): a request without
  // any `filter[…]` pair was answered 200, where its members are all optional.
  it.each([
    ['/reports?filter[status]=open', 200],
    ['/reports?filter[owner]=ana&filter[status]=closed', 200],
    ['/reports', 400],
    ['/reports?filter[status]=pending', 400],
  ])('GET %s answers %i', async (target, status) => {
    expect(await statusOn('required-deep-object-missing.yaml', target)).toBe(status);
  });
});

describe('an operation whose one success is 101 Switching Protocols', () => {
  // RFC 9110 §7.8: a 101 only to a request asking with Upgrade, naming its protocol; else 426 (§15.5.22).
  it('answers 426 with Upgrade to a plain GET, and 101 naming the protocol to one asking to switch', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'switch-protocols-only.yaml'),
    });
    try {
      const plain = await fetch(`${mock.url}/streams/a/channel`);
      expect(plain.status).toBe(426);
      expect(plain.headers.get('upgrade')).toBe('websocket');
      const switched = await new Promise<{ status: number; upgrade: string | undefined }>((resolve, reject) => {
        const req = request(`${mock.url}/streams/a/channel`, {
          headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
        });
        req.on('upgrade', (res, socket) => {
          socket.destroy();
          resolve({ status: res.statusCode ?? 0, upgrade: res.headers.upgrade });
        });
        req.on('response', (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, upgrade: res.headers.upgrade });
        });
        req.on('error', reject);
        req.end();
      });
      expect(switched).toEqual({ status: 101, upgrade: 'websocket' });
    } finally {
      await mock.close();
    }
  });
});

describe('a JSON:API page whose data is a union of arrays keeps its page size in `data`', () => {
  it('every `?page_limit=1` answers one item of data at most; included and errors are not the page', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'jsonapi-union-data-page.yaml'),
    });
    try {
      // The made-up lists are random in length: one answer of more than one item fails, so ask often.
      for (let i = 0; i < 12; i++) {
        const page = await fetch(`${mock.url}/references?page_limit=1`);
        expect(page.status).toBe(200);
        const body = (await page.json()) as { data: unknown[] };
        expect(body.data.length).toBeLessThanOrEqual(1);
      }
    } finally {
      await mock.close();
    }
  });
});

describe('an identifier whose pattern is unanchored by `.*`, its length fixed', () => {
  it('every create issues a 36-character id the pattern holds, each reads back, the list answers 200', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'unanchored-id-pattern.yaml'),
    });
    try {
      for (let i = 0; i < 6; i++) {
        const created = await fetch(`${mock.url}/collaborations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `c${i}` }),
        });
        expect(created.status).toBe(200);
        const { collaboration } = (await created.json()) as { collaboration: { id: string } };
        expect(collaboration.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect((await fetch(`${mock.url}/collaborations/${collaboration.id}`)).status).toBe(200);
      }
      expect((await fetch(`${mock.url}/collaborations`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('a record naming no id is listed under the key its create issued (listed-under-issued-key.yaml)', () => {
  it('the list shows each seeded and created record under its own key, the one its Location names', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'listed-under-issued-key.yaml'),
    });
    try {
      const named: string[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await postJson(mock.url, '/account/users', { email: `u${i}@example.com`, name: `u${i}` });
        expect(created.status).toBe(201);
        const body = (await created.json()) as { id?: unknown; resource: { id: string } };
        // The answer names the record once, in its reference: no `id` of the record's own beside it.
        expect(body.id).toBeUndefined();
        expect(created.headers.get('location')).toBe(`/account/users/${body.resource.id}`);
        named.push(body.resource.id);
      }
      const listed = (await (await fetch(`${mock.url}/account/users`)).json()) as { id: string }[];
      const ids = listed.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining(named));
      for (const id of ids) {
        expect(id).toMatch(/^[A-Za-z0-9-_]{22}$/);
        expect((await fetch(`${mock.url}/account/users/${id}`)).status).toBe(200);
      }
    } finally {
      await mock.close();
    }
  });
});

describe('a list whose schema needs minItems holds that many records, and they read back', () => {
  it('GET /articles/{id}/units answers one unit at least; each is readable; an unknown article is 404', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'list-min-items.yaml'),
    });
    try {
      const articles = (await (await fetch(`${mock.url}/articles`)).json()) as { content: { id: string }[] };
      const article = articles.content[0]!.id;
      const listed = await fetch(`${mock.url}/articles/${encodeURIComponent(article)}/units`);
      expect(listed.status).toBe(200);
      const units = (await listed.json()) as { id: string }[];
      expect(units.length).toBeGreaterThanOrEqual(1);
      const again = (await (
        await fetch(`${mock.url}/articles/${encodeURIComponent(article)}/units`)
      ).json()) as unknown;
      expect(again).toEqual(units);
      const unit = await fetch(
        `${mock.url}/articles/${encodeURIComponent(article)}/units/${encodeURIComponent(units[0]!.id)}`,
      );
      expect(unit.status).toBe(200);
      expect((await fetch(`${mock.url}/articles/no-such-article/units`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

describe('a paged list whose required page member has minItems: the page is never short of it', () => {
  // metadapi's MSA groups (`data` required, `minItems: 1`): an offset past the last record or a filter
  // nothing matched gave an empty page, 500. The records the page lacks are stored, and read back.
  it('an offset past the end and an unmatched filter answer records that are stored and carry the filter', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'list-page-min-items.yaml'),
    });
    type Page = { data: { code: string; region?: string }[]; meta: { count: number; offset: number } };
    try {
      const beyond = await fetch(`${mock.url}/groups?limit=5&offset=40`);
      expect(beyond.status).toBe(200);
      const far = (await beyond.json()) as Page;
      expect(far.data.length).toBeGreaterThanOrEqual(1);
      expect(far.meta).toMatchObject({ offset: 40, count: 41 });
      const filtered = (await (await fetch(`${mock.url}/groups?limit=5&offset=0&region=QZ`)).json()) as Page;
      expect(filtered.data.length).toBeGreaterThanOrEqual(1);
      expect(filtered.data.every((group) => group.region === 'QZ')).toBe(true);
      for (const group of [far.data[0]!, filtered.data[0]!]) {
        const one = await fetch(`${mock.url}/groups/${encodeURIComponent(group.code)}`);
        expect(one.status).toBe(200);
        expect(((await one.json()) as { data: unknown }).data).toEqual(group);
      }
    } finally {
      await mock.close();
    }
  });
});

describe('a read-only collection whose answers wrap the record in one member', () => {
  it('the listed records are the stored ones: each reads back by its id; an unknown id is 404', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'read-only-envelope.yaml'),
    });
    try {
      const list = (await (await fetch(`${mock.url}/shopping/activities?latitude=1`)).json()) as {
        data: { id: string }[];
      };
      expect(list.data.length).toBeGreaterThan(0);
      const one = await fetch(`${mock.url}/shopping/activities/${encodeURIComponent(list.data[0]!.id)}`);
      expect(one.status).toBe(200);
      expect(((await one.json()) as { data: unknown }).data).toEqual(list.data[0]);
      expect((await fetch(`${mock.url}/shopping/activities/no-such-activity`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

describe('a plain-text body described as an object is read as JSON text', () => {
  it('`{}` as text/plain is accepted; text that is no JSON object is still refused with 400', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'text-object-body.yaml'),
    });
    try {
      const post = (body: string) =>
        fetch(`${mock.url}/bitcoin/v2/sendtx/`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
      expect((await post('{}')).status).toBe(200);
      expect((await post('0100ab')).status).toBe(400);
      expect((await post('[1]')).status).toBe(400);
    } finally {
      await mock.close();
    }
  });
});

describe('a replace on a collection path names its record by the body or by a query parameter', () => {
  it('PUT …/users?name=u with a body without name: 200, never an undocumented 400', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'replace-named-in-query.yaml'),
    });
    try {
      const put = (query: string) =>
        fetch(`${mock.url}/projects/p/instances/i/users${query}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: 'x' }),
        });
      expect((await put('?name=nobody')).status).toBe(200);
      const unnamed = await put('');
      expect(unnamed.status).toBe(200);
      expect(unnamed.headers.get('x-mock-stateless')).toMatch(/names no user by name/);
    } finally {
      await mock.close();
    }
  });
});

describe('a stateless item that documents 404 exists once an answer has named it', () => {
  it('the created meeting reads back (200); an id no answer named is 404; after its delete, 404', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'stateless-item-404.yaml'),
    });
    try {
      const created = await fetch(`${mock.url}/meetings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subject: 'sweep' }),
      });
      expect(created.status).toBe(201);
      const [meeting] = (await created.json()) as { meetingId: number }[];
      expect((await fetch(`${mock.url}/meetings/${meeting!.meetingId}`)).status).toBe(200);
      const unknown = meeting!.meetingId + 7_777_777;
      expect((await fetch(`${mock.url}/meetings/${unknown}`)).status).toBe(404);
      // Under it too, where the operation documents 404: the meeting it lies under was never named.
      expect((await fetch(`${mock.url}/meetings/${unknown}/attendees`)).status).toBe(404);
      expect((await fetch(`${mock.url}/meetings/${meeting!.meetingId}/attendees`)).status).toBe(200);
      // An identifier a collection's store holds names its record wherever a path names it.
      const [offering] = (await (await fetch(`${mock.url}/offerings`)).json()) as { id: string }[];
      const mapped = await fetch(`${mock.url}/course-mappings/${encodeURIComponent(offering!.id)}/courses`);
      expect([mapped.status, await mapped.text()]).toEqual([200, expect.any(String)]);
      expect((await fetch(`${mock.url}/course-mappings/no-such-offering/courses`)).status).toBe(404);
      const put = await fetch(`${mock.url}/meetings/${unknown}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subject: 'x' }),
      });
      expect(put.status).toBe(404);
      expect((await fetch(`${mock.url}/meetings/${meeting!.meetingId}`, { method: 'DELETE' })).status).toBe(204);
      expect((await fetch(`${mock.url}/meetings/${meeting!.meetingId}`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

// wrapped-record-named-by-param.yaml, swept above too: what the mock stores and lists.
describe('a record wrapped in one member, named on create by the item parameter', () => {
  it('POST {profilingGroupName} is stored under that name: it reads back and is listed', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'wrapped-record-named-by-param.yaml'),
    });
    try {
      const created = await fetch(`${mock.url}/profilingGroups?clientToken=t1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ profilingGroupName: 'Tq', computePlatform: 'Default' }),
      });
      expect(created.status).toBe(201);
      expect(((await created.json()) as { profilingGroup: { name: string } }).profilingGroup.name).toBe('Tq');
      const read = await fetch(`${mock.url}/profilingGroups/Tq`);
      expect(read.status).toBe(200);
      expect(
        ((await read.json()) as { profilingGroup: { computePlatform: string } }).profilingGroup.computePlatform,
      ).toBe('Default');
      const list = (await (await fetch(`${mock.url}/profilingGroups`)).json()) as {
        profilingGroups: { name: string }[];
      };
      expect(list.profilingGroups.map((g) => g.name)).toContain('Tq');
    } finally {
      await mock.close();
    }
  });
});

// content-key-not-media-type.yaml is not swept above: the runner holds the answer's Content-Type to the
// key `xls`, which is no media type an answer can carry (RFC 9110 §8.3.1), the document's own error.
describe('a success content key that is no media type takes part in no 406', () => {
  it('GET …/exports/xls with Accept */* or application/json: 200, not the undocumented 406', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'content-key-not-media-type.yaml'),
    });
    try {
      for (const accept of ['*/*', 'application/json'])
        expect((await fetch(`${mock.url}/datasets/d/exports/xls`, { headers: { accept } })).status).toBe(200);
      // A documented media type is still negotiated.
      expect((await fetch(`${mock.url}/datasets/d/exports/json`, { headers: { accept: 'text/csv' } })).status).toBe(
        406,
      );
    } finally {
      await mock.close();
    }
  });
});

describe('a request body documented under a media range takes every type it covers', () => {
  it('POST /proxy with application/json, text/plain or octet-stream: 200, not 415', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'request-media-range.yaml'),
    });
    try {
      for (const type of ['application/json', 'text/plain', 'application/octet-stream'])
        expect(
          (await fetch(`${mock.url}/proxy`, { method: 'POST', headers: { 'content-type': type }, body: '{}' })).status,
        ).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('a listed record that requires what the create left out', () => {
  it('the list completes it once: each list and the read show the same stored value', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'listed-record-requires-more.yaml'),
    });
    try {
      const created = await fetch(`${mock.url}/v2/apis`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'n', protocolType: 'HTTP' }),
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { ApiId: string }).ApiId;
      const listed = async (): Promise<Record<string, unknown> | undefined> => {
        const list = await fetch(`${mock.url}/v2/apis`);
        expect(list.status).toBe(200);
        return ((await list.json()) as { Items: Record<string, unknown>[] }).Items.find((a) => a['ApiId'] === id);
      };
      const first = await listed();
      expect(first).toMatchObject({ Name: 'n', ProtocolType: 'HTTP' });
      expect(typeof first?.['RouteSelectionExpression']).toBe('string');
      expect(await listed()).toEqual(first);
      expect(await (await fetch(`${mock.url}/v2/apis/${encodeURIComponent(id)}`)).json()).toEqual(first);
    } finally {
      await mock.close();
    }
  });
});

describe('a list filter of truth words over a 0/1 integer field', () => {
  it('true and 1 list the records holding 1; false and 0 those holding 0', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'truth-word-filter.yaml'),
    });
    try {
      const slugs = async (word: string): Promise<string[]> => {
        const answer = await fetch(`${mock.url}/api/v1/groundhogs?isGroundhog=${word}`);
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { groundhogs: { slug: string }[] }).groundhogs.map((g) => g.slug);
      };
      const groundhogs = ['punxsutawney-phil', 'staten-island-chuck'];
      expect(await slugs('true')).toEqual(groundhogs);
      expect(await slugs('1')).toEqual(groundhogs);
      expect(await slugs('false')).toEqual(['lucy-the-lobster']);
      expect(await slugs('0')).toEqual(['lucy-the-lobster']);
    } finally {
      await mock.close();
    }
  });
});

describe('an error documented only as XML is written as XML', () => {
  it('a refused GET answers 400 application/xml, its VAST root with the version attribute and the message', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'xml-only-errors.yaml'),
    });
    try {
      const refused = await fetch(`${mock.url}/v2/ads?forceResult=not-a-boolean`);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/xml/);
      const text = await refused.text();
      expect(text).toMatch(/<VAST version="1\.0"><error>[^<]*forceResult[^<]*<\/error><\/VAST>$/);
    } finally {
      await mock.close();
    }
  });
});

describe('error bodies and answers that follow their own schemas', () => {
  // An error body says what was wrong (RFC 9110 §15.5): an open object declaring no member (mist.com's
  // 400) answered `{}`; its message now goes as an undeclared member, and a closed one stays `{}`.
  it('an open error object declaring no member carries the message; a closed one stays empty', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'error-open-object-no-members.yaml'),
    });
    try {
      const open = await fetch(`${mock.url}/sites/not-a-uuid/stats?limit=-1`);
      expect(open.status).toBe(400);
      const { message } = (await open.json()) as { message: string };
      expect(message).toContain('uuid');
      const closed = await fetch(`${mock.url}/sites/not-a-uuid/closed`);
      expect(closed.status).toBe(400);
      expect(await closed.json()).toEqual({});
    } finally {
      await mock.close();
    }
  });
  it('an error says its message in a field named like one (`errorMsg`) and fills every required name', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'error-requires-undeclared.yaml'),
    });
    try {
      const missing = await fetch(`${mock.url}/entities/no-such-entity`);
      expect(missing.status).toBe(404);
      const body = (await missing.json()) as { errorMsg: string };
      expect(body.errorMsg).toContain('no-such-entity');
      const refused = await fetch(`${mock.url}/entities`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 7 }),
      });
      expect(refused.status).toBe(400);
      const { issues } = (await refused.json()) as { issues: Record<string, unknown>[] };
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues)
        expect(Object.keys(issue)).toEqual(expect.arrayContaining(['location', 'issueLocation']));
    } finally {
      await mock.close();
    }
  });

  it('an error field whose own schema refuses the known value is left to the schema; the error is still said', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'error-fields-refuse-known.yaml'),
    });
    try {
      const search = await fetch(`${mock.url}/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ term: '' }),
      });
      expect(search.status).toBe(400);
      const { Errors } = (await search.json()) as { Errors: { Error: Record<string, unknown>[] } };
      expect(Errors.Error[0]).toEqual({ Description: expect.stringContaining('fewer than 1 characters') });
      const query = await fetch(`${mock.url}/v1/query?pretty=not-a-boolean`, { method: 'POST' });
      expect(query.status).toBe(400);
      const body = (await query.json()) as { message: string; errors: Record<string, unknown>[] };
      expect(body.message).toContain('pretty');
      for (const item of body.errors)
        expect(item['location'] === undefined || typeof item['location'] === 'object').toBe(true);
    } finally {
      await mock.close();
    }
  });

  it('a create documented to answer a string answers the new record key, which reads back', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'create-answers-scalar.yaml'),
    });
    try {
      const created = await fetch(`${mock.url}/organizers/7/trainings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Onboarding' }),
      });
      expect(created.status).toBe(201);
      const key = (await created.json()) as unknown;
      expect(typeof key).toBe('string');
      const read = await fetch(`${mock.url}/organizers/7/trainings/${encodeURIComponent(key as string)}`);
      expect(read.status).toBe(200);
      expect(((await read.json()) as { name: string }).name).toBe('Onboarding');
      const listed = (await (await fetch(`${mock.url}/organizers/7/trainings`)).json()) as { trainingKey: string }[];
      expect(listed.map((t) => t.trainingKey)).toContain(key);
    } finally {
      await mock.close();
    }
  });

  it('paths keys carrying a query route by the key query: each method to its operation, no method 404', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'query-in-path-key.yaml'),
    });
    try {
      const echo = await fetch(`${mock.url}/services/rest?method=test.echo&api_key=k&echo=hi`);
      expect(echo.status).toBe(200);
      const info = await fetch(`${mock.url}/services/rest?method=photos.getInfo&api_key=k&photo_id=3`);
      expect(info.status).toBe(200);
      expect(((await info.json()) as { photo?: unknown }).photo).toBeDefined();
      // A method no key names is no operation of the contract: refused, never served as another.
      expect((await fetch(`${mock.url}/services/rest?method=photos.delete&api_key=k`)).status).toBe(400);
      const journal = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as unknown;
      const entries = (Array.isArray(journal) ? journal : (journal as { requests: unknown[] }).requests) as {
        operationId?: string;
      }[];
      expect(entries.map((e) => e.operationId).slice(0, 2)).toEqual(['echo', 'getInfo']);
    } finally {
      await mock.close();
    }
  });
});

describe('the made-up items of a stateless list carry distinct identifiers (issue 29)', () => {
  it('a page of partners names each record once, the first with the example; the next page holds others', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'list-items-share-example-id.yaml'),
    });
    try {
      const ids = async (query: string): Promise<string[]> => {
        const answer = await fetch(`${mock.url}/businesses/1/partners${query}`);
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { id: string }[]).map((item) => item.id);
      };
      // Each answer is drawn afresh (its length too): every page names distinct records, and one of a few holds several.
      const pages = await Promise.all(Array.from({ length: 6 }, () => ids('')));
      expect(Math.max(...pages.map((page) => page.length))).toBeGreaterThanOrEqual(2);
      for (const page of pages) {
        expect(new Set(page).size).toBe(page.length);
        expect(page[0]).toBe('383791336903426391');
        for (const id of page) expect(id).toMatch(/^\d+$/);
      }
      const first = await ids('?page_size=2');
      const next = await ids('?page_size=2&start_index=2');
      expect(first.filter((id) => next.includes(id))).toEqual([]);
      // An identifier whose schema admits one value: the list holds that record once at most.
      const tags = (await (await fetch(`${mock.url}/tags`)).json()) as { id: string }[];
      expect(tags.length).toBeLessThanOrEqual(1);
    } finally {
      await mock.close();
    }
  });
});

describe('a collection whose create answers nothing keeps the records its list shows (issue 29)', () => {
  it("yodlee's categories: a created category is listed under the Location's id, and a deleted one is not", async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'create-answers-nothing-listed-deleted.yaml'),
    });
    try {
      const listed = async (): Promise<unknown[]> => {
        const answer = (await (await fetch(`${mock.url}/transactions/categories`)).json()) as {
          transactionCategory: { id: number }[];
        };
        return answer.transactionCategory.map((c) => c.id);
      };
      const created = await fetch(`${mock.url}/transactions/categories`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ parentCategoryId: 5, categoryName: 'Food' }),
      });
      expect(created.status).toBe(201);
      const id = Number(created.headers.get('location')?.split('/').at(-1));
      expect(Number.isInteger(id)).toBe(true);
      expect(await listed()).toContain(id);
      const before = await listed();
      expect(await listed()).toEqual(before);
      expect((await fetch(`${mock.url}/transactions/categories/${id}`, { method: 'DELETE' })).status).toBe(204);
      expect(await listed()).not.toContain(id);
      expect((await fetch(`${mock.url}/transactions/categories/${id}`, { method: 'DELETE' })).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

// record-named-in-metadata.yaml, swept above too: what the mock stores under which name.
describe('a record sent whole, named by a member of its own (Kubernetes metadata.name)', () => {
  it('is kept under metadata.name, reads back as sent, and a nameless one is named by the server', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'record-named-in-metadata.yaml'),
    });
    try {
      const widgets = `${mock.url}/apis/example.io/v1/namespaces/ns/widgets`;
      const headers = { 'content-type': 'application/json', authorization: 'dev-key' };
      const sent = { kind: 'Widget', metadata: { name: 'w1' }, revision: 0, spec: { group: 'g', labels: [] } };
      const created = await fetch(widgets, { method: 'POST', headers, body: JSON.stringify(sent) });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe('/apis/example.io/v1/namespaces/ns/widgets/w1');
      const read = await fetch(`${widgets}/w1`, { headers });
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject(sent);
      const nameless = await fetch(widgets, { method: 'POST', headers, body: JSON.stringify({ revision: 3 }) });
      const given = ((await nameless.json()) as { metadata: { name: string } }).metadata.name;
      expect(nameless.headers.get('location')).toBe(`/apis/example.io/v1/namespaces/ns/widgets/${given}`);
      const listed = (await (await fetch(widgets, { headers })).json()) as { items: { metadata: { name: string } }[] };
      expect(listed.items.map((w) => w.metadata.name)).toEqual(['w1', given]);
    } finally {
      await mock.close();
    }
  });
});

describe('a base path with a reserved character in its server variable is validated', () => {
  it('POST /bot123456:ABC-…/answerCallbackQuery: [] and {} are 400, a valid body 200', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'server-variable-reserved-chars.yaml'),
    });
    try {
      const post = (body: unknown) =>
        fetch(`${mock.url}/bot123456:ABC-DEF1234ghIkl/answerCallbackQuery`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post([])).status).toBe(400);
      expect((await post({})).status).toBe(400);
      expect((await post({ callback_query_id: 7 })).status).toBe(400);
      const valid = await post({ callback_query_id: 'q1' });
      expect(valid.status).toBe(200);
      expect(await valid.json()).toMatchObject({ ok: expect.any(Boolean), result: expect.any(Boolean) });
    } finally {
      await mock.close();
    }
  });
});

describe('answers keyed by a media type not in normal form are checked, silently', () => {
  it('application/json;charset=UTF-8: a valid answer 200, an unsatisfiable one named a document fault; nothing printed', async () => {
    const warn = vi.spyOn(console, 'warn');
    const fixtures = join(packageRoot, 'fixtures', 'constructs', 'directory');
    const valid = await start({ port: 0, spec: join(fixtures, 'media-key-not-normal-form.yaml') });
    const broken = await start({ port: 0, spec: join(fixtures, 'media-key-not-normal-form-unsatisfiable.yaml') });
    try {
      const listed = await fetch(`${valid.url}/listing_violation?limit=5`);
      expect(listed.status).toBe(200);
      expect(listed.headers.get('content-type')).toMatch(/^application\/json/);
      const created = await fetch(`${broken.url}/things`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'c' }),
      });
      // Checked against the entry: its `not: {}` admits no value, a document fault named on the answer.
      expect(created.status).toBe(201);
      expect(created.headers.get('x-mock-document-fault')).toContain('/properties/code/not: not: {} admits no value');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      await valid.close();
      await broken.close();
    }
  });
});

describe('a list of identifiers alone over records that name no identifier of their own', () => {
  it('lists each created authorisation by the id its create answered, which reads it back', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'identifiers-list-record-unnamed.yaml'),
    });
    try {
      const post = (path: string, body: unknown): Promise<Response> => postJson(mock.url, path, body);
      const { consentId } = (await (await post('/consents', { validUntil: '2027-01-01' })).json()) as {
        consentId: string;
      };
      const made: string[] = [];
      for (let i = 0; i < 2; i++) {
        const created = await post(`/consents/${consentId}/authorisations`, {});
        expect(created.status).toBe(201);
        made.push(((await created.json()) as { authorisationId: string }).authorisationId);
      }
      const listed = await fetch(`${mock.url}/consents/${consentId}/authorisations`);
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as { authorisationIds: string[] }).authorisationIds).toEqual(made);
      for (const id of made)
        expect((await fetch(`${mock.url}/consents/${consentId}/authorisations/${id}`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

// Records made under a parent the store lacks, by a create that documents no 404 (OSIsoft's
// `POST /analysistemplates/{webId}/securityentries`, 201 only): the parent is implied by them, so
// their read answers 200 as their list does (it answered 404 "No analysistemplate with webId …",
// created_resource_readable); a parent deleted since stays gone, children and all.
describe('a child made under a parent the store lacks', () => {
  it('reads back 200; under a parent deleted since, 404', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'child-created-under-unknown-parent.yaml'),
    });
    try {
      const post = (path: string, body: unknown): Promise<Response> => postJson(mock.url, path, body);
      expect((await post('/templates/W1/securityentries', { Name: 'Adrienne' })).status).toBe(201);
      expect((await fetch(`${mock.url}/templates/W1/securityentries`)).status).toBe(200);
      expect((await fetch(`${mock.url}/templates/W1/securityentries/Adrienne`)).status).toBe(200);
      const made = await post('/templates', { Name: 'T' });
      const location = made.headers.get('location') ?? '';
      expect(made.status).toBe(201);
      expect((await post(`${location}/securityentries`, { Name: 'Alfredo' })).status).toBe(201);
      expect((await fetch(`${mock.url}${location}`, { method: 'DELETE' })).status).toBe(204);
      expect((await fetch(`${mock.url}${location}/securityentries/Alfredo`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

// A made-up list in two JSON types of different shapes (va.gov/facilities: `application/geo+json`
// `features` first, `application/json` `data`): the page size is kept in the list of the entry the
// answer is written in (reflect-filters.ts, by the kernel's jsonAnswerEntry), not only in the first's.
describe('a made-up list in several JSON types', () => {
  it('keeps per_page in the entry Accept chose', async () => {
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'list-page-per-media-type.yaml'),
    });
    try {
      for (const [accept, member] of [
        ['application/json', 'data'],
        ['application/geo+json', 'features'],
      ] as const) {
        const res = await fetch(`${mock.url}/facilities?per_page=1`, { headers: { accept } });
        expect(res.status).toBe(200);
        const body = (await res.json()) as Record<string, unknown>;
        expect(Array.isArray(body[member]) && body[member].length <= 1, `${accept}: ${JSON.stringify(body)}`).toBe(
          true,
        );
      }
    } finally {
      await mock.close();
    }
  });
});

describe("an answer whose documented schema admits no value (a document fault, not the mock's)", () => {
  // britbox (a required member a closed object forbids), shipengine (a date-time held to a pattern
  // anchored on a letter), vercel (type null beside oneOf string|number), App Runner (a pattern
  // longer than maxLength): 500 "The response breaks the contract" on each. Now the documented
  // status, as generated, the proof named in a header, the journal and an event. The pair's other
  // half: a violation outside what is proven (an example breaking `count`) is still the 500.
  it('answers the documented status naming the proof; a violation elsewhere stays a 500', async () => {
    const events: MockEvent[] = [];
    const mock = await start({
      port: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'answer-schema-admits-no-value.yaml'),
      onEvent: (event) => events.push(event),
    });
    try {
      const proofs: Record<string, string> = {
        '/tokens/create': '/additionalProperties: required member "token" is not a declared property',
        '/rates/r1': '/properties/created_at/allOf/0/pattern: pattern ^se(-[a-z0-9]+)+$ begins with "s"',
        '/repos': '/properties/namespaceId/oneOf: no oneOf alternative admits a value of type null',
        '/services': '/items/properties/ServiceId/pattern: pattern [0-9a-fA-F]{8}',
      };
      for (const [path, proof] of Object.entries(proofs)) {
        const answer = await fetch(`${mock.url}${path}`);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('x-mock-document-fault'), path).toContain(proof);
      }
      const broken = await fetch(`${mock.url}/checks`, { headers: { prefer: 'example=broken' } });
      expect(broken.status).toBe(500);
      expect(broken.headers.get('x-mock-document-fault')).toBeNull();
      expect(((await broken.json()) as { message: string }).message).toContain('/response/count must be integer');
      expect(events.map((e) => e.type)).toEqual([...Object.keys(proofs).map(() => 'document-fault'), 'internal-error']);
      const journal = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as { warning?: string }[];
      expect(journal[0]?.warning).toMatch(
        /^The document's schema admits no value, answered as generated: #\/paths\/~1tokens~1create/,
      );
    } finally {
      await mock.close();
    }
  });
});

describe('a create naming the key its lists show the record under', () => {
  // figshare's collaborator invited by `user_id`, listed under `/collaborators/{user_id}`: the mock wrote
  // a key it made up over the `user_id` sent, so the invited user was listed under another id and
  // removing them by their own id was 404. What the client wrote is the key (issue 18).
  it('lists the record under the value sent, which the item path then removes', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'list-key-field-sent.yaml'),
    });
    try {
      const project = (await (await postJson(mock.url, '/projects', { title: 't' })).json()) as { id: number };
      const base = `/projects/${project.id}/collaborators`;
      expect((await postJson(mock.url, base, { role_name: 'viewer', user_id: 77 })).status).toBe(201);
      const listed = (await (await fetch(`${mock.url}${base}`)).json()) as { user_id: number }[];
      expect(listed.map((c) => c.user_id)).toEqual([77]);
      expect((await fetch(`${mock.url}${base}/77`, { method: 'DELETE' })).status).toBe(204);
    } finally {
      await mock.close();
    }
  });
});

describe('a filter value naming every value', () => {
  // mist's `status` enum `all`, `connected`, `disconnected` (default `all`) over items whose `status` is
  // a free string: `status=all` asks for every device, as leaving it out does; the mock filtered by it
  // and answered an empty list. A value the items can hold still filters.
  it('lists with status=all what it lists without it', async () => {
    const mock = await start({
      port: 0,
      records: 3,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'filter-value-naming-every-value.yaml'),
    });
    try {
      const ids = async (query: string) =>
        ((await (await fetch(`${mock.url}/devices${query}`)).json()) as { mac: string; status: string }[]).map(
          (d) => `${d.mac}:${d.status}`,
        );
      const all = await ids('');
      expect(all.length).toBeGreaterThan(0);
      expect(await ids('?status=all')).toEqual(all);
      expect(await ids('?status=connected')).toEqual(all.filter((d) => d.endsWith(':connected')));
    } finally {
      await mock.close();
    }
  });
});

describe('a url the client sends, read-only in the read', () => {
  // bunq's callback URLs: the create's body writes `url`, the read marks it readOnly. The mock's self
  // link (a read-only `url` holds the record's own address, Django REST framework's) wrote its address
  // over the URL sent; what the client wrote reads back.
  it('reads back the url sent, not the record address', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'sent-url-read-only-in-read.yaml'),
    });
    try {
      const created = await postJson(mock.url, '/callbacks', { url: 'https://client.example/hook' });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const read = (await (await fetch(`${mock.url}/callbacks/${id}`)).json()) as { url: string };
      expect(read.url).toBe('https://client.example/hook');
    } finally {
      await mock.close();
    }
  });
});

describe('a create named by its item parameter, answering no identifier', () => {
  // Twitter's bookmarks: `POST /2/users/{id}/bookmarks {tweet_id}` answers `{data: {bookmarked}}`, and
  // `DELETE …/bookmarks/{tweet_id}` removes it. The mock kept the record under a key of its own, so
  // removing the bookmark just made answered 404; the client named it by the item's parameter.
  it('removes the record at the value sent, once', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'create-named-by-item-param.yaml'),
    });
    try {
      expect(
        (await postJson(mock.url, '/users/2244994945/bookmarks', { tweet_id: '1460323737035677698' })).status,
      ).toBe(200);
      const remove = () => fetch(`${mock.url}/users/2244994945/bookmarks/1460323737035677698`, { method: 'DELETE' });
      expect((await remove()).status).toBe(200);
      expect((await remove()).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

describe('a create model apart from the read model', () => {
  // FastAPI's TaskCreate / Task, zod's ProjectCreate / Project, Nest's DTOs: `id` and `created_at` only
  // in the read model, with no readOnly. The frameworks drop a member their model does not name; the
  // mock stored the client's `id` and `created_at`, and a replace or patch rewrote them.
  it('keeps the server its id and creation time on create, replace and patch', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'create-model-apart-from-read.yaml'),
    });
    try {
      const forged = { id: 777_777, created_at: '2001-01-01T00:00:00Z' };
      const created = await postJson(mock.url, '/tasks/', { title: 'write', ...forged });
      expect(created.status).toBe(201);
      const task = (await created.json()) as { id: number; title: string; done: boolean; created_at: string };
      expect(task.id).not.toBe(forged.id);
      expect(task.created_at).not.toBe(forged.created_at);
      expect(task).toMatchObject({ title: 'write', done: false });
      expect((await fetch(`${mock.url}/tasks/${forged.id}`)).status).toBe(404);
      const send = (method: string, body: unknown) =>
        fetch(`${mock.url}/tasks/${task.id}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await send('PUT', { title: 'rewrite', done: true, ...forged })).status).toBe(200);
      expect((await send('PATCH', { title: 'again', ...forged })).status).toBe(200);
      const read = (await (await fetch(`${mock.url}/tasks/${task.id}`)).json()) as typeof task;
      expect(read).toEqual({ ...task, title: 'again', done: true });
    } finally {
      await mock.close();
    }
  });

  it('keeps what a model admitting other members is sent', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'create-model-apart-from-read.yaml'),
    });
    try {
      const created = await postJson(mock.url, '/notes', { text: 'hi', pinned: true });
      expect(created.status).toBe(201);
      const note = (await created.json()) as { id: string; pinned: boolean };
      expect(note.pinned).toBe(true);
      expect(((await (await fetch(`${mock.url}/notes/${note.id}`)).json()) as { pinned: boolean }).pinned).toBe(true);
    } finally {
      await mock.close();
    }
  });
});

describe('a collection written with a trailing slash, asked for without it', () => {
  // FastAPI's routers write `/tasks/`; Starlette answers `/tasks` with a 307 to `/tasks/` (its
  // `redirect_slashes`), and the frontend's fetch follows it. The mock answered 404.
  it('redirects 307 to the documented path, query kept, and a followed POST creates', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'create-model-apart-from-read.yaml'),
    });
    try {
      const manual = await fetch(`${mock.url}/tasks?limit=5`, { redirect: 'manual' });
      expect(manual.status).toBe(307);
      expect(manual.headers.get('location')).toBe('/tasks/?limit=5');
      const created = await postJson(mock.url, '/tasks', { title: 'followed' });
      expect(created.status).toBe(201);
      expect(((await created.json()) as { title: string }).title).toBe('followed');
      // Only towards a documented path: an item path with a slash added is no path of the document.
      expect((await fetch(`${mock.url}/tasks/1/`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${mock.url}/nothing`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

describe("a create's 404 that only what its body names can mean", () => {
  // ts-rest's `createPost` documents `404` (described "404") for an unknown `authorId`; its list does
  // not, so the collection is there and the 404 is about the author (RFC 9110 §15.5.5). A 404 on
  // every route alike (FastAPI's router-wide responses: /owners, /pets) says nothing of references.
  it('refuses a post of no author 404, keeps one of a known author, and a pet of an unknown owner', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'create-404-for-body-reference.yaml'),
    });
    try {
      expect((await postJson(mock.url, '/posts', { authorId: 424242, title: 't' })).status).toBe(404);
      const author = (await (await postJson(mock.url, '/authors', { name: 'a' })).json()) as { id: number };
      expect((await postJson(mock.url, '/posts', { authorId: author.id, title: 't' })).status).toBe(201);
      expect((await postJson(mock.url, '/pets', { ownerId: 424242, name: 'p' })).status).toBe(201);
    } finally {
      await mock.close();
    }
  });
});

describe('a list paged by skip and take', () => {
  // Prisma's and TypeORM's pair, exposed as is (ts-rest's example `getPosts`): `take` is the page size.
  it('lists `take` records from `skip`, and says both in the page', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'skip-take-paging.yaml'),
    });
    try {
      for (const text of ['a', 'b', 'c']) expect((await postJson(mock.url, '/notes', { text })).status).toBe(201);
      const page = async (query: string) => (await (await fetch(`${mock.url}/notes${query}`)).json()) as unknown;
      expect(await page('?take=2')).toMatchObject({
        total: 3,
        skip: 0,
        take: 2,
        items: [{ text: 'a' }, { text: 'b' }],
      });
      expect(await page('?skip=2&take=2')).toMatchObject({ total: 3, skip: 2, take: 2, items: [{ text: 'c' }] });
      expect(await page('')).toMatchObject({ total: 3, skip: 0, take: 20 });
    } finally {
      await mock.close();
    }
  });
});

describe('paging written as members of one object-valued query parameter (OAS 3.0.3 §4.7.12: `content`, `deepObject`)', () => {
  it('a JSON `filter` pages by its limit and skip or offset; a deepObject `pagination` by its page and pageSize', async () => {
    const mock = await start({
      port: 0,
      records: 0,
      spec: join(packageRoot, 'fixtures', 'constructs', 'directory', 'paging-in-object-parameter.yaml'),
    });
    try {
      for (const title of ['a', 'b', 'c']) {
        expect((await postJson(mock.url, '/todos', { title })).status).toBe(200);
        expect((await postJson(mock.url, '/articles', { data: { title } })).status).toBe(200);
      }
      const todos = async (filter: object): Promise<string[]> => {
        const answer = await fetch(`${mock.url}/todos?filter=${encodeURIComponent(JSON.stringify(filter))}`);
        expect(answer.status).toBe(200);
        return ((await answer.json()) as Array<{ title: string }>).map((t) => t.title);
      };
      expect(await todos({})).toEqual(['a', 'b', 'c']);
      expect(await todos({ limit: 1 })).toEqual(['a']);
      expect(await todos({ skip: 1, limit: 1 })).toEqual(['b']);
      expect(await todos({ offset: 2 })).toEqual(['c']);
      // A member that pages nothing (a where clause) leaves the page as it is.
      expect(await todos({ where: {}, limit: 2 })).toEqual(['a', 'b']);
      const articles = await fetch(`${mock.url}/articles?pagination%5Bpage%5D=2&pagination%5BpageSize%5D=1`);
      expect(articles.status).toBe(200);
      expect(((await articles.json()) as { data: Array<{ title: string }> }).data.map((a) => a.title)).toEqual(['b']);
    } finally {
      await mock.close();
    }
  });
});
