import fs from "node:fs";
import path from "node:path";
import mongoose from "mongoose";
import { env } from "#app/models/infra/env.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const accountsLog = logFor("accounts");
const databaseLog = logFor("database");
const demoLog = logFor("demo");
const outboxLog = logFor("outbox");
const paymentsLog = logFor("payments");
const registrationsLog = logFor("registrations");
const lessonsLog = logFor("lessons");
const timetablesLog = logFor("timetables");
const uploadsLog = logFor("uploads");
const vacationsLog = logFor("vacations");

/**
 * One connection per process. MONGODB_URI selects a real MongoDB; without it the project's embedded server runs in the
 * process that started the app's workers (EMBEDDED_DB_URI), or in this one when it is the only one (data under
 * DATA_DIR/db).
 */
type Embedded = { uri: string; stop(): Promise<void> };

const state = globalThis as unknown as {
  __dbReady?: Promise<typeof mongoose>;
  __embedded?: Embedded | null;
  __tool?: boolean;
};

/**
 * For a command-line tool (create-admin, seed, normalize-phones): the database of the portal already running on this
 * DATA_DIR, through the socket its first process serves its workers on (server/cluster.ts), since the running portal
 * holds the data files locked; none running, the tool opens DATA_DIR itself. A tool also leaves the start-up policies
 * of the server (the demo's accounts) alone. Call before connectDb.
 */
export function connectAsTool() {
  state.__tool = true;
  if (env.mongodbUri || env.embeddedDbUri || env.dbInMemory) return;
  let names: string[];
  try {
    names = fs.readdirSync(env.dataDir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^db-(\d+)\.sock$/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0); // alive?
    } catch {
      continue;
    }
    env.embeddedDbUri = `mongodb://${encodeURIComponent(path.join(env.dataDir, name))}/`;
    return;
  }
}

export const DB_NAME = "vacation_classes";

mongoose.set("strictQuery", true);

async function startEmbedded(): Promise<Embedded> {
  const { startEmbeddedMongo } = await import("@vacation-classes/embedded-mongo");
  if (!env.dbInMemory) {
    // The portal's data is its owner's alone (docs/security.md): the folder 700; the engine keeps its files 600.
    fs.mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(env.dataDir, 0o700);
  }
  return startEmbeddedMongo({
    dataDir: env.dbInMemory ? null : path.join(env.dataDir, "db"),
    // The engine's own lines (compaction, checkpoint, long scans) as the log's, under area "database".
    log: (message) => databaseLog.info(message),
  });
}

export function connectDb(): Promise<typeof mongoose> {
  state.__dbReady ??= (async () => {
    let uri = env.mongodbUri;
    if (!uri) {
      // One app worker of several: the embedded database runs in the process that started them (server/cluster.ts).
      // A try again after a failure later in this function (a migration) uses the database this process started.
      const base = env.embeddedDbUri ?? (state.__embedded ??= await startEmbedded()).uri;
      uri = `${base.replace(/\/$/, "")}/${DB_NAME}`;
    }
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    // Claim codes issued while they were readable by anyone with a reference are replaced, once per database (before
    // the demo seed, so a fresh database records it with nothing to replace).
    const { rotateExposedClaimCodes } = await import("#app/models/migrations/claim-code-rotation.server.ts");
    const rotated = await rotateExposedClaimCodes();
    if (rotated)
      registrationsLog.warn(
        `replaced the claim codes of ${rotated} registration(s) issued before claim codes were private`,
      );
    // Registrations stored before the admin search had its keys get them, once per database.
    const { backfillSearchKeys, rewriteSearchKeys } =
      await import("#app/models/migrations/search-keys-migration.server.ts");
    const keyed = await backfillSearchKeys();
    if (keyed) registrationsLog.warn(`wrote the search keys of ${keyed} registration(s)`);
    // The keys gained the school's word starts and the numbers' last 4 digits: every registration's, once.
    const rekeyed = await rewriteSearchKeys();
    if (rekeyed) registrationsLog.warn(`rewrote the search keys of ${rekeyed} registration(s)`);
    // Fees set without their payment status get it, once per database (the overview sums by status).
    const { backfillPaymentStatus } = await import("#app/models/migrations/payment-status-migration.server.ts");
    const statused = await backfillPaymentStatus();
    if (statused) registrationsLog.warn(`set the payment status of ${statused} registration(s)`);
    // The bundled Form 2 timetables uploaded before timetables had an audience are for Form 2 only, once per database.
    const { giveBundledTimetablesTheirForm } =
      await import("#app/models/migrations/timetable-forms-migration.server.ts");
    const formTwo = await giveBundledTimetablesTheirForm();
    if (formTwo) timetablesLog.warn(`${formTwo} bundled timetable(s) now reach Form 2 wards only`);
    // Messages done before messages had a time to be kept until are kept OUTBOX_KEEP_DAYS from now, once per database.
    const { giveDoneMessagesTheirKeepTime } =
      await import("#app/models/migrations/outbox-retention-migration.server.ts");
    const kept = await giveDoneMessagesTheirKeepTime();
    if (kept) outboxLog.warn(`${kept} message(s) sent before now are kept for OUTBOX_KEEP_DAYS from today`);
    // The one vacation of the version before vacations becomes a record, once per database (before the demo seed).
    const { makeVacationsFromSeasons } = await import("#app/models/migrations/vacation-migration.server.ts");
    const vacations = await makeVacationsFromSeasons();
    if (vacations)
      vacationsLog.warn(
        `the existing data became ${vacations} vacation(s), dated from their registrations: check their dates under Admin → Vacations`,
      );
    if (env.seedDemoData === "true" || (env.seedDemoData === "auto" && env.demo)) {
      const { seedIfEmpty, seedDemoData } = await import("#app/models/seeds/seed.server.ts");
      if (env.seedDemoData === "true") await seedDemoData();
      else await seedIfEmpty();
    }
    // The demo's published passwords work only in demo mode (docs/decisions/0086-demo-mode.md); the server decides
    // that, not a command-line tool run beside it.
    const { applyDemoModeToAccounts, noAdminYet } = await import("#app/models/demo-accounts.server.ts");
    const demoAccounts = state.__tool ? 0 : await applyDemoModeToAccounts(env.demo);
    if (demoAccounts)
      demoLog.warn(
        env.demo
          ? `demo mode: the demo's ${demoAccounts} account(s) can sign in again`
          : `not in demo mode (DEMO=on is not set): the demo's ${demoAccounts} account(s) are turned off`,
      );
    if (!state.__tool && !env.demo && (await noAdminYet()))
      accountsLog.warn(
        'no admin account yet: create the first one with `npm run create-admin -- --phone 024xxxxxxx --name "Full Name"` in the portal folder with the same DATA_DIR (it works while `npm start` runs its workers; with WEB_WORKERS=1 stop the portal, create the admin, start it again). For a demo with sample data, start with DEMO=on (`npm run demo`).',
      );
    // What a stopped process left half done with money (receipt numbers, totals); cheap when there is nothing.
    const { repairPayments } = await import("#app/models/payment.server.ts");
    const repaired = await repairPayments();
    if (repaired.receipts || repaired.totals) {
      paymentsLog.warn(
        `start-up repair: ${repaired.receipts} receipt number(s) written, ${repaired.totals} registration total(s) recomputed`,
      );
    }
    // Weekly classes whose lessons a stopped process was making get the rest of them.
    const { finishWeeklyClasses } = await import("#app/models/lesson.server.ts");
    const finished = await finishWeeklyClasses();
    if (finished) lessonsLog.warn(`start-up repair: finished making the lessons of ${finished} weekly class(es)`);
    // Files an earlier version kept in UPLOADS_DIR move into the database once (app/models/infra/file-store.server.ts).
    const { migrateUploadsFolder } = await import("#app/models/infra/file-store.server.ts");
    const migrated = await migrateUploadsFolder(env.uploadsDir);
    if (migrated.moved || migrated.alreadyStored) {
      uploadsLog.warn(
        `moved ${migrated.moved} file(s) from ${env.uploadsDir} into the database (${migrated.alreadyStored} were there already)`,
      );
    }
    return mongoose;
  })().catch((error) => {
    state.__dbReady = undefined;
    throw error;
  });
  return state.__dbReady;
}

/** True when the database answers a ping within the timeout. */
export async function pingDb(timeoutMs = 2_000): Promise<boolean> {
  try {
    await Promise.race([
      connectDb().then((m) => m.connection.db!.admin().ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}

export async function disconnectDb() {
  await mongoose.disconnect().catch(() => {});
  if (state.__embedded) {
    await state.__embedded.stop().catch(() => {});
    state.__embedded = null;
  }
  state.__dbReady = undefined;
}
