import { fail, pass, skip, type Check } from './types.js';
import { sameId } from './util.js';

/** RFC 9110 §9.3.5: after a successful DELETE the resource is gone: reads get 404 (or 410). */
export const useAfterDelete: Check = {
  name: 'use_after_delete',
  needs: ['positive', 'read_after_delete'],
  explainedBy: 'read_after_delete',
  description:
    "After a successful DELETE of a resource the run created: reads it again (the GET on the same path, else the list of the collection). Fails when it is still readable or listed (anything but 404/410). Not read where the GET's own path parameter refuses the value deleted under (an integer `{id}` read beside a string one deleted), with the reason.",
  appliesTo: (operation) => operation.method === 'delete' && operation.parameters.some((p) => p.in === 'path'),
  judge: (exchange) => {
    const response = exchange.response;
    if (exchange.kind !== 'read_after_delete' || !response) return undefined;
    const ctx = exchange.context;
    if (ctx.listedIds) {
      const listed = ctx.listedIds.some((id) => sameId(id, ctx.resourceId));
      // A list documented by example alone (one page of fixed records, no schema: follow-ups.ts
      // undescribedList) cannot tell that the deleted record is still among them: the id shown may be
      // the example's own (OAS 3.0.3 §4.7.10: an example illustrates, it does not list the store).
      if (listed && ctx.listUndescribed !== undefined)
        return skip(`whether ${JSON.stringify(ctx.resourceId)} is still listed cannot be told: ${ctx.listUndescribed}`);
      return listed ? fail(`deleted id ${JSON.stringify(ctx.resourceId)} is still listed`) : pass;
    }
    if (response.status === 404 || response.status === 410) return pass;
    return fail(
      `reading deleted resource ${JSON.stringify(ctx.resourceId)} answered ${response.status} instead of 404`,
    );
  },
};
