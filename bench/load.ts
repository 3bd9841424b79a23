import autocannon from 'autocannon';

export interface LoadRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
}

export interface Workload {
  readonly name: string;
  readonly description: string;
  /** Cycled by every connection in turn (autocannon `requests`). */
  readonly requests: readonly LoadRequest[];
}

export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly total: number;
}

/** Runs one workload against one URL for `durationS` seconds at `connections` concurrent connections. */
export async function runLoad(
  url: string,
  workload: Workload,
  connections: number,
  durationS: number,
  apiKey: string,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    pipelining: 1,
    requests: workload.requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: {
        accept: 'application/json',
        ...(r.body === undefined ? {} : { 'content-type': 'application/json', 'x-api-key': apiKey }),
      },
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}
