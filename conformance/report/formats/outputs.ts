import { constants } from 'node:fs';
import { access, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunReport } from '../../types.js';
import { render, type ReporterName } from './index.js';

/** One requested report: a reporter and where it writes (undefined: stdout). */
export interface ReportDestination {
  readonly name: ReporterName;
  readonly file: string | undefined;
  /** The flag that named the file, for the message (`--reporter junit=x.xml`, `--output x`). */
  readonly flag: string;
}

/** A report path that cannot be written: found before the run, so the run is not wasted. */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
}

async function kind(path: string): Promise<'file' | 'directory' | 'other' | 'missing' | 'blocked'> {
  try {
    const s = await stat(path);
    return s.isDirectory() ? 'directory' : s.isFile() ? 'file' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a component of the path is a file; EACCES: a directory on the way cannot be searched.
    return code === 'ENOENT' ? 'missing' : 'blocked';
  }
}

async function writable(path: string): Promise<boolean> {
  try {
    await access(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks, without creating anything, that every report file can be written:
 * its directory exists and is writable, and the file (if present) is a
 * writable regular file. Throws OutputPathError with one line naming the flag.
 */
export async function checkOutputs(destinations: readonly ReportDestination[]): Promise<void> {
  for (const d of destinations) {
    if (d.file === undefined) continue;
    const file = resolve(d.file);
    const dir = dirname(file);
    const where = `${d.flag}: cannot write ${d.file}`;
    const dirKind = await kind(dir);
    if (dirKind === 'missing') throw new OutputPathError(`${where}: the directory ${dir} does not exist`);
    if (dirKind !== 'directory') throw new OutputPathError(`${where}: ${dir} is not a directory that can be reached`);
    const fileKind = await kind(file);
    if (fileKind === 'directory') throw new OutputPathError(`${where}: it is a directory`);
    if (fileKind === 'other') throw new OutputPathError(`${where}: it is not a regular file`);
    if (fileKind === 'file' && !(await writable(file))) throw new OutputPathError(`${where}: the file is not writable`);
    if (fileKind === 'missing' && !(await writable(dir)))
      throw new OutputPathError(`${where}: the directory ${dir} is not writable`);
  }
}

/**
 * Renders and writes each report. `filesOnly`: a run that ended without a
 * verdict (unreachable target, nothing judged, internal error) still leaves the
 * files CI uploads, while stdout stays for the one-line message.
 */
export async function writeReports(
  destinations: readonly ReportDestination[],
  report: RunReport,
  io: { readonly stdout: (text: string) => void; readonly colour: boolean; readonly filesOnly?: boolean },
): Promise<void> {
  for (const d of destinations) {
    if (d.file === undefined) {
      if (!io.filesOnly) io.stdout(render(d.name, report, io.colour));
      continue;
    }
    try {
      await writeFile(d.file, render(d.name, report, false));
    } catch (error) {
      throw new OutputPathError(
        `${d.flag}: cannot write ${d.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
}
