/**
 * Teaching scale scenario (docs/benchmarks.md), on the default install: 20,000
 * registrations in the vacation teaching with a whole vacation of registers and marks, inserted straight through the
 * driver into a fresh data directory:
 *  - 27 held lessons of each of a registration's subjects (every programme's first six), every register saved: about
 *    2.4 million attendance entries;
 *  - four assignments of each subject, handed in and marked by six students in seven: about 300,000 submissions;
 *  - a Computing lesson of the demo facilitator whose class is 200 science students, its register saved.
 * Then, under autocannon after 20 unmeasured warm-up requests each (as the admin scale scenario does):
 *  - the facilitator's register of that class of 200;
 *  - the facilitator's Students table (their four subjects' students, about 20,000) and one subject of it;
 *  - the demo parent's ward page for a ward with the whole vacation's attendance and marks;
 *  - the facilitator's overview (its performance reads every marked work of their subjects);
 * and the install's memory after a start on those files beside the start with the demo data only, with the data
 * directory's size after each clean stop: what the data adds in memory over what it adds on disk.
 *
 *   npx tsx scripts/bench/teaching-scale.ts [--count 20000] [--requests 100] [--build]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MongoClient } from "mongodb";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";
import { PROGRAMMES, PROGRAMME_SUBJECTS, WARD_FORMS } from "#app/domain/programmes.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import {
  DEMO_VACATION,
  insertRegistrations,
  installRssKiB,
  loadPage,
  signIn,
  WARM_UP_REQUESTS,
} from "./admin-scale.ts";
import { buildApp, startApp, workersOf, type RunningApp } from "./app.ts";

export const FACILITATOR = { role: "facilitator", phone: "0244000002", password: "demo-teacher-2025" };
export const PARENT = { role: "parent", phone: "0244000003", password: "demo-parent-2025" };
/** A vacation's registers per subject: 27 × about 4.5 subjects × 20,000 wards ≈ 2.4 million entries. */
export const LESSONS_PER_SUBJECT = 27;
export const ASSIGNMENTS_PER_SUBJECT = 4;
export const CLASS_SIZE = 200;
export const CLASS_LESSON = "bench-class-of-200";
export const WARD = "bench0000000000";

type Doc = { _id: string; [key: string]: unknown };
type Page = {
  name: string;
  path: string;
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p95: number;
  p99: number;
};

export type TeachingScaleResult = {
  registrations: number;
  attendance: number;
  submissions: number;
  insertSeconds: number;
  pages: Page[];
  memory: {
    /** The install's RSS (MiB), all its processes, 10 s after a healthy start. */
    emptyRssMiB: number;
    loadedRssMiB: number;
    /** The database's data files (snapshot and journal, BSON) after a clean stop (MiB). */
    emptyDiskMiB: number;
    loadedDiskMiB: number;
  };
};

/** The school days (Monday to Saturday) from `from` on, `count` of them. */
function schoolDays(from: string, count: number): string[] {
  const days: string[] = [];
  for (let day = from; days.length < count; day = addDays(day, 1))
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) days.push(day);
  return days;
}

const subjectsOf = (i: number) => PROGRAMME_SUBJECTS[PROGRAMMES[i % PROGRAMMES.length]].slice(0, 3 + (i % 4));

async function flush<T extends Doc>(coll: { insertMany(docs: T[], o: object): Promise<unknown> }, docs: T[]) {
  if (docs.length) await coll.insertMany(docs.splice(0), { ordered: false });
}

/** Inserts the registrations, lessons, registers, assignments and marks; returns the counts. */
export async function insertTeaching(uri: string, count: number) {
  const total = await insertRegistrations(uri, count, () => DEMO_VACATION);
  const client = await MongoClient.connect(uri, { serverMonitoringMode: "poll", heartbeatFrequencyMS: 3_600_000 });
  try {
    const db = client.db();
    const users = db.collection<Doc>("users");
    const facilitator = await users.findOne({ phone: "+233244000002" });
    const parent = await users.findOne({ phone: "+233244000003" });
    if (!facilitator || !parent) throw new Error("the demo accounts are missing");
    const facilitatorId = String(facilitator._id);
    const registrations = db.collection<Doc>("registrations");
    // The demo parent's ward: the first bench registration (science, Form 1, three subjects).
    await registrations.updateOne({ _id: WARD }, { $set: { parentUserId: String(parent._id) } });
    // A class of 200: science students who also take Computing, which the demo facilitator teaches.
    const science = Array.from(
      { length: CLASS_SIZE },
      (_, n) => `bench${String(n * PROGRAMMES.length).padStart(10, "0")}`,
    );
    await db
      .collection<{ _id: string; subjects: string[]; subjectCount: number }>("registrations")
      .updateMany({ _id: { $in: science } }, { $push: { subjects: "Computing" }, $inc: { subjectCount: 1 } });
    await db.collection<Doc>("subjects").updateOne({ name: "Computing" }, { $set: { facilitatorId } });

    const today = schoolDay();
    const days = schoolDays(addDays(today, -7), LESSONS_PER_SUBJECT + 6);
    const lessons = db.collection<Doc>("lessons");
    const lessonDocs: Doc[] = [];
    const lessonId = (programme: string, j: number, k: number) => `bench-lesson.${programme}.${j}.${k}`;
    for (const programme of PROGRAMMES)
      for (const [j, subject] of PROGRAMME_SUBJECTS[programme].slice(0, 6).entries())
        for (let k = 0; k < LESSONS_PER_SUBJECT; k++) {
          const date = days[(k + j) % days.length];
          lessonDocs.push(lessonDoc(lessonId(programme, j, k), programme, subject, date, facilitatorId));
        }
    lessonDocs.push(lessonDoc(CLASS_LESSON, "science", "Computing", addDays(today, -1), facilitatorId));
    await lessons.insertMany(lessonDocs, { ordered: false });

    const attendance = db.collection<Doc>("attendance");
    const markedBy = facilitatorId;
    let entries = 0;
    const batch: Doc[] = [];
    // In the order a school saves them: the k-th lesson's registers, each listing its students (a registration's
    // entries are far apart, as they are in a running vacation's data).
    for (let k = 0; k < LESSONS_PER_SUBJECT; k++)
      for (let i = 0; i < count; i++) {
        const registrationId = `bench${String(i).padStart(10, "0")}`;
        const programme = PROGRAMMES[i % PROGRAMMES.length];
        for (const [j, subject] of subjectsOf(i).entries()) {
          const id = lessonId(programme, j, k);
          const roll = (i * 7 + k * 3 + j) % 20;
          batch.push({
            _id: `${id}.${registrationId}`,
            lessonId: id,
            registrationId,
            vacation: DEMO_VACATION,
            subject,
            date: days[(k + j) % days.length],
            mark: roll === 0 ? "absent" : roll === 1 ? "late" : roll === 2 ? "excused" : "present",
            markedBy,
            markedAt: new Date(),
            changes: [],
          });
          if (batch.length >= 10_000) {
            entries += batch.length;
            await flush(attendance, batch);
          }
        }
      }
    for (const registrationId of science)
      batch.push({
        _id: `${CLASS_LESSON}.${registrationId}`,
        lessonId: CLASS_LESSON,
        registrationId,
        vacation: DEMO_VACATION,
        subject: "Computing",
        date: addDays(today, -1),
        mark: "present",
        markedBy,
        markedAt: new Date(),
        changes: [],
      });
    entries += batch.length;
    await flush(attendance, batch);

    const subjects = [...new Set(PROGRAMMES.flatMap((p) => PROGRAMME_SUBJECTS[p].slice(0, 6)))];
    const assignmentId = (subject: string, a: number) => `bench-assignment.${subject}.${a}`;
    await db.collection<Doc>("assignments").insertMany(
      subjects.flatMap((subject) =>
        Array.from({ length: ASSIGNMENTS_PER_SUBJECT }, (_, a) => ({
          _id: assignmentId(subject, a),
          facilitatorId,
          subject,
          title: `${subject}: exercise ${a + 1}`,
          description: "Answer every question; show your working.",
          vacation: DEMO_VACATION,
          dueAt: new Date(`${days[a * 6]}T18:00:00Z`),
          maxScore: 20,
          refuseLate: false,
          kind: null,
          fileName: null,
          filePath: null,
          fileType: null,
          fileSize: null,
          createdAt: new Date(`${days[a * 6]}T08:00:00Z`),
          updatedAt: new Date(`${days[a * 6]}T08:00:00Z`),
        })),
      ),
    );
    const submissions = db.collection<Doc>("submissions");
    let handedIn = 0;
    // Assignment by assignment, as students hand in before each one's due time.
    for (let a = 0; a < ASSIGNMENTS_PER_SUBJECT; a++)
      for (let i = 0; i < count; i++) {
        const registrationId = `bench${String(i).padStart(10, "0")}`;
        for (const subject of subjectsOf(i)) {
          if ((i + a) % 7 === 0) continue;
          const score = (i * 7 + a * 3) % 21;
          // Handed in over the afternoon before the due time, a second apart (real work never shares a timestamp).
          const at = new Date(Date.parse(`${days[a * 6]}T12:00:00Z`) + i * 1000);
          batch.push({
            _id: `${assignmentId(subject, a)}.${registrationId}`,
            assignmentId: assignmentId(subject, a),
            registrationId,
            subject,
            vacation: DEMO_VACATION,
            text: "My answers are in the photos.",
            files: [],
            submittedAt: at,
            late: false,
            score,
            percent: Math.round((score / 20) * 1000) / 10,
            comment: score >= 14 ? "Well done." : "Show your working.",
            markedBy: facilitatorId,
            markedAt: new Date(at.getTime() + 86_400_000),
            markChanges: [],
          });
          if (batch.length >= 10_000) {
            handedIn += batch.length;
            await flush(submissions, batch);
          }
        }
      }
    handedIn += batch.length;
    await flush(submissions, batch);
    await insertClasses(db);
    return { registrations: total, attendance: entries, submissions: handedIn };
  } finally {
    await client.close();
  }
}

/**
 * Every student's class, as a vacation already running has them (docs/decisions/0112-classes-of-a-workable-size.md):
 * classes of 200 per programme and subject, in the order they enrolled.
 */
async function insertClasses(db: import("mongodb").Db) {
  const rows = await db
    .collection<{ _id: string; programme: string; subjects: string[] }>("registrations")
    .find({ vacation: DEMO_VACATION, withdrawnAt: { $exists: false } }, { projection: { programme: 1, subjects: 1 } })
    .sort({ createdAt: 1, _id: 1 })
    .toArray();
  const seats = new Map<string, number>();
  const places: Doc[] = [];
  for (const r of rows)
    for (const subject of r.subjects) {
      const key = `${r.programme}|${subject}`;
      const k = seats.get(key) ?? 0;
      seats.set(key, k + 1);
      const n = Math.floor(k / CLASS_SIZE) + 1;
      places.push({
        _id: `${r._id}|${key}`,
        registrationId: String(r._id),
        vacation: DEMO_VACATION,
        programme: r.programme,
        subject,
        n,
      });
    }
  const classes: Doc[] = [...seats].flatMap(([key, total]) => {
    const [programme, subject] = key.split("|");
    return Array.from({ length: Math.ceil(total / CLASS_SIZE) }, (_, i) => ({
      _id: `${DEMO_VACATION}|${key}|${i + 1}`,
      vacation: DEMO_VACATION,
      programme,
      subject,
      n: i + 1,
      seats: Math.min(CLASS_SIZE, total - i * CLASS_SIZE),
      facilitatorId: null,
      classPage: null,
    }));
  });
  await db.collection<Doc>("classes").deleteMany({ vacation: DEMO_VACATION });
  await db.collection<Doc>("class_places").deleteMany({ vacation: DEMO_VACATION });
  await db.collection<Doc>("classes").insertMany(classes, { ordered: false });
  while (places.length)
    await db.collection<Doc>("class_places").insertMany(places.splice(0, 10_000), { ordered: false });
}

function lessonDoc(_id: string, programme: string, subject: string, date: string, facilitatorId: string): Doc {
  const at = new Date(`${date}T10:00:00Z`);
  return {
    _id,
    vacation: DEMO_VACATION,
    programme,
    subject,
    forms: [...WARD_FORMS],
    date,
    start: "10:00",
    end: "11:30",
    weeklyClassId: null,
    movedFrom: null,
    cancelled: false,
    cancelledAt: null,
    cancelledBy: null,
    startedAt: at,
    startedBy: facilitatorId,
    joinLink: null,
    registerSavedAt: new Date(at.getTime() + 5_400_000),
    notes: "",
    materialLink: null,
    materialFile: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The database's data on disk (MiB): its snapshot and journal (BSON), without the checkpoint image beside them, a cache
 * of the process's memory that a start may use (packages/embedded-mongo/src/storage.ts).
 */
const dataMiB = (dataDir: string) => {
  const dir = path.join(dataDir, "db");
  return (
    fs
      .readdirSync(dir)
      .filter((name) => /^(snapshot|journal)-\d+\.bson$/.test(name))
      .reduce((n, name) => n + fs.statSync(path.join(dir, name)).size, 0) /
    2 ** 20
  );
};

/** The install's RSS (MiB), 10 s after a healthy start (the first seconds settle the workers and the database). */
async function rssAfterBoot(app: RunningApp): Promise<number> {
  await new Promise((r) => setTimeout(r, 10_000));
  return installRssKiB(app.pid ? [app.pid, ...workersOf(app.pid)] : []) / 1024;
}

export async function runTeachingScale(
  options: { count?: number; requests?: number; buildDir?: string } = {},
): Promise<TeachingScaleResult> {
  const count = options.count ?? 20_000;
  const requests = options.requests ?? 100;
  const log = (m: string) => console.error(`[teaching-scale] ${m}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-teaching-scale-"));
  const start = () => startApp({ buildDir: options.buildDir, defaultInstall: { dataDir }, startTimeoutMs: 300_000 });
  let app = await start();
  try {
    // The baseline: the demo data only, in this run.
    await app.stop();
    const emptyDiskMiB = dataMiB(dataDir);
    app = await start();
    const emptyRssMiB = await rssAfterBoot(app);
    await app.stop();
    // Inserted with the app stopped, straight into its data files: a start finds them as after a day of work.
    const t0 = performance.now();
    const db = await startEmbeddedMongo({
      dataDir: path.join(dataDir, "db"),
      quiet: true,
      compactThresholdBytes: 2 ** 40,
    });
    let counts: Awaited<ReturnType<typeof insertTeaching>>;
    try {
      counts = await insertTeaching(`${db.uri}vacation_classes`, count);
    } finally {
      await db.stop();
    }
    const insertSeconds = (performance.now() - t0) / 1000;
    log(
      `${counts.registrations} registrations, ${counts.attendance} attendance entries, ${counts.submissions} submissions in ${insertSeconds.toFixed(0)} s`,
    );
    app = await start();
    const loadedRssMiB = await rssAfterBoot(app);
    log(`memory after boot: ${emptyRssMiB.toFixed(0)} → ${loadedRssMiB.toFixed(0)} MiB`);

    const facilitator = await signIn(app.url, FACILITATOR);
    const parent = await signIn(app.url, PARENT);
    const scenarios = [
      {
        name: "register of a class of 200",
        path: `/facilitator-dashboard/lessons/${CLASS_LESSON}/register`,
        cookie: facilitator,
      },
      { name: "Students table (four subjects)", path: "/facilitator-dashboard/students", cookie: facilitator },
      {
        name: "Students table, one subject",
        path: "/facilitator-dashboard/students?subject=Physics",
        cookie: facilitator,
      },
      { name: "the parent's ward page", path: `/parent-dashboard/wards/${WARD}`, cookie: parent },
      { name: "the facilitator overview", path: "/facilitator-dashboard", cookie: facilitator },
    ];
    for (const s of scenarios) {
      const warm = await fetch(`${app.url}${s.path}`, { headers: { cookie: s.cookie } });
      if (warm.status !== 200) throw new Error(`${s.path} answered ${warm.status}`);
      await warm.arrayBuffer();
      await loadPage(app.url, s.cookie, s.path, WARM_UP_REQUESTS);
    }
    const pages: Page[] = [];
    for (const s of scenarios) {
      const measured = await loadPage(
        app.url,
        s.cookie,
        s.path,
        s.name.includes("overview") ? Math.ceil(requests / 2) : requests,
      );
      pages.push({ name: s.name, path: s.path, ...measured });
      log(`${s.path}: p95 ${measured.p95} ms over ${measured.requests} requests`);
    }
    // The data as the install keeps it: after its clean stop, compacted into one snapshot (a start compacts the journal
    // the bulk insert left at its first write).
    await app.stop();
    const loadedDiskMiB = dataMiB(dataDir);
    return {
      ...counts,
      insertSeconds,
      pages,
      memory: { emptyRssMiB, loadedRssMiB, emptyDiskMiB, loadedDiskMiB },
    };
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the data adds to the install's memory after boot, over what it adds to the data directory. */
export const memoryRatio = (m: TeachingScaleResult["memory"]) =>
  (m.loadedRssMiB - m.emptyRssMiB) / Math.max(1, m.loadedDiskMiB - m.emptyDiskMiB);

export function formatTeachingScale(r: TeachingScaleResult): string {
  const n = (x: number) => x.toLocaleString("en-GB");
  const m = r.memory;
  return [
    `Teaching scale: ${n(r.registrations)} registrations, ${n(r.attendance)} attendance entries, ${n(r.submissions)} marked submissions (inserted in ${r.insertSeconds.toFixed(0)} s)`,
    ...r.pages.map(
      (p) =>
        `  GET ${p.path.padEnd(56)} p50 ${String(p.p50).padStart(5)} ms  p95 ${String(p.p95).padStart(5)} ms  p99 ${String(p.p99).padStart(5)} ms  (${p.requests} requests, ${p.errors} errors, ${p.non2xx} non-2xx) [${p.name}]`,
    ),
    `  Memory after boot (all the install's processes): ${m.loadedRssMiB.toFixed(0)} MiB, ${m.emptyRssMiB.toFixed(0)} MiB with the demo data only; data on disk (BSON) ${m.loadedDiskMiB.toFixed(0)} MiB, ${m.emptyDiskMiB.toFixed(0)} MiB. The data adds ${(m.loadedRssMiB - m.emptyRssMiB).toFixed(0)} MiB in memory for ${(m.loadedDiskMiB - m.emptyDiskMiB).toFixed(0)} MiB on disk (${memoryRatio(m).toFixed(2)}×)`,
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const buildDir = process.env.BUILD_DIR ?? "build-bench";
  if (!fs.existsSync(path.join(buildDir, "server/index.js")) || process.argv.includes("--build"))
    await buildApp(buildDir);
  const result = await runTeachingScale({
    count: Number(arg("count") ?? 20_000),
    requests: Number(arg("requests") ?? 100),
    buildDir,
  });
  console.log(formatTeachingScale(result));
}
