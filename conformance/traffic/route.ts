import type { Contract, Operation } from '../../src/contract/index.js';

/** The operation a request names, with its path parameters as sent (still percent-encoded). */
export interface Route {
  readonly op: Operation;
  readonly pathParams: Readonly<Record<string, string>>;
}

interface Template {
  readonly op: Operation;
  readonly regex: RegExp;
  readonly names: readonly string[];
  /** Literal characters: OAS 3.0.3 §4.7.8 "concrete paths are matched before templated ones". */
  readonly literal: number;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function template(op: Operation): Template {
  const path = op.path.split('#')[0] ?? op.path;
  const names: string[] = [];
  let literal = 0;
  const source = path
    .split(/(\{[^}]+\})/)
    .map((piece) => {
      const m = /^\{([^}]+)\}$/.exec(piece);
      if (m) {
        names.push(m[1] ?? '');
        return '([^/]+)';
      }
      literal += piece.length;
      return escapeRegExp(piece);
    })
    .join('');
  return { op, regex: new RegExp(`^${source}/?$`), names, literal };
}

/** The path of each `servers` entry (variables at their defaults), longest first, then '' (served at the root). */
export function serverPaths(contract: Contract): string[] {
  const paths = new Set<string>([contract.basePath.replace(/\/+$/, '')]);
  for (const server of contract.document.servers ?? []) {
    const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '');
    try {
      paths.add(new URL(url, 'http://server.invalid').pathname.replace(/\/+$/, ''));
    } catch {
      /* a server URL that does not parse names no path */
    }
  }
  paths.add('');
  return [...paths].sort((a, b) => b.length - a.length);
}

/**
 * Finds the operation of a request by method and path (OAS 3.0.3 §4.7.8-9): the path with a
 * server's base path removed, matched against the templates, concrete ones first. HEAD falls back
 * to the path's GET (RFC 9110 §9.3.2: the same answer without content).
 */
export class Router {
  private readonly templates: readonly Template[];
  private readonly prefixes: readonly string[];

  constructor(contract: Contract, prefixes: readonly string[] = []) {
    this.templates = contract.operations.map(template).sort((a, b) => b.literal - a.literal);
    const extra = prefixes.map((p) => p.replace(/\/+$/, '')).filter((p) => p !== '');
    this.prefixes = [
      ...new Set([...extra.flatMap((p) => serverPaths(contract).map((s) => `${p}${s}`)), ...serverPaths(contract)]),
    ].sort((a, b) => b.length - a.length);
  }

  /** The route, or why there is none (for the report's list of requests outside the contract). */
  match(method: string, pathname: string): Route | { readonly reason: string } {
    const m = method.toLowerCase();
    let pathKnown = false;
    for (const prefix of this.prefixes) {
      if (prefix && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) continue;
      const rest = pathname.slice(prefix.length) || '/';
      const onPath = this.templates.map((t) => ({ t, hit: t.regex.exec(rest) })).filter((x) => x.hit !== null);
      if (onPath.length === 0) continue;
      pathKnown = true;
      const pick =
        onPath.find((x) => x.t.op.method === m) ??
        (m === 'head' ? onPath.find((x) => x.t.op.method === 'get') : undefined);
      if (!pick?.hit) continue;
      const pathParams: Record<string, string> = {};
      for (const [i, name] of pick.t.names.entries()) pathParams[name] = pick.hit?.[i + 1] ?? '';
      return { op: pick.t.op, pathParams };
    }
    return {
      reason: pathKnown ? `${method.toUpperCase()} is not documented on this path` : 'no path of the contract matches',
    };
  }
}
