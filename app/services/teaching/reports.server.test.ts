import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { CODE_MASK, Outbox } from "#app/models/outbox.server.ts";
import { unseal } from "#app/models/infra/sealed-secret.server.ts";
import { setPhoneChoices } from "#app/models/phone-preference.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { Submission } from "#app/models/submission.server.ts";
import { handIn, markWork } from "#app/services/teaching/handins.server.ts";
import { reportPdf, sendReports } from "#app/services/teaching/reports.server.ts";
import { readReportToken, reportToken } from "#app/utils/report-link.server.ts";

useTestDatabase("reports_test", { init: [Assignment, AuditLog, Outbox, Registration, Subject, Submission] });

const V = "Reports vacation";

describe("a report's signed link", () => {
  it("opens its ward's report for 30 days, and nothing once changed or expired", () => {
    const now = new Date("2026-12-20T10:00:00Z");
    const token = reportToken("abcdefghij0123456789", now);
    expect(readReportToken(token, now)).toBe("abcdefghij0123456789");
    expect(readReportToken(token, new Date("2027-01-19T23:00:00Z"))).toBe("abcdefghij0123456789");
    expect(readReportToken(token, new Date("2027-01-21T00:00:01Z"))).toBe("expired");
    // Another ward's id, a later expiry, a changed signature: not ours.
    const [, expires, mac] = token.split(".");
    expect(readReportToken(`abcdefghij0123456780.${expires}.${mac}`, now)).toBeNull();
    expect(readReportToken(`abcdefghij0123456789.${(parseInt(expires, 36) + 30).toString(36)}.${mac}`, now)).toBeNull();
    expect(readReportToken(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, now)).toBeNull();
    expect(readReportToken("../../etc/passwd", now)).toBeNull();
  });
});

describe("end-of-vacation reports", () => {
  it("print attendance, each mark with its comment, the average and missing work; one SMS per ward, once, none to STOP", async () => {
    await Subject.create({ name: "Mathematics", facilitatorId: "fac-r" });
    const [ward] = await Registration.create([
      registrationDoc(701, {
        vacation: V,
        wardName: "Ɛsi Report",
        studentUserId: "stu-r",
        createdAt: new Date(Date.now() - 7 * 86_400_000),
      }),
      registrationDoc(702, { vacation: V, wardName: "Stopped Ward", whatsappNumberNormalized: "+233240007777" }),
    ]);
    await setPhoneChoices("+233240007777", { announcements: false, summaries: false, reports: false }); // STOP
    const [done] = await Assignment.create([
      { facilitatorId: "fac-r", subject: "Mathematics", title: "Fractions", vacation: V, maxScore: 10 },
      {
        facilitatorId: "fac-r",
        subject: "Mathematics",
        title: "Decimals",
        vacation: V,
        dueAt: new Date(Date.now() - 86_400_000),
      },
    ]);
    await handIn({ _id: "stu-r", role: "student", phone: "+233550000001" }, String(done._id), {
      text: "1/2",
      files: [],
    });
    const id = `${done._id}.${ward._id}`;
    await markWork(
      id,
      { _id: "fac-r", role: "facilitator" },
      {
        score: 9,
        comment: "Very neat.",
        seen: (await Submission.findById(id).lean())!.submittedAt,
      },
    );

    const { pdf, fileName } = await reportPdf(ward.toObject());
    expect(fileName).toBe("report-si-report-reports-vacation.pdf");
    const text = pdfText(pdf);
    for (const line of [
      "Ɛsi Report",
      "End-of-vacation report: Reports vacation",
      "Mathematics: No lessons held yet",
      "Mathematics: 90% (Excellent)",
      "Fractions: 9 of 10 (90%)",
      "“Very neat.”",
      "Missing: Decimals",
    ])
      expect(text).toContain(line);

    const preview = await sendReports(V, false);
    expect(preview).toMatchObject({ wards: 1, stopped: 1, queued: 0 });
    expect(preview.sample).toMatch(
      /^Vacation Classes: Esi Report's report for the Reports vacation is ready: \S+\/reports\/\S+ /,
    );
    expect(await sendReports(V, { actorId: "admin-r" })).toMatchObject({ wards: 1, queued: 1 });
    expect(await sendReports(V, { actorId: "admin-r" })).toMatchObject({ wards: 1, queued: 0 });
    const sent = await Outbox.find({ template: "report" }).lean();
    expect(sent.map((m) => m.key)).toEqual([`report:${ward._id}`]);
    // The stored text opens nothing (Admin → Messages shows it); the sender puts the sealed token back.
    expect(sent[0].text).toContain(`/reports/${CODE_MASK}`);
    expect(readReportToken(unseal(sent[0].secret!)!)).toBe(String(ward._id));
  });
});
