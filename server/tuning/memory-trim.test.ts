import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadMallocTrim } from "./memory-trim.ts";

const run = promisify(execFile);
const MODULE = path.join(import.meta.dirname, "memory-trim.ts");

/**
 * A process that fills glibc's heap with 64 MiB of 32 KiB buffers, each followed by a small buffer it keeps, then
 * drops the large ones and collects: the freed memory lies in holes under live allocations, where glibc keeps it.
 * It prints its RSS with the buffers and after the collection (and a moment for the trim). "minor": five
 * young-generation collections and nothing else.
 */
const FRAGMENT = `
import fs from "node:fs";
import { loadMallocTrim, trimAfterMajorCollections } from ${JSON.stringify(MODULE)};
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
let trims = 0;
if (process.argv[1] !== "off") trimAfterMajorCollections(loadMallocTrim(), { onTrim: () => trims++ });
if (process.argv[1] === "minor") {
  for (let i = 0; i < 5; i++) globalThis.gc({ type: "minor" });
  await new Promise((resolve) => setTimeout(resolve, 300));
  console.log(JSON.stringify({ trims }));
  process.exit(0);
}
let large = [];
const kept = [];
for (let i = 0; i < 2048; i++) {
  large.push(Buffer.allocUnsafeSlow(32 * 1024).fill(1));
  kept.push(Buffer.allocUnsafeSlow(64));
}
const full = rss();
large = null;
globalThis.gc();
await new Promise((resolve) => setTimeout(resolve, 300));
console.log(JSON.stringify({ full, after: rss(), trims, kept: kept.length }));
`;

async function fragment(mode: "on" | "off" | "minor"): Promise<{ full: number; after: number; trims: number }> {
  const { stdout } = await run(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", FRAGMENT, mode],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

describe("freed memory back to the system", () => {
  it("finds glibc's malloc_trim on this Linux", () => {
    expect(loadMallocTrim()?.(0)).toBeTypeOf("number");
  });

  it("hands the memory freed by a major collection back to the system, where glibc alone keeps it", async () => {
    const untrimmed = await fragment("off");
    const trimmed = await fragment("on");
    expect(untrimmed.trims).toBe(0);
    expect(trimmed.trims).toBe(1);
    // Without the trim the 64 MiB stay in the process; with it, most of them leave.
    expect(untrimmed.full - untrimmed.after).toBeLessThan(16);
    expect(trimmed.full - trimmed.after).toBeGreaterThan(40);
  });

  it("does not trim after young-generation collections (dozens a second under load)", async () => {
    expect((await fragment("minor")).trims).toBe(0);
  });
});
