import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';

/** Credentials the runner was given, offered to workflows as inputs (never written into reports). */
export interface WorkflowCredentials {
  readonly apiKey?: string | undefined;
  readonly bearer?: string | undefined;
  readonly basic?: { readonly user: string; readonly password: string } | undefined;
  /** Values by security scheme name: an input named like a scheme of the contract takes its value. */
  readonly byScheme?: Readonly<Record<string, string>> | undefined;
}

/** The check name of a workflow's result. */
export const workflowCheckName = (workflowId: string): string => `workflow:${workflowId}`;

/** Whether a --checks / --skip-checks name selects workflows: `workflow:<id>` or `workflow:*`. */
export const isWorkflowCheckName = (name: string): boolean => /^workflow:.+$/.test(name);

/**
 * The workflows files to run when --workflows is not given (PRODUCT.md §4): the
 * bundled `petstore.arazzo.yaml` for the bundled contract; otherwise the
 * `<contract name>.arazzo.yaml` beside the contract, else every `*.arazzo.yaml`
 * beside it; none when there is none.
 */
export function defaultWorkflowFiles(specPath: string, bundledSpecPath: string): string[] {
  const spec = resolve(specPath);
  if (spec === resolve(bundledSpecPath)) {
    const bundled = join(dirname(spec), 'petstore.arazzo.yaml');
    return existsSync(bundled) ? [bundled] : [];
  }
  const dir = dirname(spec);
  const stem = basename(spec, extname(spec));
  for (const ext of ['.arazzo.yaml', '.arazzo.yml', '.arazzo.json']) {
    const candidate = join(dir, `${stem}${ext}`);
    if (existsSync(candidate)) return [candidate];
  }
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => /\.arazzo\.ya?ml$/.test(n))
    .sort()
    .map((n) => join(dir, n));
}

/** The --workflows / --no-workflows flags as the CLI parsed them. */
export interface WorkflowFlags {
  readonly files: readonly string[] | undefined;
  readonly disabled: boolean;
}

/** The workflows files a run uses: none with --no-workflows, the given ones, else the defaults. */
export function workflowFilesFor(flags: WorkflowFlags, specPath: string, bundledSpecPath: string): string[] {
  if (flags.disabled) return [];
  if (flags.files && flags.files.length > 0) return [...flags.files];
  return defaultWorkflowFiles(specPath, bundledSpecPath);
}
