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
    if (token.startsWith('--') && valueFlags.has(token.slice(2)) && next !== undefined && next.startsWith('-') && !/^--?[A-Za-z]/.test(next)) {
      out.push(`${token}=${next}`);
      i++;
    } else {
      out.push(token);
    }
  }
  return out;
}
