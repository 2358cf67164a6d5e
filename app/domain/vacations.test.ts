import { describe, expect, it } from "vitest";
import {
  enrolAgainOffers,
  enrollingVacation,
  enrollingVacations,
  overlappingWindows,
  formForVacation,
  teachingVacation,
  vacationDateErrors,
  vacationState,
  type Vacation,
} from "#app/domain/vacations.ts";

const vacation = (name: string, over: Partial<Vacation>): Vacation => ({
  name,
  registrationOpens: "2026-11-01",
  registrationCloses: "2026-12-31",
  lessonsStart: "2026-12-01",
  lessonsEnd: "2027-01-10",
  newSchoolYear: false,
  datesFromUpgrade: false,
  ...over,
});

const christmas = vacation("2026 Christmas vacation", {});
const easter = vacation("2027 Easter vacation", {
  registrationOpens: "2026-12-20",
  registrationCloses: "2027-03-30",
  lessonsStart: "2027-03-20",
  lessonsEnd: "2027-04-20",
});

describe("where a vacation stands", () => {
  it("is upcoming, taking enrolments, running its lessons, then past", () => {
    expect(vacationState(christmas, "2026-10-31")).toBe("upcoming");
    expect(vacationState(christmas, "2026-11-01")).toBe("taking-enrolments");
    expect(vacationState(christmas, "2026-12-01")).toBe("lessons-running");
    expect(vacationState(christmas, "2027-01-10")).toBe("lessons-running");
    expect(vacationState(christmas, "2027-01-11")).toBe("past");
  });

  it("takes enrolments for every vacation whose window is open, the running one first; teaches one at a time", () => {
    const all = [easter, christmas];
    expect(enrollingVacations(all, "2026-11-15").map((v) => v.name)).toEqual([christmas.name]);
    // Both windows open: both take enrolments, the one teaching first; the newest is the later one.
    expect(enrollingVacations(all, "2026-12-24").map((v) => v.name)).toEqual([christmas.name, easter.name]);
    expect(enrollingVacation(all, "2026-12-24")?.name).toBe(easter.name);
    expect(teachingVacation(all, "2026-12-24")?.name).toBe(christmas.name);
    // Between the two: the last one to have started stays the default view.
    expect(teachingVacation(all, "2027-02-01")?.name).toBe(christmas.name);
    expect(teachingVacation(all, "2027-03-20")?.name).toBe(easter.name);
    // Before any began: the first to come; after every window closed: nobody can enrol.
    expect(teachingVacation(all, "2026-10-01")?.name).toBe(christmas.name);
    expect(enrollingVacations(all, "2027-04-01")).toEqual([]);
    expect(enrollingVacation(all, "2027-04-01")).toBeNull();
    expect(teachingVacation([], "2026-10-01")).toBeNull();
  });
});

describe("registration windows side by side", () => {
  it("finds the windows not yet closed that share a day with a new one's", () => {
    const window = { registrationOpens: "2026-12-02", registrationCloses: "2027-03-19" };
    expect(overlappingWindows(window, [christmas], "2026-12-02").map((v) => v.name)).toEqual([christmas.name]);
    // Closed already, or closing before the new one opens: no family has to choose.
    expect(overlappingWindows(window, [christmas], "2027-01-01")).toEqual([]);
    expect(overlappingWindows({ ...window, registrationOpens: "2027-01-01" }, [christmas], "2026-12-02")).toEqual([]);
  });
});

describe("a returning ward's form", () => {
  it("moves up one at a new school year, and a Form 3 ward has no next form", () => {
    expect(formForVacation("form-1", { newSchoolYear: true })).toBe("form-2");
    expect(formForVacation("form-2", { newSchoolYear: true })).toBe("form-3");
    expect(formForVacation("form-3", { newSchoolYear: true })).toBeNull();
    expect(formForVacation("form-3", { newSchoolYear: false })).toBe("form-3");
  });
});

describe("a vacation's dates", () => {
  it("refuse impossible orders, each by its field", () => {
    expect(vacationDateErrors(easter, [christmas])).toEqual({});
    expect(vacationDateErrors({ ...easter, lessonsEnd: "2027-03-01" }, [])).toMatchObject({
      lessonsEnd: "Lessons must end on or after the day they start",
    });
    expect(vacationDateErrors({ ...easter, registrationCloses: "2026-12-01" }, [])).toMatchObject({
      registrationCloses: "Registration must close on or after the day it opens",
    });
    expect(vacationDateErrors({ ...easter, registrationOpens: "2027-03-21" }, [])).toMatchObject({
      registrationOpens: "Registration must open by the first day of lessons",
    });
    expect(vacationDateErrors({ ...easter, registrationCloses: "2027-05-01" }, [])).toMatchObject({
      registrationCloses: "Registration must close by the last day of lessons",
    });
    expect(vacationDateErrors({ ...easter, lessonsStart: "2027-02-30" }, [])).toEqual({
      lessonsStart: "Enter a date",
    });
  });

  it("refuse lessons that overlap another vacation's, naming it", () => {
    expect(vacationDateErrors({ ...easter, lessonsStart: "2027-01-10" }, [christmas]).lessonsStart).toBe(
      "These lessons overlap those of 2026 Christmas vacation (1 December 2026 to 10 January 2027)",
    );
  });
});

describe("enrol again", () => {
  const reg = (id: string, over: Record<string, unknown>) => ({
    _id: id,
    wardName: "Yaw Owusu",
    wardNameKey: "yaw owusu",
    wardWhatsappNormalized: "+233244000004",
    wardForm: "form-2",
    vacation: christmas.name,
    ...over,
  });

  it("offers each ward of an earlier vacation once, from the latest registration, in the form it moves to", () => {
    const offers = enrolAgainOffers(
      [
        reg("new", {}),
        reg("old", { vacation: "2026 Long vacation", wardForm: "form-1" }),
        reg("sister", { wardName: "Ama Owusu", wardNameKey: "ama owusu", wardForm: "form-3" }),
      ],
      [{ ...easter, newSchoolYear: true }],
    );
    expect(offers).toEqual([{ registrationId: "new", wardName: "Yaw Owusu", vacation: easter.name, form: "form-3" }]);
  });

  it("offers nothing for a ward already enrolled in the vacation, or when none takes enrolments", () => {
    expect(enrolAgainOffers([reg("again", { vacation: easter.name }), reg("new", {})], [easter])).toEqual([]);
    expect(enrolAgainOffers([reg("new", {})], [])).toEqual([]);
  });

  it("offers each vacation taking enrolments that the ward is not in, the running one first", () => {
    const summer = reg("summer", { vacation: "2026 Long vacation" });
    expect(enrolAgainOffers([summer], [christmas, easter]).map((o) => o.vacation)).toEqual([
      christmas.name,
      easter.name,
    ]);
    expect(enrolAgainOffers([reg("new", {}), summer], [christmas, easter]).map((o) => o.vacation)).toEqual([
      easter.name,
    ]);
  });
});
