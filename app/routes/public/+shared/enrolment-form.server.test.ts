import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { enrolmentForm } from "#tests/support/fixtures.ts";
import { Registration } from "#app/models/registration.server.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";

// Imported once the test database is up: the enrolment limits connect through the app's own connection settings.
let enrolment: typeof import("#app/routes/public/+shared/enrolment-form.server.ts");
let service: typeof import("#app/services/people/enrolment.server.ts");

useTestDatabase("enrolment_test");

const today = schoolDay();
const RUNNING = "2026 Christmas vacation";
const NEXT = "2027 Easter vacation";
const PAST = "2026 Long vacation";

beforeAll(async () => {
  enrolment = await import("#app/routes/public/+shared/enrolment-form.server.ts");
  service = await import("#app/services/people/enrolment.server.ts");
  const { VacationModel, forgetVacations } = await import("#app/models/vacation.server.ts");
  const vacation = (name: string, opens: number, closes: number, start: number, end: number) => ({
    _id: name,
    registrationOpens: addDays(today, opens),
    registrationCloses: addDays(today, closes),
    lessonsStart: addDays(today, start),
    lessonsEnd: addDays(today, end),
    newSchoolYear: false,
    datesFromUpgrade: false,
  });
  await VacationModel.insertMany([
    vacation(PAST, -120, -70, -80, -60),
    // Lessons running, its window open for two weeks more; the next one's window opened today.
    vacation(RUNNING, -40, 14, -7, 20),
    vacation(NEXT, 0, 60, 50, 90),
  ]);
  forgetVacations();
  await Registration.init();
});

const enrol = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(enrolmentForm(fields))) form.append(k, v);
  return enrolment.processRegistration(form, {
    adminRegistration: false,
    userId: null,
    address: `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
  });
};

const vacationOf = async (outcome: Awaited<ReturnType<typeof enrol>>) => {
  expect(outcome.status).toBe("ok");
  const reference = outcome.status === "ok" ? outcome.reference : "";
  return (await Registration.findOne({ reference }).lean<{ vacation: string }>())?.vacation;
};

describe("enrolling while two vacations take enrolments", () => {
  it("enrols in the vacation the form names, the running one when it names none", async () => {
    expect(await vacationOf(await enrol({ vacation: NEXT }))).toBe(NEXT);
    expect(await vacationOf(await enrol({ vacation: RUNNING }))).toBe(RUNNING);
    expect(await vacationOf(await enrol({}))).toBe(RUNNING);
  });

  it("refuses, by its field, a vacation whose window is closed or that does not exist, and stores nothing", async () => {
    for (const name of [PAST, "2030 Made-up vacation"]) {
      const wardName = `Ward of ${name}`;
      const outcome = await enrol({ vacation: name, wardName });
      expect(outcome).toMatchObject({ status: "error", httpStatus: 400 });
      expect(outcome.status === "error" && outcome.result.error).toMatchObject({
        vacation: [service.VACATION_NOT_ENROLLING],
      });
      expect(await Registration.countDocuments({ wardName })).toBe(0);
    }
  });

  it("lets the same ward enrol once in each vacation", async () => {
    const ward = { wardName: "Kofi Twice", wardWhatsapp: "0241230999", whatsappNumber: "0241230998" };
    expect(await vacationOf(await enrol({ ...ward, vacation: RUNNING }))).toBe(RUNNING);
    expect(await vacationOf(await enrol({ ...ward, vacation: NEXT }))).toBe(NEXT);
    expect(await enrol({ ...ward, vacation: NEXT })).toMatchObject({ status: "error", httpStatus: 409 });
  });
});
