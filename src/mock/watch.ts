import { unwatchFile, watchFile, type Stats } from 'node:fs';

/**
 * Calls `onChange` when the file's modification time changes. Polling (`fs.watchFile`) follows
 * editors that save by replacing the file, which `fs.watch` loses. It never keeps the process
 * alive, and stops when `signal` aborts. Calls are serialised: a change during a reload waits.
 */
export function watchContractFile(path: string, onChange: () => Promise<void>, signal: AbortSignal | undefined): void {
  let chain = Promise.resolve();
  let settling: NodeJS.Timeout | undefined;
  const listener = (current: Stats, previous: Stats): void => {
    if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
    // A save is several writes (truncate, write, close) that a poll may see apart: reload once the
    // file has been still for a moment, so one save is one reload and a half-written file is never read.
    clearTimeout(settling);
    settling = setTimeout(() => {
      chain = chain.then(onChange, onChange);
    }, SETTLE_MS);
    settling.unref();
  };
  watchFile(path, { interval: 100, persistent: false }, listener);
  signal?.addEventListener(
    'abort',
    () => {
      clearTimeout(settling);
      unwatchFile(path, listener);
    },
    { once: true },
  );
}

/** How long a changed file must stay unchanged before it is reloaded. */
const SETTLE_MS = 150;
