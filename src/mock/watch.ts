import { unwatchFile, watchFile, type Stats } from 'node:fs';

/**
 * Calls `onChange` when the file's modification time changes. Polling (`fs.watchFile`) follows
 * editors that save by replacing the file, which `fs.watch` loses. It never keeps the process
 * alive, and stops when `signal` aborts. Calls are serialised: a change during a reload waits.
 */
export function watchContractFile(path: string, onChange: () => Promise<void>, signal: AbortSignal | undefined): void {
  let chain = Promise.resolve();
  const listener = (current: Stats, previous: Stats): void => {
    if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
    chain = chain.then(onChange, onChange);
  };
  watchFile(path, { interval: 100, persistent: false }, listener);
  signal?.addEventListener('abort', () => unwatchFile(path, listener), { once: true });
}
