import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parse } from 'yaml';
import { fileProblem } from '../../src/contract/index.js';

/**
 * The parts of an Arazzo 1.0.x document the executor runs (Arazzo 1.0.1 §4.6).
 * Reusable components (`reference` to `$components.…`) are resolved when loaded.
 */
export interface ArazzoDocument {
  readonly arazzo: string;
  /** The file name, for reports. */
  readonly file: string;
  readonly sourceDescriptions: readonly SourceDescription[];
  readonly workflows: readonly Workflow[];
}

export interface SourceDescription {
  readonly name: string;
  readonly url: string;
  readonly type: string;
}

export interface Workflow {
  readonly workflowId: string;
  readonly summary?: string;
  /** The rule the workflow checks, in plain words (Arazzo 1.0.1 §4.6.4): a failure message states it. */
  readonly description?: string;
  readonly inputs?: Record<string, unknown>;
  readonly dependsOn: readonly string[];
  readonly parameters: readonly Parameter[];
  readonly steps: readonly Step[];
  readonly successActions: readonly Action[];
  readonly failureActions: readonly Action[];
  readonly outputs: Readonly<Record<string, string>>;
}

export interface Parameter {
  readonly name: string;
  /** path | query | header | cookie; absent only for workflow-step parameters. */
  readonly in?: string;
  readonly value: unknown;
}

export interface Criterion {
  readonly condition: string;
  readonly context?: string;
  /** simple (default) | regex | jsonpath | xpath, or an expression type object ({ type, version }). */
  readonly type: string;
}

export interface Action {
  readonly name: string;
  readonly type: 'end' | 'goto' | 'retry';
  readonly stepId?: string;
  readonly workflowId?: string;
  readonly retryAfter?: number;
  readonly retryLimit?: number;
  readonly criteria: readonly Criterion[];
}

export interface RequestBody {
  readonly contentType?: string;
  readonly payload?: unknown;
  readonly replacements: readonly { readonly target: string; readonly value: unknown }[];
}

export interface Step {
  readonly stepId: string;
  readonly description?: string;
  readonly operationId?: string;
  readonly operationPath?: string;
  readonly workflowId?: string;
  readonly parameters: readonly Parameter[];
  readonly requestBody?: RequestBody;
  readonly successCriteria: readonly Criterion[];
  readonly onSuccess: readonly Action[];
  readonly onFailure: readonly Action[];
  readonly outputs: Readonly<Record<string, string>>;
  /** Respect's `x-security` extension: credentials for a scheme of the contract, placed where it says. */
  readonly security?: readonly StepSecurity[];
}

/**
 * One entry of a step's `x-security` (the extension Redocly Respect defines for Arazzo 1.0.x, which
 * has no security of its own): a scheme of the contract by name and its values as runtime
 * expressions (`username` and `password` for basic, `token` for bearer, `apiKey` for apiKey).
 */
export interface StepSecurity {
  readonly schemeName: string;
  readonly values: Readonly<Record<string, unknown>>;
}

/** The file is not a usable Arazzo document: a clear message naming where. */
export class ArazzoError extends Error {
  override readonly name = 'ArazzoError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads and checks an Arazzo document; throws ArazzoError with the place of the first problem. */
export async function loadArazzo(path: string): Promise<ArazzoDocument> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ArazzoError(`cannot read the workflows file ${path}: ${fileProblem(error)}`);
  }
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new ArazzoError(`${path} is not valid YAML or JSON: ${(error as Error).message}`);
  }
  return parseArazzo(raw, basename(path));
}

/** Checks the shape of a parsed document (what the executor relies on) and resolves component references. */
export function parseArazzo(raw: unknown, file: string): ArazzoDocument {
  const where = (path: string, problem: string): ArazzoError => new ArazzoError(`${file}: ${path}: ${problem}`);
  if (!isObject(raw)) throw where('/', 'an Arazzo document is an object');
  const version = raw['arazzo'];
  if (typeof version !== 'string' || !/^1\.0\.\d+$/.test(version))
    throw where('/arazzo', `expected an Arazzo 1.0.x version, got ${JSON.stringify(version)}`);
  const components = isObject(raw['components']) ? raw['components'] : {};
  const deref = (value: unknown, kind: 'parameters' | 'successActions' | 'failureActions', path: string): unknown => {
    if (!isObject(value) || typeof value['reference'] !== 'string') return value;
    // Reusable Object (Arazzo 1.0.1 §4.6.19): `$components.<kind>.<name>`, with `value` overriding a parameter's.
    const m = /^\$components\.(parameters|successActions|failureActions)\.(.+)$/.exec(value['reference']);
    const group = m ? components[m[1] ?? ''] : undefined;
    const target = isObject(group) ? group[m?.[2] ?? ''] : undefined;
    if (!m || m[1] !== kind || !isObject(target)) throw where(path, `unresolvable reference ${value['reference']}`);
    return 'value' in value ? { ...target, value: value['value'] } : target;
  };
  const str = (o: Json, key: string, path: string, required = true): string | undefined => {
    const v = o[key];
    if (v === undefined && !required) return undefined;
    if (typeof v !== 'string' || v.length === 0) throw where(`${path}/${key}`, 'expected a non-empty string');
    return v;
  };
  const list = (o: Json, key: string, path: string): unknown[] => {
    const v = o[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) throw where(`${path}/${key}`, 'expected a list');
    return v;
  };
  const criterion = (v: unknown, path: string): Criterion => {
    if (!isObject(v)) throw where(path, 'a criterion is an object');
    const condition = str(v, 'condition', path) ?? '';
    const context = str(v, 'context', path, false);
    const t = v['type'];
    const type =
      t === undefined
        ? 'simple'
        : typeof t === 'string'
          ? t
          : isObject(t) && typeof t['type'] === 'string'
            ? t['type']
            : undefined;
    if (type === undefined)
      throw where(`${path}/type`, 'expected simple, regex, jsonpath, xpath or a criterion expression type object');
    if (type !== 'simple' && context === undefined)
      throw where(`${path}/context`, `a ${type} criterion needs a context (Arazzo 1.0.1 §4.6.20)`);
    return { condition, type, ...(context !== undefined ? { context } : {}) };
  };
  const outputs = (o: Json, path: string): Record<string, string> => {
    const v = o['outputs'];
    if (v === undefined) return {};
    if (!isObject(v)) throw where(`${path}/outputs`, 'expected a map of runtime expressions');
    const out: Record<string, string> = {};
    for (const [k, e] of Object.entries(v)) {
      if (typeof e !== 'string') throw where(`${path}/outputs/${k}`, 'expected a runtime expression');
      out[k] = e;
    }
    return out;
  };
  const parameter = (v: unknown, path: string): Parameter => {
    const p = deref(v, 'parameters', path);
    if (!isObject(p)) throw where(path, 'a parameter is an object');
    const name = str(p, 'name', path) ?? '';
    const location = str(p, 'in', path, false);
    if (location !== undefined && !['path', 'query', 'header', 'cookie'].includes(location))
      throw where(`${path}/in`, `unknown location "${location}"`);
    if (!('value' in p)) throw where(`${path}/value`, 'a parameter needs a value');
    return { name, value: p['value'], ...(location !== undefined ? { in: location } : {}) };
  };
  const action = (v: unknown, path: string, kind: 'successActions' | 'failureActions'): Action => {
    const a = deref(v, kind, path);
    if (!isObject(a)) throw where(path, 'an action is an object');
    const type = a['type'];
    const allowed = kind === 'successActions' ? ['end', 'goto'] : ['end', 'goto', 'retry'];
    if (typeof type !== 'string' || !allowed.includes(type))
      throw where(`${path}/type`, `expected one of ${allowed.join(', ')}`);
    const stepId = str(a, 'stepId', path, false);
    const workflowId = str(a, 'workflowId', path, false);
    if (type === 'goto' && (stepId === undefined) === (workflowId === undefined))
      throw where(path, 'a goto names exactly one of stepId and workflowId');
    const retryAfter = a['retryAfter'];
    const retryLimit = a['retryLimit'];
    if (retryAfter !== undefined && (typeof retryAfter !== 'number' || retryAfter < 0))
      throw where(`${path}/retryAfter`, 'expected a non-negative number of seconds');
    if (retryLimit !== undefined && (typeof retryLimit !== 'number' || !Number.isInteger(retryLimit) || retryLimit < 0))
      throw where(`${path}/retryLimit`, 'expected a non-negative integer');
    return {
      name: str(a, 'name', path) ?? '',
      type: type as Action['type'],
      criteria: list(a, 'criteria', path).map((c, i) => criterion(c, `${path}/criteria/${i}`)),
      ...(stepId !== undefined ? { stepId } : {}),
      ...(workflowId !== undefined ? { workflowId } : {}),
      ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
      ...(typeof retryLimit === 'number' ? { retryLimit } : {}),
    };
  };
  const sourceDescriptions = list(raw, 'sourceDescriptions', '').map((v, i): SourceDescription => {
    const path = `/sourceDescriptions/${i}`;
    if (!isObject(v)) throw where(path, 'expected an object');
    return {
      name: str(v, 'name', path) ?? '',
      url: str(v, 'url', path) ?? '',
      type: str(v, 'type', path, false) ?? 'openapi',
    };
  });
  const workflows = list(raw, 'workflows', '').map((v, i): Workflow => {
    const path = `/workflows/${i}`;
    if (!isObject(v)) throw where(path, 'a workflow is an object');
    const workflowId = str(v, 'workflowId', path) ?? '';
    const steps = list(v, 'steps', path).map((s, j): Step => {
      const sp = `${path}/steps/${j}`;
      if (!isObject(s)) throw where(sp, 'a step is an object');
      const targets = ['operationId', 'operationPath', 'workflowId'].filter((k) => s[k] !== undefined);
      if (targets.length !== 1)
        throw where(sp, 'a step names exactly one of operationId, operationPath and workflowId');
      let requestBody: RequestBody | undefined;
      if (s['requestBody'] !== undefined) {
        const b = s['requestBody'];
        if (!isObject(b)) throw where(`${sp}/requestBody`, 'expected an object');
        const replacements = list(b, 'replacements', `${sp}/requestBody`).map((r, k) => {
          if (!isObject(r) || typeof r['target'] !== 'string')
            throw where(`${sp}/requestBody/replacements/${k}`, 'a replacement has a target and a value');
          return { target: r['target'], value: r['value'] };
        });
        const contentType = str(b, 'contentType', `${sp}/requestBody`, false);
        requestBody = {
          replacements,
          ...(contentType !== undefined ? { contentType } : {}),
          ...('payload' in b ? { payload: b['payload'] } : {}),
        };
      }
      const operationId = str(s, 'operationId', sp, false);
      const operationPath = str(s, 'operationPath', sp, false);
      const stepWorkflow = str(s, 'workflowId', sp, false);
      const description = str(s, 'description', sp, false);
      const security = list(s, 'x-security', sp).map((x, k): StepSecurity => {
        const xp = `${sp}/x-security/${k}`;
        if (!isObject(x) || typeof x['schemeName'] !== 'string' || !isObject(x['values']))
          throw where(
            xp,
            'an x-security entry names a schemeName of the contract and its values (an inline scheme is not supported)',
          );
        return { schemeName: x['schemeName'], values: x['values'] };
      });
      return {
        stepId: str(s, 'stepId', sp) ?? '',
        parameters: list(s, 'parameters', sp).map((p, k) => parameter(p, `${sp}/parameters/${k}`)),
        successCriteria: list(s, 'successCriteria', sp).map((c, k) => criterion(c, `${sp}/successCriteria/${k}`)),
        onSuccess: list(s, 'onSuccess', sp).map((a, k) => action(a, `${sp}/onSuccess/${k}`, 'successActions')),
        onFailure: list(s, 'onFailure', sp).map((a, k) => action(a, `${sp}/onFailure/${k}`, 'failureActions')),
        outputs: outputs(s, sp),
        ...(operationId !== undefined ? { operationId } : {}),
        ...(operationPath !== undefined ? { operationPath } : {}),
        ...(stepWorkflow !== undefined ? { workflowId: stepWorkflow } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(requestBody ? { requestBody } : {}),
        ...(security.length > 0 ? { security } : {}),
      };
    });
    if (steps.length === 0) throw where(`${path}/steps`, 'a workflow has at least one step');
    const ids = new Set<string>();
    for (const s of steps) {
      if (ids.has(s.stepId)) throw where(`${path}/steps`, `stepId "${s.stepId}" is not unique`);
      ids.add(s.stepId);
    }
    const dependsOn = list(v, 'dependsOn', path).map((d, k) => {
      if (typeof d !== 'string') throw where(`${path}/dependsOn/${k}`, 'expected a workflowId');
      return d.replace(/^\$sourceDescriptions\.[^.]+\./, '');
    });
    const summary = str(v, 'summary', path, false);
    const description = str(v, 'description', path, false);
    return {
      workflowId,
      dependsOn,
      steps,
      parameters: list(v, 'parameters', path).map((p, k) => parameter(p, `${path}/parameters/${k}`)),
      successActions: list(v, 'successActions', path).map((a, k) =>
        action(a, `${path}/successActions/${k}`, 'successActions'),
      ),
      failureActions: list(v, 'failureActions', path).map((a, k) =>
        action(a, `${path}/failureActions/${k}`, 'failureActions'),
      ),
      outputs: outputs(v, path),
      ...(isObject(v['inputs']) ? { inputs: v['inputs'] } : {}),
      ...(summary !== undefined ? { summary } : {}),
      ...(description !== undefined ? { description } : {}),
    };
  });
  if (workflows.length === 0) throw where('/workflows', 'no workflows');
  const known = new Set<string>();
  for (const w of workflows) {
    if (known.has(w.workflowId)) throw where('/workflows', `workflowId "${w.workflowId}" is not unique`);
    known.add(w.workflowId);
  }
  for (const w of workflows) {
    for (const d of w.dependsOn)
      if (!known.has(d)) throw where(`/workflows/${w.workflowId}/dependsOn`, `unknown workflow "${d}"`);
  }
  return { arazzo: version, file, sourceDescriptions, workflows };
}
