/** Why the mock could not start listening, as one line with a hint, and its exit code (2: the user's to fix). */
export interface StartFailure {
  readonly line: string;
  readonly exitCode: number;
}

/**
 * Describes an error of `listen()` (Node's system errors: EADDRINUSE, EACCES, EADDRNOTAVAIL,
 * ENOTFOUND…) in the flags' terms. Undefined when the error is not an address error.
 */
export function describeListenError(error: unknown, host: string, port: number): StartFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  const at = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return {
        exitCode: 2,
        line: `port ${port} is already in use on ${host}: stop what holds it, or pick another with --port N (--port 0 picks a free one)`,
      };
    case 'EACCES':
    case 'EPERM':
      return {
        exitCode: 2,
        line: `not allowed to listen on ${at}: ports below 1024 need privileges; pick another with --port N (--port 0 picks a free one)`,
      };
    case 'EADDRNOTAVAIL':
      return {
        exitCode: 2,
        line: `--host ${host} is not an address of this machine: use one it has, e.g. 127.0.0.1 (loopback) or 0.0.0.0 (every interface)`,
      };
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return {
        exitCode: 2,
        line: `--host ${host} does not resolve to an address: use an IP address such as 127.0.0.1 or 0.0.0.0, or a name this machine resolves (localhost)`,
      };
    case 'EAFNOSUPPORT':
    case 'EINVAL':
      return {
        exitCode: 2,
        line: `cannot listen on ${at}: the address is not usable here (${code}); try --host 127.0.0.1`,
      };
    default:
      return undefined;
  }
}
