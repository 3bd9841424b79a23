import type { Contract, Operation } from '../contract/index.js';
import { samePath } from '../contract/index.js';
import { HttpError } from './errors.js';

export type RouteMatch =
  | { readonly kind: 'operation'; readonly operation: Operation; readonly params: Readonly<Record<string, string>>; readonly head?: boolean }
  | { readonly kind: 'options'; readonly allow: string }
  | { readonly kind: 'method-not-allowed'; readonly allow: string }
  | { readonly kind: 'unknown-path' };

interface CompiledPath {
  readonly template: string;
  readonly regexp: RegExp;
  /** Each method's operation, with the names its own template gives the parameters. */
  readonly byMethod: ReadonlyMap<string, { readonly operation: Operation; readonly names: readonly string[] }>;
  readonly allow: string;
  /** Allow for OPTIONS: the documented methods, HEAD beside GET, and OPTIONS itself. */
  readonly allowAll: string;
}

/**
 * Finds the contract operation of a request. A path matches exactly as the contract writes it:
 * case-sensitive and without a trailing slash (RFC 3986 §6.2.2.1: the path is case-sensitive), so
 * `/PETS` and `/pets/1/` are 404 like any other path the contract does not name. Literal paths
 * are tried before templated ones.
 */
export class OperationMatcher {
  private readonly paths: readonly CompiledPath[];
  /** The base path of the contract's `servers` (OAS 3.0.3 §4.7.5); paths are served under it. */
  private readonly basePath: string;

  constructor(contract: Contract) {
    this.basePath = contract.basePath;
    const grouped = new Map<string, Operation[]>();
    // A fragment in a path key (`/files/{id}#get_shared_link`) is never sent (RFC 3986 §3.5), and
    // templates that differ only in their parameters' names (`/Files/{FileId}`, `/Files/{FolderId}`)
    // are the same path (OAS 3.0.3 §4.7.8 forbids them; Xero writes them): their operations are
    // served together, the ones written first (and without a fragment) first.
    const byFragment = [...contract.operations].sort((a, b) => Number(a.path.includes('#')) - Number(b.path.includes('#')));
    for (const op of byFragment) {
      const shape = samePath(op.path);
      const ops = grouped.get(shape) ?? [];
      if (!ops.some((o) => o.method === op.method)) grouped.set(shape, [...ops, op]);
    }
    this.paths = [...grouped.values()]
      .map((ops) => {
        const template = ops[0]!.path.split('#')[0]!;
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => (/^\{([^}]+)\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        const namesOf = (op: Operation): string[] => [...op.path.split('#')[0]!.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
        return {
          template,
          regexp: new RegExp(`^${source}$`),
          byMethod: new Map(ops.map((op) => [op.method.toUpperCase(), { operation: op, names: namesOf(op) }])),
          // RFC 9110 §10.2.1: Allow lists the methods the target resource supports.
          allow: ops.map((op) => op.method.toUpperCase()).join(', '),
          allowAll: allowAll(ops.map((op) => op.method.toUpperCase())),
        };
      })
      // Fewer parameters first, then more literal text: `/v1/{resource}:setIamPolicy` (a custom
      // method, Google's AIP-136) before `/v1/{name}`, whose parameter would otherwise take `x:setIamPolicy`.
      .sort((a, b) => paramCount(a.template) - paramCount(b.template) || literalLength(b.template) - literalLength(a.template));
  }

  /** The request path without the base path; undefined when it is outside the base path. */
  private local(path: string): string | undefined {
    if (this.basePath === '') return path;
    if (path === this.basePath) return '/';
    return path.startsWith(`${this.basePath}/`) ? path.slice(this.basePath.length) : undefined;
  }

  match(method: string, fullPath: string): RouteMatch {
    const path = this.local(fullPath);
    if (path === undefined) return { kind: 'unknown-path' };
    for (const compiled of this.paths) {
      const m = compiled.regexp.exec(path);
      if (!m) continue;
      const upper = method.toUpperCase();
      let found = compiled.byMethod.get(upper);
      // RFC 9110 §9.3.2: HEAD is GET without the body, wherever GET is served.
      const head = !found && upper === 'HEAD' && compiled.byMethod.has('GET');
      if (head) found = compiled.byMethod.get('GET');
      // RFC 9110 §9.3.7: OPTIONS describes the resource; answered here unless the contract defines it.
      if (!found && upper === 'OPTIONS') return { kind: 'options', allow: compiled.allowAll };
      if (!found) return { kind: 'method-not-allowed', allow: compiled.allow };
      const { operation, names } = found;
      const params: Record<string, string> = {};
      try {
        names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1]!);
        });
      } catch {
        throw new HttpError(400, 'validation_failed', `The path ${path} is not correctly percent-encoded.`);
      }
      return head ? { kind: 'operation', operation, params, head } : { kind: 'operation', operation, params };
    }
    return { kind: 'unknown-path' };
  }

  allowFor(fullPath: string): string | undefined {
    const path = this.local(fullPath);
    return path === undefined ? undefined : this.paths.find((p) => p.regexp.test(path))?.allow;
  }

  /** Where the contract's paths are served, for a 404 outside it. */
  get base(): string {
    return this.basePath;
  }
}

/** The path a template names (kept here for the mock's modules; the rule is the kernel's). */
export { samePath };

const paramCount = (template: string): number => (template.match(/\{[^}]+\}/g) ?? []).length;
const literalLength = (template: string): number => template.replace(/\{[^}]+\}/g, '').length;

function allowAll(methods: readonly string[]): string {
  const all = [...methods];
  if (all.includes('GET') && !all.includes('HEAD')) all.push('HEAD');
  if (!all.includes('OPTIONS')) all.push('OPTIONS');
  return all.join(', ');
}
