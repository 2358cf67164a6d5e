import { afterEach, describe, expect, it, vi } from "vitest";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";

afterEach(() => vi.useRealTimers());

describe("briefCache", () => {
  it("reads once for concurrent requests, again after its time, and at once after forget()", async () => {
    vi.useFakeTimers();
    const cache = briefCache<number>("test-reads", { ttlMs: 1_000 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all([cache.get("k", read), cache.get("k", read)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get("k", read)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get("k", read)).toBe(2);
    expect(await cache.get("other", read)).toBe(3);
    cache.forget();
    expect(await cache.get("k", read)).toBe(4);
  });

  it("keeps no failed read", async () => {
    const cache = briefCache<string>("test-failures");
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "back")).toBe("back");
  });

  it("runs a thenable once (a Mongoose query runs again on each then)", async () => {
    const cache = briefCache<number>("test-thenable");
    let runs = 0;
    const query = { then: (resolve: (v: number) => void) => resolve(++runs) };
    expect(await cache.get("k", () => query as PromiseLike<number>)).toBe(1);
    expect(await cache.get("k", () => query as PromiseLike<number>)).toBe(1);
    expect(runs).toBe(1);
  });

  it("drops the copy when another worker says so", async () => {
    const cache = briefCache<number>("test-relayed");
    let reads = 0;
    await cache.get("k", async () => ++reads);
    process.emit("message", { type: "vcp:forget test-relayed" }, undefined);
    expect(await cache.get("k", async () => ++reads)).toBe(2);
  });

  it("listens once however many caches there are (Node warns of a leak past ten listeners)", () => {
    briefCache<number>("test-listener-first");
    const listeners = process.listenerCount("message");
    for (let i = 0; i < 12; i++) briefCache<number>(`test-listener-${i}`);
    expect(process.listenerCount("message")).toBe(listeners);
  });

  it("holds at most maxEntries keys", async () => {
    const cache = briefCache<string>("test-bound", { maxEntries: 2 });
    let reads = 0;
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => `${key}${++reads}`);
    expect(await cache.get("a", async () => `a${++reads}`)).toBe("a4");
    expect(await cache.get("c", async () => `c${++reads}`)).toBe("c3");
  });
});
