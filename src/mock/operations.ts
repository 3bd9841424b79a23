import type { Contract, Operation } from '../contract/index.js';
import { HttpError } from './errors.js';

export type RouteMatch =
  | { readonly kind: 'operation'; readonly operation: Operation; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method-not-allowed'; readonly allow: string }
  | { readonly kind: 'unknown-path' };

interface CompiledPath {
  readonly template: string;
  readonly regexp: RegExp;
  readonly names: readonly string[];
  readonly byMethod: ReadonlyMap<string, Operation>;
  readonly allow: string;
}

/**
 * Finds the contract operation of a request. A path matches exactly as the contract writes it:
 * case-sensitive and without a trailing slash (RFC 3986 §6.2.2.1: the path is case-sensitive), so
 * `/PETS` and `/pets/1/` are 404 like any other path the contract does not name. Literal paths
 * are tried before templated ones.
 */
export class OperationMatcher {
  private readonly paths: readonly CompiledPath[];

  constructor(contract: Contract) {
    const grouped = new Map<string, Operation[]>();
    for (const op of contract.operations) grouped.set(op.path, [...(grouped.get(op.path) ?? []), op]);
    this.paths = [...grouped.entries()]
      .map(([template, ops]) => {
        const names: string[] = [];
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const m = /^\{([^}]+)\}$/.exec(part);
            if (m) {
              names.push(m[1]!);
              return '([^/]+)';
            }
            return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          })
          .join('');
        return {
          template,
          regexp: new RegExp(`^${source}$`),
          names,
          byMethod: new Map(ops.map((op) => [op.method.toUpperCase(), op])),
          // RFC 9110 §10.2.1: Allow lists the methods the target resource supports.
          allow: ops.map((op) => op.method.toUpperCase()).join(', '),
        };
      })
      .sort((a, b) => a.names.length - b.names.length);
  }

  match(method: string, path: string): RouteMatch {
    for (const compiled of this.paths) {
      const m = compiled.regexp.exec(path);
      if (!m) continue;
      const operation = compiled.byMethod.get(method.toUpperCase());
      if (!operation) return { kind: 'method-not-allowed', allow: compiled.allow };
      const params: Record<string, string> = {};
      try {
        compiled.names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1]!);
        });
      } catch {
        throw new HttpError(400, 'validation_failed', `The path ${path} is not correctly percent-encoded.`);
      }
      return { kind: 'operation', operation, params };
    }
    return { kind: 'unknown-path' };
  }

  allowFor(path: string): string | undefined {
    return this.paths.find((p) => p.regexp.test(path))?.allow;
  }
}
