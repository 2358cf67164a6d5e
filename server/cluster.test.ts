import { EventEmitter } from "node:events";
import os from "node:os";
import { describe, expect, it, vi } from "vitest";
import { SERVE, WARMED, openWhenWarm, workerCount } from "./cluster.ts";

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

describe("a start's workers take connections together", () => {
  function primary(workers: number) {
    const messages = new EventEmitter();
    const served: string[] = [];
    openWhenWarm<string>(workers, messages, (worker, message) => {
      expect(message).toEqual({ type: SERVE });
      served.push(worker);
    });
    return {
      warm: (worker: string) => messages.emit("message", worker, { type: WARMED }),
      exit: (worker: string) => messages.emit("exit", worker),
      served,
    };
  }

  it("serves none until every worker is warm, then all; a worker that replaces one later at once", () => {
    const { warm, served } = primary(2);
    warm("first");
    expect(served).toEqual([]);
    warm("second");
    expect(served).toEqual(["first", "second"]);
    warm("replacement");
    expect(served).toEqual(["first", "second", "replacement"]);
  });

  it("does not count a worker that warmed up and died: the start waits for the one still cold", () => {
    const { warm, exit, served } = primary(2);
    warm("first");
    exit("first");
    warm("first's replacement");
    expect(served).toEqual([]);
    warm("second");
    expect(served).toEqual(["first's replacement", "second"]);
  });

  it("serves the warm ones 15 s after the first when another never warms up", () => {
    vi.useFakeTimers();
    try {
      const { warm, served } = primary(3);
      warm("first");
      vi.advanceTimersByTime(10_000);
      warm("second");
      expect(served).toEqual([]);
      vi.advanceTimersByTime(5_000);
      expect(served).toEqual(["first", "second"]);
      warm("third");
      expect(served).toEqual(["first", "second", "third"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
