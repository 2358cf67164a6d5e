/**
 * The data directory's lock: `mongod.lock` holds "<pid> <start time>" of the process that owns the directory, created
 * exclusively. A lock left by a process that is gone (or whose pid now belongs to another process, told apart by its
 * start time) is taken over; one held by a live process refuses the start with a LockError.
 */
import fs from "node:fs";
import path from "node:path";

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e: any) {
    return e?.code === "EPERM";
  }
}

/**
 * Identity of a running process that a reused pid cannot fake: its start time
 * (field 22 of /proc/PID/stat, clock ticks since boot), or null when the
 * process does not exist or is a zombie (dead, not yet reaped). "" where
 * /proc is unavailable (then only the pid is checked).
 */
export function processStartTime(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (e: any) {
    if (e?.code === "ENOENT" || e?.code === "ESRCH")
      return fs.existsSync("/proc/self/stat") ? null : pidAlive(pid) ? "" : null;
    return pidAlive(pid) ? "" : null;
  }
  // "pid (comm) state ppid ...": comm may contain spaces and parentheses
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  if (state === "Z" || state === "X" || state === "x") return null;
  return fields[19] ?? "";
}

/** The lock file's content: "<pid> <start time>". */
function lockContent(): string {
  return `${process.pid} ${processStartTime(process.pid) ?? ""}\n`;
}

/**
 * True when the process that wrote `content` still runs: same pid and, when
 * both are known, the same start time (a pid reused after a kill -9 belongs to
 * another process and does not hold the lock; nor does a zombie).
 */
export function lockHolderAlive(content: string): boolean {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!pidText || !Number.isInteger(pid) || pid <= 0) return false;
  const now = processStartTime(pid);
  if (now === null) return false;
  if (started && now && started !== now) return false;
  return true;
}

export class LockError extends Error {}

export function acquireLock(dir: string): string {
  const lockPath = path.join(dir, "mongod.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, lockContent());
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return lockPath;
    } catch (e: any) {
      if (e?.code !== "EEXIST") throw e;
      let content: string;
      try {
        content = fs.readFileSync(lockPath, "utf8");
      } catch {
        continue; // removed meanwhile; retry
      }
      if (lockHolderAlive(content)) {
        const pid = Number(content.trim().split(/\s+/)[0]);
        throw new LockError(
          `embedded-mongo: data directory ${dir} is already in use by process ${pid} (lock file ${lockPath}). ` +
            `Stop that server first, or use another --data-dir.`,
        );
      }
      // stale lock from a dead process (or an empty lock from a crash while writing it): take it over
      try {
        fs.unlinkSync(lockPath);
      } catch {}
    }
  }
  throw new LockError(`embedded-mongo: could not acquire lock file ${lockPath}`);
}
