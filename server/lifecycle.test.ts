/**
 * A worker waits for a database that is still loading: it tries again until it is connected, then tells the cluster
 * once; a data directory another instance holds is final.
 */
import { describe, expect, it } from "vitest";
import { LockError } from "../packages/embedded-mongo/src/lock.ts";
import { connectUntilReady } from "./lifecycle.ts";

function outcome() {
  let settle: (value: string) => void = () => {};
  const done = new Promise<string>((resolve) => (settle = resolve));
  return { done, settle };
}

describe("connectUntilReady", () => {
  it("tries a database that refuses again until it answers, then is ready once", async () => {
    let calls = 0;
    const logged: string[] = [];
    const { done, settle } = outcome();
    let ready = 0;
    connectUntilReady(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error("connect ENOENT /data/db-1.sock");
      },
      {
        onReady: () => {
          ready += 1;
          settle("ready");
        },
        onLocked: () => settle("locked"),
        stopped: () => false,
        retryMs: 5,
        log: (m) => logged.push(m),
      },
    );
    expect(await done).toBe("ready");
    await new Promise((r) => setTimeout(r, 30));
    expect([calls, ready]).toEqual([3, 1]);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain("the database is not ready yet (connect ENOENT /data/db-1.sock)");
  });

  it("stops at a data directory another instance holds, and once the process is stopping, even mid-try", async () => {
    const locked = outcome();
    let calls = 0;
    connectUntilReady(
      async () => {
        calls += 1;
        throw new LockError("embedded-mongo: data directory /data/db is already in use by process 1");
      },
      {
        onReady: () => locked.settle("ready"),
        onLocked: () => locked.settle("locked"),
        stopped: () => false,
        retryMs: 5,
      },
    );
    expect(await locked.done).toBe("locked");

    let stopping = false;
    let tries = 0;
    const logged: string[] = [];
    connectUntilReady(
      async () => {
        tries += 1;
        stopping = true;
        throw new Error("connection refused");
      },
      { onReady: () => {}, onLocked: () => {}, stopped: () => stopping, retryMs: 5, log: (m) => logged.push(m) },
    );
    // A try under way when the process starts stopping: it answers, and nobody is told the database is ready.
    let stoppingNow = false;
    let told = 0;
    connectUntilReady(
      async () => {
        stoppingNow = true;
      },
      { onReady: () => (told += 1), onLocked: () => {}, stopped: () => stoppingNow, retryMs: 5 },
    );
    await new Promise((r) => setTimeout(r, 40));
    expect([calls, tries, logged.length, told]).toEqual([1, 1, 0, 0]);
  });
});
