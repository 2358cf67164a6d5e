import { expect, it } from "vitest";
import { tuningFromEnv } from "./settings.ts";

it("turns every piece of tuning on by default, and each off by its own setting", () => {
  expect(tuningFromEnv({})).toEqual({
    coalesceWrites: true,
    pageCacheMs: 1_000,
    pdfThread: true,
    memoryTrim: true,
    maxRequestsPerConnection: 100,
    healthzShortcut: true,
    warmUp: true,
  });
  expect(
    tuningFromEnv({
      COALESCE_WRITES: "off",
      PAGE_CACHE_MS: "0",
      PDF_THREAD: "OFF",
      MEMORY_TRIM: " off ",
      CONNECTION_MAX_REQUESTS: "0",
      HEALTHZ_SHORTCUT: "off",
      WARM_UP: "off",
    }),
  ).toEqual({
    coalesceWrites: false,
    pageCacheMs: 0,
    pdfThread: false,
    memoryTrim: false,
    maxRequestsPerConnection: 0,
    healthzShortcut: false,
    warmUp: false,
  });
  expect(tuningFromEnv({ PAGE_CACHE_MS: "nonsense", CONNECTION_MAX_REQUESTS: "-3" })).toMatchObject({
    pageCacheMs: 0,
    maxRequestsPerConnection: 0,
  });
});
