import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { PROGRAMME_SUBJECTS, PROGRAMMES } from "#app/domain/programmes.ts";
import { isUsableStudentLink } from "#app/domain/whatsapp.ts";
import { seedDemoData, seedIfEmpty, DEMO_ACCOUNTS } from "#app/models/seeds/seed.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { Submission } from "#app/models/submission.server.ts";
import { pendingReviews, performanceOfRegistrations, workOf } from "#app/services/teaching/handins.server.ts";
import { performanceText } from "#app/domain/performance.ts";
import { User } from "#app/models/user.server.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";
import { Registration, getLatestOwnedRegistration } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { verifyPassword } from "#app/models/password.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { Attendance } from "#app/models/attendance.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { wardAttendance } from "#app/services/teaching/progress.server.ts";

useTestDatabase("seed_test");

async function counts() {
  return {
    users: await User.countDocuments(),
    groups: await WhatsappGroup.countDocuments(),
    registrations: await Registration.countDocuments(),
    subjects: await Subject.countDocuments(),
    payments: await Payment.countDocuments(),
    receipts: await Payment.countDocuments({ receiptNumber: { $ne: null } }),
    lessons: await Lesson.countDocuments(),
    attendance: await Attendance.countDocuments(),
    assignments: await Assignment.countDocuments(),
    submissions: await Submission.countDocuments(),
  };
}

describe("demo seed", () => {
  it("creates one account per role, class pages for every programme subject, parent groups and registrations", async () => {
    expect(await seedIfEmpty()).toBe(true);
    for (const account of DEMO_ACCOUNTS) {
      const user = await User.findOne({ phone: normalizePhone(account.phone) })
        .select("+passwordHash role")
        .lean();
      expect(user?.role).toBe(account.role);
      expect(await verifyPassword(account.password, user?.passwordHash)).toBe(true);
    }
    for (const programme of PROGRAMMES) {
      const pages = await WhatsappGroup.find({ programme, groupType: "student" }).lean();
      expect(pages.map((g) => g.subjectName).sort()).toEqual([...PROGRAMME_SUBJECTS[programme]].sort());
    }
    const links = (await WhatsappGroup.find({ groupType: "student" }).lean()).map((g) => g.whatsappLink);
    expect(links.some((l) => !isUsableStudentLink(l))).toBe(true); // 'Class Page Coming Soon' shows somewhere
    expect(await WhatsappGroup.countDocuments({ groupType: "parent", programme: "science" })).toBe(1);
    expect(await WhatsappGroup.countDocuments({ groupType: "parent", programme: { $ne: "science" } })).toBeGreaterThan(
      0,
    );
    // The demo student owns a registration through their phone (docs/product.md#data-rules), which the seed marks verified.
    const student = await User.findOne({ role: "student" }).lean();
    expect(student!.phoneVerifiedAt).toBeInstanceOf(Date);
    const registration = await getLatestOwnedRegistration({
      _id: student!._id,
      phone: student!.phone,
      role: "student",
      phoneVerifiedAt: student!.phoneVerifiedAt,
    });
    expect(registration?.programme).toBe("science");
  });

  it("shows fees: amounts due, confirmed payments with receipts, pending payments, and every payment state", async () => {
    const yaw = await Registration.findOne({ reference: "demoyawowusu" }).lean();
    expect(yaw).toMatchObject({ amountDue: 45000, amountPaid: 20000, paymentStatus: "part-paid" });
    expect(await Registration.findOne({ reference: "demoabenaa01" }).lean()).toMatchObject({ paymentStatus: "paid" });
    expect(await Registration.findOne({ reference: "demokojob001" }).lean()).toMatchObject({ paymentStatus: "unpaid" });
    expect(await Payment.countDocuments({ state: "pending" })).toBe(2);
    const receipts = (await Payment.find({ state: "confirmed" }).lean()).map((p) => p.receiptNumber).sort();
    expect(receipts).toEqual([1, 2, 3]);
  });

  it("shows attendance: the demo ward missed one Mathematics lesson and was late to Physics", async () => {
    const yaw = (await Registration.findOne({ reference: "demoyawowusu" }).lean())!;
    const figures = await wardAttendance(yaw);
    expect(figures.subjects.filter((s) => s.held).map((s) => [s.subject, s.text])).toEqual([
      ["Mathematics", "1 of 2 (50%)"],
      ["Physics", "1 of 1 (100%)"],
    ]);
    expect(figures.overall.text).toBe("2 of 3 (67%)");
  });

  it("shows work: the demo ward's marked Mathematics work (75%, Good) and one Physics hand-in to mark", async () => {
    const yaw = (await Registration.findOne({ reference: "demoyawowusu" }).lean())!;
    const work = await workOf(yaw);
    expect(work.map((w) => [w.assignment.subject, w.status])).toEqual([
      ["Physics", "open"],
      ["Mathematics", "marked"],
    ]);
    const figures = (await performanceOfRegistrations([String(yaw._id)])).get(String(yaw._id));
    expect(performanceText(figures!.overall)).toBe("75% (Good)");
    expect(await pendingReviews(["Mathematics", "Physics"])).toBe(1);
    // In order: each assignment set days before it is due, its work handed in after it was set and marked after that.
    for (const a of await Assignment.find().lean()) {
      expect(a.createdAt.getTime(), a.title).toBeLessThan(a.dueAt!.getTime() - 86_400_000);
      for (const s of await Submission.find({ assignmentId: a._id }).lean()) {
        expect(s.submittedAt.getTime(), a.title).toBeGreaterThan(a.createdAt.getTime());
        if (s.markedAt) expect(s.markedAt.getTime(), a.title).toBeGreaterThan(s.submittedAt.getTime());
      }
    }
  });

  it("is idempotent: running it again changes nothing", async () => {
    const before = await counts();
    await seedDemoData();
    expect(await counts()).toEqual(before);
    expect(await seedIfEmpty()).toBe(false);
  });
});
