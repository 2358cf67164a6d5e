/**
 * The server's tuning: what benchmarks found to pay for itself on top of the core (server/app.ts, server/main.ts),
 * each mechanism in a module of its own here and behind one setting, so that the core reads, and works, without any
 * of them. Each line of its ADR says what it buys and when it can go.
 *
 * | mechanism                  | module                   | setting (its "off")         | ADR  |
 * |----------------------------|--------------------------|-----------------------------|------|
 * | one write per event turn   | coalesce-writes.ts       | COALESCE_WRITES=off         | 0060 |
 * | anonymous page cache       | page-cache.ts            | PAGE_CACHE_MS=0             | 0040 |
 * | PDFs in a worker thread    | pdf-thread.ts            | PDF_THREAD=off              | 0117 |
 * | freed memory handed back   | memory-trim.ts           | MEMORY_TRIM=off             | 0069 |
 * | connections recycled       | connection-recycling.ts  | CONNECTION_MAX_REQUESTS=0   | 0114 |
 * | health check past the app  | healthz-shortcut.ts      | HEALTHZ_SHORTCUT=off        | 0043 |
 * | young generation capped    | young-generation.ts      | the flag in `npm start`     | 0075 |
 * | first renders before ready | warm-up.ts               | WARM_UP=off                 | 0127 |
 *
 * Two more live in the app because they shape its HTML: each page's own CSS (app/utils/page-css.server.ts, ADR 0084)
 * and the brief shared reads of a signed-in page (app/models/infra/brief-cache.server.ts, ADR 0085).
 */
import { MAX_REQUESTS_PER_CONNECTION } from "./connection-recycling.ts";

export type Tuning = {
  coalesceWrites: boolean;
  /** How long an anonymous page is kept; 0: no page cache. */
  pageCacheMs: number;
  pdfThread: boolean;
  memoryTrim: boolean;
  /** After how many requests a kept-alive connection is closed; 0: never. */
  maxRequestsPerConnection: number;
  healthzShortcut: boolean;
  warmUp: boolean;
};

type Env = Record<string, string | undefined>;

const on = (env: Env, name: string) => env[name]?.trim().toLowerCase() !== "off";
const count = (env: Env, name: string, fallback: number) => {
  const n = Number(env[name]?.trim() || fallback);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function tuningFromEnv(env: Env = process.env): Tuning {
  return {
    coalesceWrites: on(env, "COALESCE_WRITES"),
    pageCacheMs: count(env, "PAGE_CACHE_MS", 1_000),
    pdfThread: on(env, "PDF_THREAD"),
    memoryTrim: on(env, "MEMORY_TRIM"),
    maxRequestsPerConnection: count(env, "CONNECTION_MAX_REQUESTS", MAX_REQUESTS_PER_CONNECTION),
    healthzShortcut: on(env, "HEALTHZ_SHORTCUT"),
    warmUp: on(env, "WARM_UP"),
  };
}
