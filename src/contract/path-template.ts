/**
 * The path a Paths Object key names (OAS 3.0.3 §4.7.8): without a fragment (never sent, RFC 3986
 * §3.5) and with its template parameters unnamed, `/Files/{FileId}` and `/Files/{FolderId}` both
 * `/Files/{}`. "Templated paths with the same hierarchy but different templated names MUST NOT exist
 * as they are identical": both halves read two such keys as one path, one resource.
 */
export function samePath(template: string): string {
  return template.split('#')[0]!.replace(/\{[^}]+\}/g, '{}');
}

/**
 * The path a Paths Object key sends: the key without its fragment. A fragment is never part of a
 * request (RFC 3986 §3.5); directories write one to tell apart operations on one path
 * (`/profilingGroups#clientToken`, `/#Action=BuildSuggesters`), and a URL built from the whole key
 * would carry the query string after the `#`, where no server sees it.
 */
export function requestPath(template: string): string {
  return template.split('#')[0]!;
}

/**
 * The path a key names for the resource model: its request path without a trailing slash, so
 * that `/tasks/` (FastAPI's routers, Django REST) and `/profilingGroups#clientToken` (a fragment,
 * never sent) name the collection whose items are `/tasks/{task_id}` and `/profilingGroups/{name}`.
 */
export function resourcePath(template: string): string {
  const path = requestPath(template);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Which of two path templates a router tries first, where both could match one request: fewer
 * segments that are one expression alone, then fewer expressions, then more literal text. A segment
 * with literal text beside its expressions is the more specific one, so `/v1/{resource}:setIamPolicy`
 * (a custom method, Google's AIP-136) comes before `/v1/{name}`, and `/Section/{sectionId},{step}`
 * (two expressions in one segment, RFC 6570 §2.2) before `/Section/{sectionId}`, whose one parameter
 * would otherwise take `x:setIamPolicy` or `748,579`. OAS 3.0.3 §4.7.8 only orders concrete paths
 * before templated ones; this extends that to partly concrete segments.
 */
export function bySpecificity(a: string, b: string): number {
  return (
    bareSegments(a) - bareSegments(b) || expressionCount(a) - expressionCount(b) || literalLength(b) - literalLength(a)
  );
}

const EXPRESSION = /\{[^}]+\}/g;
const bareSegments = (template: string): number =>
  template.split('/').filter((segment) => segment.startsWith('{') && segment.indexOf('}') === segment.length - 1)
    .length;
const expressionCount = (template: string): number => (template.match(EXPRESSION) ?? []).length;
const literalLength = (template: string): number => template.replace(EXPRESSION, '').length;

/** One member a key's query or fragment asks of the request. */
export interface KeySelector {
  readonly name: string;
  /** The value it must have; undefined where any value does. */
  readonly value: string | undefined;
  /**
   * The parameter a templated value names (weatherbit's `/alerts?lat={lat}&lon={lon}`, `lat`
   * declared `in: path`): the member carries that parameter's value, whatever it is (RFC 6570 §3.2.1).
   */
  readonly param?: string;
}

/**
 * The `name=value` (or `name`) pairs a key's query and fragment ask of the request
 * (`/rest?method=flickr.test.echo`, `/#Action=BuildSuggesters`). The query is read as the request's
 * is (URLSearchParams: percent-decoded, `+` a space); the fragment as written. A value that is one
 * template expression (`lat={lat}`) asks for the member, any value, and names the parameter it fills.
 */
export function selectorsOf(key: string): KeySelector[] {
  const hash = key.indexOf('#');
  const beforeHash = hash < 0 ? key : key.slice(0, hash);
  const query = beforeHash.includes('?') ? beforeHash.slice(beforeHash.indexOf('?') + 1) : '';
  const fragment = hash < 0 ? '' : key.slice(hash + 1);
  const fromQuery = query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const [[name, value]] = [...new URLSearchParams(part)] as [[string, string]];
      const param = /^\{([^{}]+)\}$/.exec(value)?.[1];
      if (param !== undefined) return { name, value: undefined, param };
      return { name, value: part.includes('=') ? value : undefined };
    });
  const fromFragment = fragment
    .split('&')
    .filter((part) => part !== '')
    .map((part) =>
      part.includes('=')
        ? { name: part.slice(0, part.indexOf('=')), value: part.slice(part.indexOf('=') + 1) }
        : { name: part, value: undefined },
    );
  return [...fromQuery, ...fromFragment];
}
