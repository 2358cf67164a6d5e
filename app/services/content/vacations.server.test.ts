import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { insertVacation, listVacations } from "#app/models/vacation.server.ts";
import { changeVacationDates } from "#app/services/content/vacations.server.ts";

useTestDatabase("vacations_service_test");

const easter = {
  name: "2027 Easter vacation",
  registrationOpens: "2027-03-01",
  registrationCloses: "2027-03-20",
  lessonsStart: "2027-03-22",
  lessonsEnd: "2027-04-10",
  newSchoolYear: false,
  datesFromUpgrade: false,
};

describe("changeVacationDates", () => {
  it("refuses every wrong date at once, each under its field, and changes nothing", async () => {
    await insertVacation(easter, null);
    const { name: _n, datesFromUpgrade: _d, ...dates } = easter;
    const refused = await changeVacationDates(
      easter,
      { ...dates, registrationOpens: "2027-03-25", lessonsEnd: "2027-03-21" },
      "admin1",
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fields: {
        lessonsEnd: "Lessons must end on or after the day they start",
        registrationOpens: "Registration must open by the first day of lessons",
      },
    });
    expect((await listVacations()).find((v) => v.name === easter.name)?.lessonsEnd).toBe("2027-04-10");
    expect(await changeVacationDates(easter, { ...dates, lessonsEnd: "2027-04-17" }, "admin1")).toEqual({ ok: true });
    expect((await listVacations()).find((v) => v.name === easter.name)?.lessonsEnd).toBe("2027-04-17");
  });
});
