import autocannon from "autocannon";

export type ThroughputResult = {
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  non2xx: number;
  errors: number;
  total: number;
};

/** autocannon against one URL on loopback for a bounded time. */
export async function measureThroughput(
  baseUrl: string,
  path: string,
  options: { duration: number; connections?: number; headers?: Record<string, string> },
): Promise<ThroughputResult> {
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections: options.connections ?? 10,
    duration: options.duration,
    headers: { "accept-encoding": "gzip", ...options.headers },
  });
  return {
    path,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}
