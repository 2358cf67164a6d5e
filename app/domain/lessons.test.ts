import { describe, expect, it } from "vitest";
import {
  defaultWeek,
  joinLinkError,
  lessonAudience,
  lessonDays,
  lessonForms,
  lessonPhase,
  lessonTimeError,
  shortDay,
  timeLabel,
  weekStart,
} from "#app/domain/lessons.ts";

const vacation = { lessonsStart: "2026-12-02", lessonsEnd: "2026-12-23" }; // a Wednesday to a Wednesday

describe("lesson days", () => {
  it("puts a weekly class on its weekday of every week of the vacation, none outside it", () => {
    expect(lessonDays(vacation, 3)).toEqual(["2026-12-02", "2026-12-09", "2026-12-16", "2026-12-23"]);
    expect(lessonDays(vacation, 1)).toEqual(["2026-12-07", "2026-12-14", "2026-12-21"]);
    expect(lessonDays({ lessonsStart: "2026-12-02", lessonsEnd: "2026-12-04" }, 1)).toEqual([]);
  });

  it("finds the Monday of a week and the week a schedule opens on", () => {
    expect(weekStart("2026-11-28")).toBe("2026-11-23"); // a Saturday
    expect(weekStart("2026-11-30")).toBe("2026-11-30");
    expect(weekStart("2026-11-29")).toBe("2026-11-23"); // a Sunday belongs to the week before
    expect(defaultWeek(vacation, "2026-11-20")).toBe("2026-11-30"); // before: the first week
    expect(defaultWeek(vacation, "2026-12-10")).toBe("2026-12-07"); // during: this week
    expect(defaultWeek(vacation, "2027-01-10")).toBe("2026-12-21"); // after: the last week
  });

  it("writes days and times as people read them", () => {
    expect(shortDay("2026-11-30")).toBe("Monday 30 Nov");
    expect(timeLabel("08:05")).toBe("8:05 AM");
    expect(timeLabel("12:30")).toBe("12:30 PM");
    expect(timeLabel("00:00")).toBe("12:00 AM");
    expect(timeLabel("16:00")).toBe("4:00 PM");
  });
});

describe("lesson times", () => {
  it("refuses a lesson that ends before it starts, is too short or too long", () => {
    expect(lessonTimeError("08:00", "09:30")).toBeNull();
    expect(lessonTimeError("09:00", "08:00")).toMatch(/at least 15 minutes/);
    expect(lessonTimeError("09:00", "09:10")).toMatch(/at least 15 minutes/);
    expect(lessonTimeError("08:00", "12:30")).toMatch(/at most 4 hours/);
    expect(lessonTimeError("8:00", "09:00")).toMatch(/hours and minutes/);
    expect(lessonTimeError("24:00", "09:00")).toMatch(/hours and minutes/);
  });

  it("knows when a lesson runs: from its start (or when started early) to its end, on its day", () => {
    const lesson = { date: "2026-11-30", start: "10:00", end: "11:00" };
    const at = (time: string, day = "2026-11-30") => new Date(`${day}T${time}:00Z`);
    expect(lessonPhase(lesson, at("09:50"))).toBe("upcoming");
    expect(lessonPhase({ ...lesson, startedAt: at("09:50") }, at("09:51"))).toBe("running");
    expect(lessonPhase(lesson, at("10:00"))).toBe("running");
    expect(lessonPhase(lesson, at("11:00"))).toBe("over");
    expect(lessonPhase(lesson, at("10:30", "2026-11-29"))).toBe("upcoming");
    expect(lessonPhase(lesson, at("10:30", "2026-12-01"))).toBe("over");
    expect(lessonPhase({ ...lesson, cancelled: true }, at("10:30"))).toBe("cancelled");
  });
});

describe("who a lesson is for", () => {
  it("means every form when none is chosen, and names the forms", () => {
    expect(lessonForms([])).toEqual(["form-1", "form-2", "form-3"]);
    expect(lessonForms(["form-3", "form-1", "form-9"])).toEqual(["form-1", "form-3"]);
    expect(lessonAudience("science", ["form-1", "form-2", "form-3"])).toBe("General Science · every form");
    expect(lessonAudience("business", ["form-2"])).toBe("Business · Form 2");
    expect(lessonAudience("arts", ["form-1", "form-3"])).toBe("General Arts · Forms 1 and 3");
    expect(lessonAudience("arts", ["form-1", "form-3"], 2)).toBe("General Arts · Forms 1 and 3 · Class 2");
    expect(lessonAudience("business", ["form-2"], 1)).toBe("Business · Form 2");
  });
});

describe("join links", () => {
  const pages = ["https://chat.whatsapp.com/AbCd"];
  it("takes https links of known meeting services and the school's own class pages", () => {
    expect(joinLinkError("https://meet.google.com/abc-defg-hij", pages)).toBeNull();
    expect(joinLinkError("https://us02web.zoom.us/j/123456789", pages)).toBeNull();
    expect(joinLinkError("https://chat.whatsapp.com/AbCd", pages)).toBeNull();
  });

  it("refuses other sites, plain http, look-alike hosts, credentials and text that is no link", () => {
    expect(joinLinkError("http://meet.google.com/abc", pages)).toMatch(/https/);
    expect(joinLinkError("https://meet.google.com.evil.example/abc", pages)).toMatch(/Google Meet/);
    expect(joinLinkError("https://evilzoom.us/j/1", pages)).toMatch(/Google Meet/);
    expect(joinLinkError("https://chat.whatsapp.com/Other", pages)).toMatch(/class page/);
    expect(joinLinkError("https://user:pw@meet.google.com/abc", pages)).toMatch(/user name/);
    expect(joinLinkError("meet.google.com/abc", pages)).toMatch(/whole link/);
  });
});
