/**
 * A path key that carries a query (`/rest?method=flickr.photos.getInfo`, `/ssd?request=GetDisplay`):
 * OAS paths are RFC 3986 paths and the specification's maintainers read a `?` in a key as outside it
 * (OAI/OpenAPI-Specification#2438), yet directories write one to tell apart operations on one path.
 * What such a document means is that query, on every request of the operation: it is sent first,
 * and the operation's own query parameters after it with `&` (RFC 3986 §3.4: one query per URI; a
 * second `?` would fold every parameter into the key's last value).
 */
export function withQuery(filledPath: string, query: string): string {
  const at = filledPath.indexOf('?');
  if (at < 0) return query ? `${filledPath}?${query}` : filledPath;
  const own = filledPath.slice(at + 1);
  const joined = [own, query].filter((part) => part !== '').join('&');
  return joined ? `${filledPath.slice(0, at)}?${joined}` : filledPath.slice(0, at);
}
