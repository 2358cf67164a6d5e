import { spawn, type ChildProcess } from "node:child_process";
import { test, expect } from "@playwright/test";
import { MongoClient } from "mongodb";
import { freePort, startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";
import { startAfricasTalkingStandIn } from "#tests/support/stand-ins/africastalking.ts";

/**
 * Two app instances on one database share the outbox: each of 200 messages is sent exactly once.
 * Nothing lost, nothing sent twice on purpose: an app killed (SIGKILL) while its sender has messages at a slow
 * provider, and another started on the same database, sends every queued message; only a message the provider had
 * not acknowledged when the process died can reach the provider a second time.
 */
const MESSAGES = 30;
let db: ChildProcess;
let mongo: MongoClient;
let uri: string;
let apps: IsolatedApp[] = [];
let standIn: Awaited<ReturnType<typeof startAfricasTalkingStandIn>>;

test.describe.configure({ mode: "serial" });

function queuedMessages(prefix: string, count: number) {
  const now = new Date();
  return Array.from({ length: count }, (_, n) => ({
    _id: `${prefix}${String(n).padStart(4, "0")}` as never,
    key: `${prefix}:${n}:sms`,
    channel: "sms",
    to: `+23325${prefix === "crashmsg" ? "0" : "1"}${String(n).padStart(6, "0")}`,
    template: "test",
    values: {},
    subject: null,
    text: `message ${n}`,
    state: "queued",
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  }));
}

/** An app instance on the test's database, sending through the Africa's Talking stand-in. */
const appEnv = (extra: Record<string, string> = {}) => ({
  MONGODB_URI: uri,
  SEED_DEMO_DATA: "false",
  AFRICASTALKING_USERNAME: "school",
  AFRICASTALKING_API_KEY: "at-test-key",
  AFRICASTALKING_HOST: standIn.host,
  ...extra,
});

test.beforeAll(async () => {
  const port = await freePort();
  db = spawn(
    process.execPath,
    ["--import", "tsx", "packages/embedded-mongo/tools/cli.ts", "--memory", "--port", String(port), "--quiet"],
    { stdio: "ignore" },
  );
  uri = `mongodb://127.0.0.1:${port}/outbox_crash`;
  mongo = new MongoClient(uri, { serverSelectionTimeoutMS: 20_000 });
  await mongo.connect();
  standIn = await startAfricasTalkingStandIn(undefined, { delayMs: 150 });
});

test.afterAll(async () => {
  for (const app of apps) await app.stop();
  await standIn?.close();
  await mongo?.close();
  db?.kill("SIGTERM");
});

test("@js-only an app killed mid-send: after a restart every queued message is sent, and only unacknowledged ones twice", async () => {
  test.setTimeout(120_000);
  const database = mongo.db("outbox_crash");
  await database
    .collection("settings")
    .insertOne({ _id: "global" as never, smsNotifications: true, smsProvider: "africastalking" });
  await database.collection("outbox").insertMany(queuedMessages("crashmsg", MESSAGES));
  const env = appEnv({ OUTBOX_LEASE_SECONDS: "2" });
  const first = await startIsolatedApp(env, { waitFor: "healthy" });
  apps.push(first);
  await expect.poll(() => standIn.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
  first.proc.kill("SIGKILL");
  await new Promise((resolve) => first.proc.once("exit", resolve));
  apps = [];

  const outbox = database.collection<{ _id: string; to: string; state: string }>("outbox");
  const atKill = await outbox.find().toArray();
  const inFlight = new Set(atKill.filter((m) => m.state === "sending").map((m) => m.to));
  const acknowledged = atKill.filter((m) => m.state === "sent").map((m) => m.to);
  expect(acknowledged.length + inFlight.size).toBeGreaterThan(0);
  expect(atKill.filter((m) => m.state === "queued").length).toBeGreaterThan(0);

  apps.push(await startIsolatedApp(env, { waitFor: "healthy" }));
  await expect
    .poll(() => outbox.countDocuments({ state: "sent" }), { timeout: 60_000, intervals: [250] })
    .toBe(MESSAGES);

  const times = new Map<string, number>();
  for (const r of standIn.received) times.set(r.to, (times.get(r.to) ?? 0) + 1);
  expect(times.size).toBe(MESSAGES);
  for (const to of acknowledged) expect(times.get(to), to).toBe(1);
  for (const [to, n] of times) expect(n, to).toBeLessThanOrEqual(inFlight.has(to) ? 2 : 1);
});

test("@js-only two instances on one database send each of 200 queued messages exactly once", async () => {
  test.setTimeout(120_000);
  const database = mongo.db("outbox_crash");
  await database
    .collection("settings")
    .updateOne({ _id: "global" as never }, { $set: { smsProvider: "africastalking" } }, { upsert: true });
  const before = standIn.received.length;
  const env = appEnv();
  const [a, b] = await Promise.all([
    startIsolatedApp(env, { waitFor: "healthy" }),
    startIsolatedApp(env, { waitFor: "healthy" }),
  ]);
  apps.push(a, b);
  await database.collection("outbox").insertMany(queuedMessages("pairmsg", 200));
  const outbox = database.collection<{ state: string; key: string }>("outbox");
  await expect
    .poll(() => outbox.countDocuments({ key: /^pairmsg:/, state: "sent" }), { timeout: 90_000, intervals: [250] })
    .toBe(200);
  const ours = standIn.received.slice(before).filter((r) => r.to.startsWith("+233251"));
  expect(ours).toHaveLength(200);
  expect(new Set(ours.map((r) => r.to)).size).toBe(200);
});
