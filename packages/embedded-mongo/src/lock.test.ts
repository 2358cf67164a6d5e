/** The data directory's lock (lock.ts): one live owner; a dead, zombie or reused-pid owner's lock is taken over. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LockError, acquireLock, lockHolderAlive, processStartTime } from "./lock.ts";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));

describe("the data directory's lock", () => {
  it("is taken once, with the owner's pid and start time, readable by its owner only", () => {
    const dir = tempDir();
    const lock = acquireLock(dir);
    const [pid, started] = fs.readFileSync(lock, "utf8").trim().split(" ");
    expect(Number(pid)).toBe(process.pid);
    expect(started).toBe(processStartTime(process.pid));
    expect(fs.statSync(lock).mode & 0o777).toBe(0o600);
    expect(() => acquireLock(dir)).toThrow(LockError);
  });

  it("is taken over from a process that is gone, or from a pid now owned by another process", () => {
    const dir = tempDir();
    const lockPath = path.join(dir, "mongod.lock");
    fs.writeFileSync(lockPath, "2147483646 12345\n"); // no such process
    expect(acquireLock(dir)).toBe(lockPath);
    fs.writeFileSync(lockPath, `${process.pid} 1\n`); // our pid, another start time: a reused pid
    expect(lockHolderAlive(fs.readFileSync(lockPath, "utf8"))).toBe(false);
    expect(acquireLock(dir)).toBe(lockPath);
  });

  it("reads a live holder as alive, and garbage as nobody", () => {
    expect(lockHolderAlive(`${process.pid} ${processStartTime(process.pid)}`)).toBe(true);
    expect(lockHolderAlive("not a pid")).toBe(false);
    expect(lockHolderAlive("")).toBe(false);
    expect(processStartTime(-1)).toBeNull();
  });
});
