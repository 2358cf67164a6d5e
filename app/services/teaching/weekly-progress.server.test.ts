import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { insertVacationOfNow, registrationDoc } from "#tests/support/registration-doc.ts";
import { weeklyProgressSms } from "#app/domain/sms-messages.ts";
import { smsLength } from "#app/domain/sms.ts";
import { weekStart } from "#app/domain/lessons.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { JobRun } from "#app/models/job-run.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { setPhoneChoices } from "#app/models/phone-preference.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { saveSettings } from "#app/models/settings.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { Submission } from "#app/models/submission.server.ts";
import { handIn, markWork } from "#app/services/teaching/handins.server.ts";
import {
  sendWeeklyProgress,
  weeklyProgressIfDue,
  weeklyProgressPreview,
} from "#app/services/teaching/weekly-progress.server.ts";

useTestDatabase("weekly_progress_test", {
  init: [Assignment, AuditLog, JobRun, Outbox, Registration, Subject, Submission],
});

const V = "Weekly vacation";

describe("the weekly progress SMS text", () => {
  it("has a line per ward in the 7-bit alphabet, within two parts, leaving to the portal the wards that do not fit", () => {
    const ward = (wardName: string) => ({ wardName, attended: 9, held: 10, missing: 1, average: 75 });
    const two = weeklyProgressSms([ward("Ɛsi Mensah"), ward("Kofi Mensah")], "https://portal.example.org/portal");
    expect(two).toBe(
      "Vacation Classes this week: Esi Mensah: 9/10 lessons, 1 work missing, marks 75% (Good). Kofi Mensah: 9/10 lessons, 1 work missing, marks 75% (Good). More: https://portal.example.org/portal",
    );
    expect(smsLength(two)).toMatchObject({ encoding: "GSM-7", segments: 2 });
    const many = weeklyProgressSms(
      Array.from({ length: 6 }, (_, i) => ({ ...ward(`Odomankoma Esi Asantewaa ${i}`), average: null })),
      "https://portal.example.org/portal",
    );
    expect(smsLength(many).segments).toBeLessThanOrEqual(2);
    expect(many).toContain("Odomankoma Esi Asantewaa 0: 9/10 lessons, 1 work missing, marks none yet.");
    expect(many).not.toContain("Asantewaa 5");
  });
});

describe("this week's progress", () => {
  it("goes once per parent number with all its wards, none to a number that sent STOP; a second send queues nothing", async () => {
    await insertVacationOfNow(V);
    await Subject.create({ name: "Mathematics", facilitatorId: "fac-w" });
    const parent = "+233240001111";
    const stopped = "+233240002222";
    // Enrolled a week ago; Esi only now, after B was due: B is not asked of her.
    const enrolled = new Date(Date.now() - 7 * 86_400_000);
    const [ama] = await Registration.create([
      registrationDoc(501, {
        vacation: V,
        wardName: "Ama",
        whatsappNumberNormalized: parent,
        studentUserId: "stu-ama",
        createdAt: enrolled,
      }),
      registrationDoc(502, { vacation: V, wardName: "Kwame", whatsappNumberNormalized: parent, createdAt: enrolled }),
      registrationDoc(504, { vacation: V, wardName: "Esi", whatsappNumberNormalized: parent }),
    ]);
    await Registration.create(
      registrationDoc(503, { vacation: V, wardName: "Yaa", whatsappNumberNormalized: stopped }),
    );
    await setPhoneChoices(stopped, { announcements: false, summaries: false, reports: false }); // STOP
    // A due in an hour, which Ama handed in (marked 15 of 20); B due yesterday, which nobody handed in.
    const [a] = await Assignment.create([
      {
        facilitatorId: "fac-w",
        subject: "Mathematics",
        title: "A",
        vacation: V,
        maxScore: 20,
        dueAt: new Date(Date.now() + 3_600_000),
      },
      {
        facilitatorId: "fac-w",
        subject: "Mathematics",
        title: "B",
        vacation: V,
        dueAt: new Date(Date.now() - 86_400_000),
      },
    ]);
    const student = { _id: "stu-ama", role: "student", phone: "+233550000000" };
    await handIn(student, String(a._id), { text: "done", files: [] });
    const work = `${a._id}.${ama._id}`;
    await markWork(
      work,
      { _id: "fac-w", role: "facilitator" },
      {
        score: 15,
        comment: null,
        seen: (await Submission.findById(work).lean())!.submittedAt,
      },
    );

    const preview = await weeklyProgressPreview();
    expect(preview).toMatchObject({ vacation: V, phones: 1, stopped: 1, sentThisWeek: 0 });
    // The SMS parts in all, as the run counts them (one number here: its text's parts).
    expect(preview.segments).toBe(smsLength(preview.sample!).segments);
    expect(preview.segments).toBeGreaterThan(0);
    expect(preview.sample).toContain("Ama: 0/0 lessons, 1 work missing, marks 75% (Good).");
    expect(preview.sample).toContain("Kwame: 0/0 lessons, 1 work missing, marks none yet.");
    expect(preview.sample).toContain("Esi: 0/0 lessons, 0 work missing, marks none yet.");
    expect(await Outbox.countDocuments({ template: "weekly-progress" })).toBe(0);

    expect(await sendWeeklyProgress("admin-1")).toMatchObject({ phones: 1, queued: 1 });
    expect(await sendWeeklyProgress("admin-1")).toMatchObject({ phones: 1, queued: 0 });
    expect(await weeklyProgressPreview()).toMatchObject({ phones: 1, sentThisWeek: 1 });
    const sent = await Outbox.find({ template: "weekly-progress" }).lean();
    expect(sent.map((m) => m.to)).toEqual([parent]);
    expect(sent[0].key).toBe(`weekly-progress:${V}:${weekStart(schoolDay())}:${parent}`);
  });

  it("is due on Fridays from 4 pm while the switch is on, and one caller a week runs it", async () => {
    await insertVacationOfNow(V);
    const thisWeek = weekStart(schoolDay());
    const friday = (hour: number) => new Date(`${addDays(thisWeek, 4)}T${String(hour).padStart(2, "0")}:30:00Z`);
    expect(await weeklyProgressIfDue(new Date(`${addDays(thisWeek, 3)}T17:00:00Z`))).toBeNull();
    expect(await weeklyProgressIfDue(friday(15))).toBeNull();
    await saveSettings({ weeklyProgressSms: false });
    expect(await weeklyProgressIfDue(friday(16))).toBeNull();
    await saveSettings({ weeklyProgressSms: true });
    const [first, second] = await Promise.all([weeklyProgressIfDue(friday(16)), weeklyProgressIfDue(friday(16))]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await JobRun.findById(`weekly-progress:${V}:${thisWeek}`).lean()).toMatchObject({
      finishedAt: expect.any(Date),
    });
    expect(await weeklyProgressIfDue(friday(18))).toBeNull();
  });
});
