import type { Page, PageRequest } from '../store/types.js';
import { parameterDefault, queryInteger } from './input.js';
import type { HandlerInput, Reply } from './types.js';

export function readPage(input: HandlerInput): PageRequest {
  return {
    limit: queryInteger(input, 'limit') ?? parameterDefault(input, 'limit') ?? 20,
    offset: queryInteger(input, 'offset') ?? parameterDefault(input, 'offset') ?? 0,
  };
}

/**
 * A page of a list: the total in `X-Total-Count`, the neighbouring pages in `Link` (RFC 8288
 * §3, relative references, `rel="next"` / `rel="prev"`), absent when there are none. The links
 * keep the request's filters.
 */
export function listReply<T>(input: HandlerInput, page: Page<T>, request: PageRequest): Reply {
  const links: string[] = [];
  const href = (offset: number): string => {
    const query = new URLSearchParams(input.query);
    query.set('limit', String(request.limit));
    query.set('offset', String(offset));
    return `<${input.path}?${query.toString()}>`;
  };
  if (request.offset + request.limit < page.total) links.push(`${href(request.offset + request.limit)}; rel="next"`);
  if (request.offset > 0)
    links.push(`${href(Math.max(0, Math.min(request.offset, page.total) - request.limit))}; rel="prev"`);
  const headers: Record<string, string> = { 'X-Total-Count': String(page.total) };
  if (links.length > 0) headers['Link'] = links.join(', ');
  return { status: 200, body: page.items, headers };
}

/** `Location` of a created resource (RFC 9110 §10.2.2), relative to the base address. */
export function created(input: HandlerInput, id: number, body: unknown): Reply {
  return { status: 201, body, headers: { Location: `${input.path.replace(/\/+$/, '')}/${id}` } };
}
