import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { User } from "#app/models/user.server.ts";
import {
  CLASS_REQUEST_ALREADY,
  CLASS_REQUEST_SUBJECT,
  askForClass,
} from "#app/services/teaching/class-requests.server.ts";

useTestDatabase("class_requests_test", { init: [AuditLog, Outbox, User] });

const facilitator = { _id: "fac-cr", role: "facilitator" };
const name = { fullName: "Kofi Mensah", displayName: null };

describe("asking the office for a class", () => {
  it("tells every admin once, by e-mail where the account has one, else by SMS; audited as who asked; once a day", async () => {
    await User.create([
      {
        _id: "adm-mail",
        role: "admin",
        fullName: "Office A",
        phone: "+233240000101",
        email: "office@example.org",
        passwordHash: "x",
      },
      { _id: "adm-sms", role: "admin", fullName: "Office B", phone: "+233240000102", email: null, passwordHash: "x" },
      {
        _id: "adm-off",
        role: "admin",
        fullName: "Office C",
        phone: "+233240000103",
        disabledAt: new Date(),
        passwordHash: "x",
      },
    ]);
    const note = "A second Form 2 class of Mathematics, about 40 students.";
    const viewedAs = { ...facilitator, viewingAdminId: "adm-mail" };
    expect(await askForClass(viewedAs, name, ["Mathematics"], { subject: "Mathematics", note })).toEqual({
      ok: true,
      told: 2,
    });
    const sent = await Outbox.find({ template: "class-request" }).sort({ channel: 1 }).lean();
    expect(sent.map((m) => [m.channel, m.to])).toEqual([
      ["email", "office@example.org"],
      ["sms", "+233240000102"],
    ]);
    expect(sent[0].text).toBe(
      `Vacation Classes: Kofi Mensah asks for a new class of Mathematics: "${note}". Admin → Classes.`,
    );
    expect(await AuditLog.findOne({ action: "classes.request" }).lean()).toMatchObject({
      actorId: "adm-mail",
      asUserId: "fac-cr",
    });
    // The same request again today: refused, nothing queued twice.
    expect(await askForClass(facilitator, name, ["Mathematics"], { subject: "Mathematics", note })).toEqual({
      ok: false,
      status: 409,
      message: CLASS_REQUEST_ALREADY,
    });
    expect(await Outbox.countDocuments({ template: "class-request" })).toBe(2);
  });

  it("refuses a subject that is not the facilitator's, by its field, telling nobody", async () => {
    expect(
      await askForClass(facilitator, name, ["Mathematics"], { subject: "Physics", note: "A Physics class please" }),
    ).toEqual({ ok: false, status: 400, field: "subject", message: CLASS_REQUEST_SUBJECT });
    expect(await AuditLog.countDocuments({ action: "classes.request", "details.subject": "Physics" })).toBe(0);
  });
});
