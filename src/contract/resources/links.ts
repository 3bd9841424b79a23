/**
 * A link parameter's runtime expression (OAS 3.0.3 §4.7.20.4), as far as the resource model reads
 * one: a field of the response body (`$response.body#/id`, a JSON pointer, RFC 6901) or a response
 * header (`$response.header.Location`). Anything else (`$request…`, constants) is undefined.
 */
export type LinkSource =
  | { readonly from: 'body'; readonly pointer: readonly string[] }
  | { readonly from: 'header'; readonly name: string };

export function linkSource(expression: unknown): LinkSource | undefined {
  if (typeof expression !== 'string') return undefined;
  const body = /^\$response\.body#\/(.+)$/.exec(expression);
  // RFC 6901 §4: `~1` is `/`, `~0` is `~`, in that order.
  if (body?.[1])
    return { from: 'body', pointer: body[1].split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')) };
  const header = /^\$response\.header\.(.+)$/i.exec(expression);
  if (header?.[1]) return { from: 'header', name: header[1] };
  return undefined;
}

/** The top-level body field a link expression names (`$response.body#/id` → `id`; `#/data/id` → `data`). */
export function linkedField(expression: unknown): string | undefined {
  const source = linkSource(expression);
  return source?.from === 'body' ? source.pointer[0] : undefined;
}
