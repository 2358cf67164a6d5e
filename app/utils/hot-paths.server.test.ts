/**
 * The hot paths answer from indexes: sign-in, the session lookup of every request, the student and parent portals,
 * the enrolment duplicate check, and the admin list with each of its filters. Each is run as the app runs it and
 * the database's own count of collection scans (serverStatus `metrics.queryExecutor.collectionScans.total`, which
 * MongoDB keeps too) must not move. A new query without an index on one of these paths fails here.
 */
import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { normalizePhone } from "#app/domain/phone.ts";
useTestDatabase("hot_paths");

// Modules that read their configuration (the database URI) when imported come after the test database is up.
let auth: typeof import("#app/utils/auth.server.ts");
let seed: typeof import("#app/models/seeds/seed.server.ts");
let users: typeof import("#app/models/user.server.ts");
let registrations: typeof import("#app/models/registration.server.ts");
let communications: typeof import("#app/models/communication.server.ts");
let evaluations: typeof import("#app/models/evaluation.server.ts");
let groups: typeof import("#app/models/whatsapp-group.server.ts");
let timetables: typeof import("#app/models/timetable.server.ts");
let sessions: typeof import("#app/utils/session-cookie.server.ts");
let studentPortal: typeof import("#app/routes/student/+shared/portal.server.ts");

type Work = { scans: number; examinedNotMatched: number };

async function counters() {
  const { metrics } = await mongoose.connection.db!.admin().command({ serverStatus: 1 });
  return {
    scans: metrics.queryExecutor.collectionScans.total as number,
    examined: metrics.queryExecutor.scannedObjects as number,
    matched: metrics.embedded?.documentsMatched as number,
  };
}

/**
 * What a piece of work cost the database: collection scans (MongoDB counts them too), and documents a plan read
 * and then threw away because they did not match (the embedded server's count; an index answers with none or few,
 * a scan or a filtering index walk with many).
 */
async function scansDuring(work: () => Promise<unknown>): Promise<Work> {
  const before = await counters();
  await work();
  const after = await counters();
  return {
    scans: after.scans - before.scans,
    examinedNotMatched: after.examined - before.examined - (after.matched - before.matched),
  };
}

const NONE: Work = { scans: 0, examinedNotMatched: 0 };

const account = (role: string) => seed.DEMO_ACCOUNTS.find((a) => a.role === role)!;

async function signedInRequest(role: string): Promise<Request> {
  const user = await users.User.findOne({ phone: normalizePhone(account(role).phone) }).lean();
  const setCookie = await sessions.createUserSession(String(user!._id));
  return new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } });
}

beforeAll(async () => {
  auth = await import("#app/utils/auth.server.ts");
  seed = await import("#app/models/seeds/seed.server.ts");
  users = await import("#app/models/user.server.ts");
  registrations = await import("#app/models/registration.server.ts");
  communications = await import("#app/models/communication.server.ts");
  evaluations = await import("#app/models/evaluation.server.ts");
  groups = await import("#app/models/whatsapp-group.server.ts");
  timetables = await import("#app/models/timetable.server.ts");
  sessions = await import("#app/utils/session-cookie.server.ts");
  studentPortal = await import("#app/routes/student/+shared/portal.server.ts");
  // The app's start-up work (connectDb repairs half-done payments, a one-off scan) happens before any request.
  await (await import("#app/models/db.server.ts")).connectDb();
  await seed.seedIfEmpty();
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
});

describe("hot paths use indexes, never a collection scan", () => {
  it("sign-in", async () => {
    const { phone, password } = account("parent");
    const request = new Request("http://localhost/portal", {
      method: "POST",
      body: new URLSearchParams({ phone, password }),
    });
    let user: unknown;
    expect(
      await scansDuring(async () => (user = await auth.authenticator.authenticate("phone-password", request))),
    ).toEqual(NONE);
    expect(user).toMatchObject({ role: "parent" });
  });

  it("the session lookup of every request", async () => {
    const request = await signedInRequest("student");
    let info: Awaited<ReturnType<typeof sessions.getSessionInfo>> = null;
    expect(await scansDuring(async () => (info = await sessions.getSessionInfo(request)))).toEqual(NONE);
    expect(info!.user.role).toBe("student");
  });

  it("the student portal", async () => {
    const request = await signedInRequest("student");
    expect(
      await scansDuring(async () => {
        const info = await auth.requireRole(request, studentPortal.STUDENT_PORTAL_ROLES);
        const { registration, classPages } = await studentPortal.getStudentPortal(request, info);
        expect(registration).not.toBeNull();
        expect(classPages.length).toBeGreaterThan(0);
        await communications.countUnseenAnnouncements(info.effectiveUser);
      }),
    ).toEqual(NONE);
  });

  it("the parent portal", async () => {
    const request = await signedInRequest("parent");
    expect(
      await scansDuring(async () => {
        const { effectiveUser } = await auth.requireRole(request, ["parent", "admin"]);
        const owned = await registrations.getParentRegistrations(effectiveUser);
        expect(owned.length).toBeGreaterThan(0);
        await timetables.listTimetablesFor(owned);
        await communications.countUnseenAnnouncements(effectiveUser);
        await evaluations.formsForWards(
          effectiveUser._id,
          owned.map((r) => ({
            _id: String(r._id),
            wardName: r.wardName,
            programme: r.programme,
            subjects: r.subjects ?? [],
          })),
        );
        for (const r of owned) {
          await groups.getGroupsForSubjects(r, "student");
          await groups.findParentGroupForProgramme(r.programme);
        }
      }),
    ).toEqual(NONE);
  });

  it("the enrolment duplicate check", async () => {
    const existing = await registrations.Registration.findOne().lean();
    let found: unknown;
    expect(
      await scansDuring(async () => {
        found = await registrations.findDuplicateRegistration({
          vacation: existing!.vacation!,
          programme: existing!.programme,
          wardWhatsappNormalized: existing!.wardWhatsappNormalized!,
          wardNameKey: registrations.wardNameKey(existing!.wardName),
        });
      }),
    ).toEqual(NONE);
    expect(found).toBeTruthy();
  });

  it("the admin registrations list, unfiltered and by each filter", async () => {
    const existing = await registrations.Registration.findOne().lean();
    for (const filters of [
      {},
      { programme: existing!.programme },
      { payment: existing!.paymentStatus },
      { programme: existing!.programme, payment: existing!.paymentStatus },
      { q: existing!.wardName.split(" ")[0] },
    ]) {
      let total = 0;
      expect({
        filters,
        work: await scansDuring(
          async () =>
            (total = (await registrations.listAdminRegistrations({ ...filters, page: 1, perPage: 20 } as never)).total),
        ),
      }).toEqual({ filters, work: NONE });
      expect(total).toBeGreaterThan(0);
    }
  });
});
