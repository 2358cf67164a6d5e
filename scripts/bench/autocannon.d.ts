// Minimal types for the parts of autocannon (no bundled types) the bench uses.
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p95: number;
    p99: number;
    [k: string]: number;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    [k: string]: unknown;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    pipelining?: number;
    timeout?: number;
    [k: string]: unknown;
  };
  /** The returned promise is also the run's event emitter ("response", "done", …). */
  type Instance = Promise<Result> & { on(event: string, listener: (...args: never[]) => void): Instance; stop(): void };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
