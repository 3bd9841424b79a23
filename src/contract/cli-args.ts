/**
 * `--seed -1` would otherwise stop in node:util's parseArgs with "argument is ambiguous": a value
 * that starts with `-` but is no option (a negative number, a lone `-`) is joined to its flag as
 * `--seed=-1`, so the flag's own check answers with what it accepts.
 */
export function joinDashValues(argv: readonly string[], valueFlags: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    const next = argv[i + 1];
    if (
      token.startsWith('--') &&
      valueFlags.has(token.slice(2)) &&
      next?.startsWith('-') &&
      !/^--?[A-Za-z]/.test(next)
    ) {
      out.push(`${token}=${next}`);
      i++;
    } else {
      out.push(token);
    }
  }
  return out;
}

/** Why a file could not be read, in words (the errno code alone, ENOENT, says little to a reader). */
export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** Edit distance (insertions, deletions, substitutions, adjacent swaps), for "did you mean". */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The known name nearest to a mistyped one, when it is near enough to be what was meant. */
export function nearest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.min(3, Math.floor(best.length / 3))) ? best : undefined;
}

/**
 * node:util parseArgs' message for an unknown option ("Unknown option '--targt'. To specify a
 * positional argument…") as one line naming the flag meant, when one is near: `flags` are the long
 * names the CLI knows, without dashes.
 */
export function usageMessage(error: unknown, flags: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const option = /^Unknown option '(-{1,2})([^'=]+)/.exec(message);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    const meant = nearest(option[2]!, flags);
    return `unknown option ${option[1]}${option[2]}${meant === undefined ? '' : `: did you mean --${meant}?`}`;
  }
  // "Option '--spec' argument is ambiguous. Did you forget…" (another flag follows) and "Option
  // '--target <value>' argument missing" (nothing follows) both mean one thing: no value was given.
  const valueless = /^Option '(--[\w-]+)(?: <value>)?' argument (?:is ambiguous|missing)/.exec(message);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && valueless) return `${valueless[1]} needs a value`;
  return message;
}

/**
 * A message about "the contract" that does not say which file it is, with the user's file named:
 * `the contract cannot be served: …` → `the contract api.yaml cannot be served: …`. A user who
 * passed --spec reads the name they typed; messages that already name a file are left as they are.
 */
export function namingTheContract(message: string, file: string): string {
  if (!message.startsWith('the contract ') || message.startsWith(`the contract ${file}`)) return message;
  return `the contract ${file} ${message.slice('the contract '.length)}`;
}
