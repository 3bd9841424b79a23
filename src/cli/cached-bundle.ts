import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';

/**
 * Loads a CLI from its one-file CommonJS bundle (scripts/bundle-cli.js writes it to `dist`/bundle at
 * every build) with V8's code cache, as v8-compile-cache does for CommonJS: Node 20 has no compile
 * cache of its own, and finding, reading and compiling the ~500 modules the mock imports, one by one,
 * was most of its start-up. The cache is V8's compiled code of the bundle, written once the first
 * answer has run (so the functions compiled lazily on the way are in it) and kept under
 * node_modules/.cache, keyed by the bundle's size and time and by Node's version and architecture.
 *
 * Returns undefined when the bundle is missing or older than the last tsc build (the caller then
 * imports dist/ as before: same code, unbundled). A cache V8 rejects or that cannot be read or
 * written only costs the speed-up, silently.
 */
export function loadBundle<T>(dist: string, name: string): LoadedBundle<T> | undefined {
  const file = join(dist, 'bundle', `${name}.cjs`);
  const bundle = statOf(file);
  if (bundle === undefined) return undefined;
  // tsc writes dist/.tsbuildinfo at every build that changed an output; a bundle older than it is stale.
  // An installed package has no .tsbuildinfo (package.json "files" leaves it out): its bundle is its build.
  const tsc = statOf(join(dist, '.tsbuildinfo'));
  if (tsc !== undefined && tsc.mtimeMs > bundle.mtimeMs) return undefined;

  // ASCII by construction (scripts/bundle-cli.js checks it): latin1 needs no decoding, and V8 keeps it one byte a character.
  const source = readFileSync(file, 'latin1');
  // V8 checks its version and flags and the source's length, not its text: the bundle's time and size stand for it.
  const key = `${process.version}-${process.arch}-${bundle.size}-${Math.round(bundle.mtimeMs)}`;
  const cacheFile = join(dist, '..', 'node_modules', '.cache', 'petstore-contract-kit', `${name}@${key}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The CommonJS wrapper Node itself puts around a module, so the bundle sees the usual free variables.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    // A few packages still import() a built-in (json-schema-ref-parser reads files through `import('fs')`).
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cache = cachedData === undefined ? 'absent' : script.cachedDataRejected === true ? 'rejected' : 'used';
  const saveCache = cache === 'used' ? () => undefined : cacheWriter(script, cacheFile);
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
  ) => void;
  run(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, cache, cacheFile, saveCache };
}

export interface LoadedBundle<T> {
  /** What the bundle's entry exports. */
  readonly exports: T;
  /** Whether V8 compiled the bundle from the cache ('used'), had none, or refused the one it found. */
  readonly cache: 'used' | 'absent' | 'rejected';
  /** Where the cache is (or will be written after the first answer, when it was not used). */
  readonly cacheFile: string;
  /**
   * Writes the cache now if it was not used and is not written yet. V8 refuses a cache written under
   * other V8 flags than the reader's: a host about to change a flag calls this first.
   */
  saveCache(): void;
}

function statOf(path: string): { readonly size: number; readonly mtimeMs: number } | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache once: after the first answer has been written (diagnostics channel of node:http),
 * when the code that answer ran is compiled and alive and so in the cache, or when the host asks
 * first. Written to a temporary name and renamed, so a process starting meanwhile reads a whole
 * file or none.
 */
function cacheWriter(script: Script, cacheFile: string): () => void {
  const channel = 'http.server.response.finish';
  let written = false;
  const save = (): void => {
    if (written) return;
    written = true;
    unsubscribe(channel, onFinish);
    try {
      mkdirSync(dirname(cacheFile), { recursive: true });
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
      // Caches of earlier bundles or Node versions are dead weight.
      const prefix = `${basename(cacheFile).split('@')[0]}@`;
      for (const old of readdirSync(dirname(cacheFile)))
        if (old.startsWith(prefix) && old !== basename(cacheFile))
          rmSync(join(dirname(cacheFile), old), { force: true });
    } catch {
      // A read-only install: no cache, the same code compiled at every start.
    }
  };
  // After the answer's own work (the response is finished, its callbacks may still run).
  const onFinish = (): void => void setImmediate(save).unref();
  subscribe(channel, onFinish);
  return save;
}
