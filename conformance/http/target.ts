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

/**
 * A path key without the members of its query that name a query parameter of the operation by
 * themselves (medium.com's `/search/articles?query={query}`, `query` declared `in: query`): the
 * expression is the parameter's value (RFC 6570 §3.2.1), which the operation's own query
 * parameters send in their declared style, or leave out where a request omits it. Written as it
 * stands, `{query}` went as a literal value beside the parameter's. Members naming a path
 * parameter (weatherbit's `?lat={lat}`, `lat` declared `in: path`) are filled as the path is.
 */
export function withoutQueryParameterMembers(key: string, isQueryParameter: (name: string) => boolean): string {
  const at = key.indexOf('?');
  if (at < 0) return key;
  const kept = key
    .slice(at + 1)
    .split('&')
    .filter((member) => {
      const m = /^([^=]+)=\{([^{}]+)\}$/.exec(member);
      return !(m && m[1] === m[2] && isQueryParameter(m[2]!));
    });
  return kept.length > 0 ? `${key.slice(0, at)}?${kept.join('&')}` : key.slice(0, at);
}
