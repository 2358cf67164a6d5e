import os from "node:os";
import { describe, expect, it } from "vitest";
import { workerCount } from "./cluster.ts";

describe("WEB_WORKERS", () => {
  it("is every core this process may use when unset, and the given number otherwise", () => {
    expect(workerCount(undefined)).toBe(os.availableParallelism());
    expect(workerCount(" ")).toBe(os.availableParallelism());
    expect(workerCount("1")).toBe(1);
    expect(workerCount("3")).toBe(3);
  });

  it("refuses a value that is not a whole number from 1 to 64, saying which", () => {
    for (const bad of ["0", "-2", "1.5", "two", "65"])
      expect(() => workerCount(bad)).toThrow(`WEB_WORKERS must be a whole number from 1 to 64 (it is "${bad}")`);
  });
});
