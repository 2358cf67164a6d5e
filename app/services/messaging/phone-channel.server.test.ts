import { beforeAll, describe, expect, it, vi } from "vitest";
import { PhonePreference } from "#app/models/phone-preference.server.ts";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { Registration } from "#app/models/registration.server.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { UssdSession } from "#app/models/phone-channel-log.server.ts";

// Imported once the test database is up: the rate limits connect through the app's own connection settings.
let channel: typeof import("#app/services/messaging/phone-channel.server.ts");
let RATE_LIMITS: (typeof import("#app/utils/rate-limits.server.ts"))["RATE_LIMITS"];

useTestDatabase("phone_channel_test");

const phone = "+233501230001";
beforeAll(async () => {
  channel = await import("#app/services/messaging/phone-channel.server.ts");
  ({ RATE_LIMITS } = await import("#app/utils/rate-limits.server.ts"));
  await Registration.init();
  await Registration.create(
    registrationDoc(1230001, {
      whatsappNumber: "0501230001",
      whatsappNumberNormalized: phone,
      wardName: "Esi Mensah",
      programme: "arts",
      subjects: ["Literature", "History"],
    }),
  );
});

const screen = async (sessionId: string, text: string, from = phone, deadline?: number) =>
  channel.africasTalkingScreen(
    await channel.answerUssd(
      { sessionId, serviceCode: "*920*44#", phoneNumber: from, text },
      "https://portal.example.org",
      deadline,
    ),
  );

describe("answering USSD", () => {
  it("keys the menu on the caller's number in any spelling, and records the session with the number masked", async () => {
    // The number's first visit: its language first; the answer is kept, and this session's path read after it.
    expect(await screen("s1", "", "0501230001")).toMatch(/^CON Vacation Classes\nChoose your language/);
    expect(await screen("s1", "1", "233501230001")).toMatch(/^CON Esi Mensah\n1\. Enrolment status/);
    expect(await screen("s1", "1*1", "233501230001")).toBe("END Esi Mensah: General Arts, 2 subject(s), enrolled.");
    expect(await PhonePreference.findById(phone).lean()).toMatchObject({ language: "en" });
    // The next session goes straight to the menu.
    expect(await screen("s1b", "1")).toBe("END Esi Mensah: General Arts, 2 subject(s), enrolled.");
    await vi.waitFor(async () =>
      expect(await UssdSession.findById("s1").lean()).toMatchObject({
        phoneMasked: "050 ••• ••01",
        screens: 3,
        last: "status",
      }),
    );
  });

  it("reads a session that asked the language after its answer, even when the language was set elsewhere meanwhile", async () => {
    const other = "+233501230003";
    await Registration.create(
      registrationDoc(1230003, {
        whatsappNumber: "0501230003",
        whatsappNumberNormalized: other,
        wardName: "Kofi Ansah",
      }),
    );
    expect(await screen("s5", "", other)).toMatch(/Choose your language/);
    // A TWI by SMS lands between the question and the answer.
    await PhonePreference.updateOne({ _id: other }, { $set: { language: "tw" } }, { upsert: true });
    expect(await screen("s5", "1", other)).toMatch(/^CON Kofi Ansah\n1\. Enrolment status/);
    expect(await screen("s5", "1*4", other)).toMatch(/^END Vacation Classes: call /);
    expect(await PhonePreference.findById(other).lean()).toMatchObject({ language: "en" });
  });

  it("answers a short 'busy' screen rather than nothing when the work runs past the deadline", async () => {
    expect(await screen("s2", "", phone, 0)).toBe(`END ${channel.BUSY_TEXT}`);
  });

  it("refuses a number past its limit with a screen that says so", async () => {
    const other = "+233501239999";
    for (let i = 0; i < RATE_LIMITS.phoneChannelPerNumber; i++) await screen(`s3-${i}`, "", other);
    expect(await screen("s3-last", "", other)).toBe(`END ${channel.LIMITED_TEXT}`);
    expect(await screen("s4", "")).toMatch(/^CON /);
  });
});

describe("SMS keywords for the number's own choices", () => {
  const sms = (id: string, text: string, from = "+233501230002") =>
    channel.answerInboundSms({ id, from, text }, "https://portal.example.org");
  const reply = async (id: string) => {
    const { Outbox } = await import("#app/models/outbox.server.ts");
    return (await Outbox.findOne({ key: `sms-reply:${id}` }).lean())?.text;
  };

  it("TWI and ENGLISH set the language, STOP and START the messages a number may stop, each answered once", async () => {
    expect(await sms("in-1", "twi")).toBe("queued");
    expect(await PhonePreference.findById("+233501230002").lean()).toMatchObject({ language: "tw" });
    expect(await reply("in-1")).toMatch(/will now be in Twi/);
    expect(await sms("in-1", "twi")).toBe("repeat");
    expect(await sms("in-2", "STOP please")).toBe("queued");
    expect(await PhonePreference.findById("+233501230002").lean()).toMatchObject({ optedOut: true });
    expect(await reply("in-2")).toMatch(/no more announcements.*Codes and receipts still come/);
    expect(await sms("in-3", "Start")).toBe("queued");
    expect(await PhonePreference.findById("+233501230002").lean()).toMatchObject({ optedOut: false, language: "tw" });
  });
});

describe("callback addresses (PHONE_CALLBACK_ADDRESSES)", () => {
  it("lets any address through when unset, and only the listed addresses and ranges when set", async () => {
    const { callbackAddressAllowed } = await import("#app/services/messaging/phone-channel.server.ts");
    expect(callbackAddressAllowed("203.0.113.9", undefined)).toBe(true);
    const list = "52.48.80.0/24, 34.255.0.17";
    expect(callbackAddressAllowed("52.48.80.201", list)).toBe(true);
    expect(callbackAddressAllowed("::ffff:34.255.0.17", list)).toBe(true);
    expect(callbackAddressAllowed("52.48.81.1", list)).toBe(false);
    expect(callbackAddressAllowed("unknown", list)).toBe(false);
    // A typo refuses its entry only.
    expect(callbackAddressAllowed("34.255.0.17", "52.48.80.0/abc, 34.255.0.17")).toBe(true);
  });
});

describe("a ward enrolled again for the next vacation", () => {
  it("is one ward on the menu, shown by the vacation teaching, each vacation's fees named on the Fees screen", async () => {
    const { VacationModel, forgetVacations } = await import("#app/models/vacation.server.ts");
    const { addDays, schoolDay } = await import("#app/domain/vacations.ts");
    const today = schoolDay();
    // These two alone: the one teaching now and the next, taking enrolments.
    await VacationModel.deleteMany({});
    await VacationModel.create([
      {
        _id: "Teaching vacation",
        registrationOpens: addDays(today, -40),
        registrationCloses: addDays(today, 10),
        lessonsStart: addDays(today, -5),
        lessonsEnd: addDays(today, 20),
      },
      {
        _id: "Next vacation",
        registrationOpens: addDays(today, -1),
        registrationCloses: addDays(today, 60),
        lessonsStart: addDays(today, 30),
        lessonsEnd: addDays(today, 50),
      },
    ]);
    forgetVacations();
    const family = "+233501238888";
    const ward = {
      whatsappNumber: "0501238888",
      whatsappNumberNormalized: family,
      wardName: "Yaw Twice",
      wardNameKey: "yaw twice",
      wardWhatsappNormalized: "+233551239999",
    };
    await Registration.create([
      registrationDoc(1239001, { ...ward, vacation: "Teaching vacation", amountDue: 45000, amountPaid: 20000 }),
      registrationDoc(1239002, { ...ward, vacation: "Next vacation", amountDue: 45000, amountPaid: 0 }),
    ]);
    const wards = await channel.wardsForNumber(family);
    expect(wards.map((w) => [w.wardName, w.vacation])).toEqual([["Yaw Twice", "Teaching vacation"]]);
    expect(wards[0].alsoEnrolled).toMatchObject([{ vacation: "Next vacation", amountDue: 45000, amountPaid: 0 }]);
    // No list to choose from (one ward): option 2 straight away, each vacation named, on one screen.
    const fees = await screen("twice-1", "1*2", family);
    expect(fees).toBe(
      "END Yaw Twice\nTeaching vacation: due GHS 450.00, paid GHS 200.00, balance GHS 250.00.\nNext vacation: due GHS 450.00, paid GHS 0.00, balance GHS 450.00.",
    );
  });
});
