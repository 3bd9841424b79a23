import { isCreate, lowered, type Operation } from '../../src/contract/index.js';
import { isRecord } from '../cases/schema.js';
import { documentedResponse, isJsonMediaType } from '../../src/contract/index.js';
import { fail, pass, skip, type Check } from './types.js';
import { pastSunset, sameId, sameValue } from './util.js';

/** Whether the read's documented JSON answer for a status is a scalar (a string, number or boolean schema). */
function scalarRead(reader: Operation | undefined, status: number): boolean {
  const documented = reader ? documentedResponse(reader.responses, status) : undefined;
  const media = Object.entries(documented?.response.content ?? {}).find(([type]) => isJsonMediaType(type))?.[1];
  const schema = media?.schema && !('$ref' in media.schema) ? lowered(media.schema) : undefined;
  return (
    schema?.type === 'string' || schema?.type === 'number' || schema?.type === 'integer' || schema?.type === 'boolean'
  );
}

/** State: what was created (or replaced) is read back equal, and a created resource is listed. */
export const createdResourceReadable: Check = {
  name: 'created_resource_readable',
  needs: ['positive', 'read_back', 'list_back'],
  explainedBy: 'read_back',
  description:
    'After a successful create: reads the resource back (the OpenAPI `links` of the 201, else the Location) and lists the collection (walking pages). After a successful replace (PUT): reads it back. Fails when the read is not 2xx, when a field sent differs from the one read (date-times compared as instants), or when the new id is not listed. A read whose GET documents no content or no JSON (text/plain), or whose answer holds none of the fields sent (a list, a scalar, any value), is held only to its 2xx; where the read wraps the record in its one object member beside members of its own (`{status_code, status, data}`), the fields are compared inside that member; where the read takes paging parameters, a list sent is held to have each member listed in the window read, not to equal it; a read whose own path parameter refuses the value written under is not sent, with the reason; the list is not judged where its answer holds no list of items and its schema shows none (an object keyed by id written as one literal member).',
  appliesTo: (operation, checkCtx) =>
    isCreate(operation, checkCtx.contract) ||
    (operation.method === 'put' && operation.parameters.some((p) => p.in === 'path')),
  judge: (exchange, _operation, checkCtx) => {
    const response = exchange.response;
    if (!response) return undefined;
    const ctx = exchange.context;
    if (exchange.kind === 'list_back') {
      const listed = ctx.listedIds ?? [];
      if (response.status < 200 || response.status > 299)
        return fail(`listing the collection answered ${response.status}`);
      // An answer whose schema holds no list of items (no array, nor one member wrapping one) names no
      // listed identifiers: whether the new one is among them cannot be told, and response_schema
      // holds the answer to its schema.
      if (ctx.listUnreadable === true)
        return skip(
          `the list answer holds no list of items (no array member): whether ${JSON.stringify(ctx.resourceId)} is listed cannot be told`,
        );
      // Items whose schema names no field for the identifier (the contract leaves which one carries
      // it unsaid) show no listed id to look for; one that is listed anyway passes.
      if (ctx.listUnnamed !== undefined && !listed.some((id) => sameId(id, ctx.resourceId)))
        return skip(`whether ${JSON.stringify(ctx.resourceId)} is listed cannot be told: ${ctx.listUnnamed}`);
      return listed.some((id) => sameId(id, ctx.resourceId))
        ? pass
        : fail(
            `created id ${JSON.stringify(ctx.resourceId)} is not listed (${listed.length} items over ${ctx.pagesWalked ?? 1} page(s))`,
          );
    }
    if (exchange.kind !== 'read_back') return undefined;
    const what = ctx.after === 'replace' ? 'replaced' : 'created';
    const reader = exchange.requestedOperationId
      ? checkCtx.contract.operationsById.get(exchange.requestedOperationId)
      : undefined;
    if (response.status === 410 && reader && pastSunset(reader, response))
      return skip(`${reader.id} is past its sunset (410); the list was checked instead`);
    if (response.status < 200 || response.status > 299)
      return fail(`reading the ${what} resource ${JSON.stringify(ctx.resourceId)} answered ${response.status}`);
    // The read is held to what its GET documents for that status (OAS 3.0.3 §4.7.17): no content, or
    // only text/plain, has no fields to compare, and a 2xx is all it can show.
    const documented = reader ? documentedResponse(reader.responses, response.status) : undefined;
    if (documented && !Object.keys(documented.response.content ?? {}).some(isJsonMediaType)) return pass;
    let body: unknown;
    try {
      body = JSON.parse(response.body) as unknown;
    } catch {
      return fail(`reading the ${what} resource gave a body that is not JSON`);
    }
    // A replace of a whole list (`PUT /commands` with an array, Discord's bulk overwrite) reads back
    // a list: there are no fields to compare, and its shape is response_schema's business.
    // So does any read that holds none of the fields sent (expectedFields found none in its schema),
    // whatever it answers: Orthanc's `GET /modalities/{id}` is documented as any value ("List of the
    // available operations") after `PUT /modalities/{id}` wrote the modality.
    if (!isRecord(body) && Object.keys(ctx.expectedFields ?? {}).length === 0) return pass;
    // A read documented to answer a scalar (signl4's `GET /webhooks/{webhookId}`: `{type: string}`)
    // holds none of the fields sent (expectedFields found none in its schema): its 2xx is all it can
    // show, and whether the scalar fits is response_schema's business.
    if (!isRecord(body) && !Array.isArray(body) && body !== null && scalarRead(reader, response.status)) return pass;
    if (!isRecord(body)) return fail(`reading the ${what} resource gave ${JSON.stringify(body)}, not an object`);
    // The expected fields leave out what the read's schema cannot hold as sent (execute/follow-ups.ts,
    // expectedFields: OAS 3.0.3 §4.7.17); the answer itself is still held to that schema by response_schema.
    const problems: string[] = [];
    // A list read through a paged read is one window of it (ctx.pagedRead): each member sent is to be
    // listed there, whatever else the window holds (an add-or-edit batch keeps the members before it).
    const same = (sent: unknown, read: unknown): boolean =>
      ctx.pagedRead === true && Array.isArray(sent) && Array.isArray(read)
        ? sent.every((member) => read.some((listed) => sameValue(member, listed)))
        : sameValue(sent, read);
    for (const [field, sent] of Object.entries(ctx.expectedFields ?? {})) {
      if (!same(sent, body[field]))
        problems.push(`${field}: sent ${JSON.stringify(sent)}, read ${JSON.stringify(body[field])}`);
    }
    return problems.length > 0 ? fail(`the ${what} resource reads back different: ${problems.join('; ')}`) : pass;
  },
};
