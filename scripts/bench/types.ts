import type { RunningApp } from "./app.ts";

export type BenchOptions = {
  /** Seconds of load per throughput measurement. */
  duration: number;
  /** Runs per measure-form profile. */
  runs: number;
};

export type BenchContext = {
  /** The app every scenario shares: built once, fresh in-memory database with the demo seed. */
  app: RunningApp;
  options: BenchOptions;
  log: (message: string) => void;
};

export type BenchResult = {
  /** Human-readable report lines. */
  lines: string[];
  /** Machine-readable numbers (printed as JSON at the end). */
  data: Record<string, unknown>;
  /** Budgets this scenario checks; a failed one makes `npm run bench` exit 1. */
  failures?: string[];
};

/**
 * A bench scenario. Put one in scripts/bench/scenario-<name>.ts exporting
 * `scenario`; bench.ts discovers it. Scenarios needing their own data can start
 * a private app with startApp() from ./app.ts.
 */
export type BenchScenario = {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<BenchResult>;
};
