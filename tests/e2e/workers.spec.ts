/**
 * The default install on every core (docs/decisions/0083-app-workers.md): `npm start` with no MONGODB_URI runs two
 * app workers here (WEB_WORKERS=2, what a 2-core machine gets by default) and the embedded database in the first
 * process, on a DATA_DIR of its own. Enrolments sent while one worker is killed with SIGKILL: every acknowledged one is
 * stored, the other worker keeps serving and a new one takes the dead one's place; SIGTERM stops the workers, then the
 * database, whose files hold every acknowledged enrolment when opened again.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect } from "@playwright/test";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";
import { PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";
import { startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";
import { runCommand } from "#tests/support/run-command.ts";

const workersOf = (pid: number) =>
  execFileSync("ps", ["--ppid", String(pid), "-o", "pid="], { encoding: "utf8" })
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter(Boolean);

function enrol(app: IsolatedApp, n: number) {
  const phone = (prefix: string) => `${prefix}${String(n).padStart(7, "0")}`;
  const form = new URLSearchParams({
    parentName: `Worker Parent ${n}`,
    whatsappNumber: phone("024"),
    wardName: `Worker Ward ${n}`,
    wardWhatsapp: phone("055"),
    currentSchool: "Accra Academy",
    wardForm: "form-2",
    specificClass: "2S1",
    programme: "science",
    subjects: PROGRAMME_SUBJECTS.science[0],
    updateMode: "whatsapp",
    joinStudentGroups: "yes",
    joinParentGroup: "no",
    referralName: "Mr. Owusu",
    referralStatus: "teacher",
    intent: "submit",
  });
  return fetch(`${app.url}/registration`, {
    method: "POST",
    body: form,
    headers: { Origin: app.url },
    redirect: "manual",
  }).then(
    // Acknowledged: sent on to the registration's own page.
    (res) => /^\/registration\/\w+$/.test(new URL(res.headers.get("location") ?? "/", app.url).pathname),
    () => false,
  );
}

/** The parents' names of the enrolments `enrol` made, as the data files of a stopped `DATA_DIR` hold them. */
async function workerParentsIn(dataDir: string): Promise<string[]> {
  const db = await startEmbeddedMongo({ dataDir: path.join(dataDir, "db"), quiet: true });
  const { MongoClient } = await import("mongodb");
  const client = await MongoClient.connect(`${db.uri}vacation_classes`);
  try {
    const rows = await client
      .db()
      .collection("registrations")
      .find({ parentName: /^Worker Parent / }, { projection: { parentName: 1 } })
      .toArray();
    return rows.map((r) => r.parentName as string);
  } finally {
    await client.close();
    await db.stop();
  }
}

test.describe("app workers @js-only", () => {
  test("a killed worker is replaced while the other serves; nothing acknowledged is lost; SIGTERM closes the database last", async () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-workers-"));
    const env = { MONGODB_URI: undefined, DATA_DIR: dataDir, WEB_WORKERS: "2", SESSION_SECRET: undefined };
    const app = await startIsolatedApp(env, { waitFor: "healthy" });
    try {
      await expect.poll(() => workersOf(app.proc.pid!).length).toBe(2);
      const [first, second] = workersOf(app.proc.pid!);
      // Each worker has its heap budget; the database's socket is the first process's, for this user only.
      expect(fs.readFileSync(`/proc/${first}/cmdline`, "utf8")).toContain("--max-old-space-size=256");
      const socket = fs.readdirSync(dataDir).find((name) => /^db-\d+\.sock$/.test(name))!;
      expect(fs.statSync(path.join(dataDir, socket)).mode & 0o777).toBe(0o600);

      // /metrics adds up every worker: ten requests spread over two workers count ten.
      for (let i = 0; i < 10; i++) await fetch(`${app.url}/no-such-page`);
      const metrics = await (await fetch(`${app.url}/metrics`)).text();
      expect(metrics).toContain('http_requests_total{route="routes/not-found",method="GET",status="404"} 10');

      // Enrolments in flight while one worker dies.
      // The worker is killed once the first of them is acknowledged, the rest still on their way: killed at a fixed
      // moment instead, on a loaded machine, it could take every one with it, leaving nothing acknowledged to check.
      let firstAcknowledged = () => {};
      const anyAcknowledged = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const sent = Array.from({ length: 40 }, (_, i) =>
        enrol(app, i + 1).then((ok) => {
          if (ok) firstAcknowledged();
          return ok;
        }),
      );
      await Promise.race([anyAcknowledged, new Promise((r) => setTimeout(r, 10_000))]);
      process.kill(first, "SIGKILL");
      const acknowledged = (await Promise.all(sent)).filter(Boolean).length;
      expect(acknowledged).toBeGreaterThan(0);
      // The other worker answers at once; a new one takes the dead one's place.
      expect((await fetch(`${app.url}/registration`)).status).toBe(200);
      await expect.poll(() => workersOf(app.proc.pid!), { timeout: 20_000 }).toHaveLength(2);
      expect(workersOf(app.proc.pid!)).toContain(second);
      expect(workersOf(app.proc.pid!)).not.toContain(first);
      expect(app.output()).toContain(`worker ${first} exited (SIGKILL); starting another`);
      const later = await Promise.all(Array.from({ length: 6 }, (_, i) => enrol(app, 100 + i)));
      expect(later.every(Boolean)).toBe(true);

      expect(await app.stop()).toBe(0);
      expect(app.output()).toMatch(
        /SIGTERM received: stopping 2 worker\(s\), then the database[\s\S]*"area":"cluster","msg":"stopped"/,
      );
      expect(fs.readdirSync(dataDir).filter((name) => name.endsWith(".sock"))).toEqual([]);

      // The files, opened again, hold every acknowledged enrolment (and none twice).
      const stored = await workerParentsIn(dataDir);
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged + later.length);
      expect(new Set(stored).size).toBe(stored.length);
    } finally {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a second start on the same DATA_DIR refuses with a clear message and never reaches the first one's database", async () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-workers-locked-"));
    const env = { MONGODB_URI: undefined, DATA_DIR: dataDir, WEB_WORKERS: "2", SEED_DEMO_DATA: "false" };
    const first = await startIsolatedApp(env, { waitFor: "healthy" });
    try {
      const error = await startIsolatedApp(env, { waitFor: "healthy" }).then(
        async (second) => {
          await second.stop();
          return null;
        },
        (e: Error) => e,
      );
      expect(error, "the second start must not serve").not.toBeNull();
      expect(error!.message).toMatch(/app exited early \(1\)/);
      expect(error!.message).toContain("Refusing to start");
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a backup taken while enrolments are written holds every one acknowledged before it; no key, no backup", async () => {
    test.setTimeout(180_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-backup-live-"));
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-backup-restored-"));
    const out = path.join(dataDir, "school.backup");
    const key = randomBytes(32).toString("base64");
    const env = {
      MONGODB_URI: undefined,
      DATA_DIR: dataDir,
      WEB_WORKERS: "2",
      SESSION_SECRET: undefined,
      ENROL_ADDRESS_PER_HOUR: "100000",
    };
    const app = await startIsolatedApp(env, { waitFor: "healthy" });
    const script = (name: string, args: string[], extra: NodeJS.ProcessEnv) =>
      runCommand(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
        env: { ...process.env, MONGODB_URI: "", DATA_DIR: dataDir, ...extra },
        timeout: 120_000,
      });
    try {
      // Without BACKUP_KEY nothing is read or written: an archive of minors' data is never left in the clear.
      const refused = await script("backup", ["--out", out], { BACKUP_KEY: "" });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("BACKUP_KEY is not set");
      expect(fs.existsSync(out)).toBe(false);

      // Enrolments keep arriving while the backup is taken from the running portal's files.
      const acknowledged: number[] = [];
      let sending = true;
      const senders = [0, 1].map(async (lane) => {
        for (let n = lane * 100_000 + 1; sending; n++) if (await enrol(app, n)) acknowledged.push(n);
      });
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
      const before = [...acknowledged];
      const made = await script("backup", ["--out", out], { BACKUP_KEY: key });
      const during = acknowledged.length;
      sending = false;
      await Promise.all(senders);
      expect(made.status, made.stderr).toBe(0);
      expect(during).toBeGreaterThan(before.length);

      // Restored into another DATA_DIR: every enrolment acknowledged before the backup began, none twice.
      const restored = await script("restore", [out], { BACKUP_KEY: key, DATA_DIR: restoredDir });
      expect(restored.status, restored.stderr).toBe(0);
      const names = await workerParentsIn(restoredDir);
      expect(new Set(names).size).toBe(names.length);
      for (const n of before) expect(names).toContain(`Worker Parent ${n}`);
    } finally {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(restoredDir, { recursive: true, force: true });
    }
  });
});
