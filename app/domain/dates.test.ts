import { describe, expect, it } from "vitest";
import {
  calendarDayRange,
  timeAgo,
  fileDate,
  formatDate,
  formatDateTime,
  formatTimestamp,
  startOfMonth,
} from "#app/domain/dates.ts";
import { changeLabel, percentChange } from "#app/domain/admin-stats.ts";

describe("school dates (Africa/Accra, UTC+0)", () => {
  it("formats dd/MM/yyyy HH:mm with a 24-hour clock and zero padding", () => {
    expect(formatDateTime(new Date("2025-10-27T08:05:00Z"))).toBe("27/10/2025 08:05");
    expect(formatDateTime(new Date("2025-01-02T23:59:59Z"))).toBe("02/01/2025 23:59");
    expect(formatDateTime(new Date("2025-03-04T00:00:00Z"))).toBe("04/03/2025 00:00");
    expect(formatDateTime("2025-12-31T12:30:00.000Z")).toBe("31/12/2025 12:30");
  });
  it("uses Accra time whatever the input's offset", () => {
    expect(formatDateTime("2025-06-01T01:30:00+02:00")).toBe("31/05/2025 23:30");
  });
  it("reads modern dates off the UTC fields with the same answer as the Accra time-zone formatter", () => {
    const accra = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Africa/Accra",
      dateStyle: "short",
      timeStyle: "short",
      hourCycle: "h23",
    });
    for (let t = Date.UTC(1950, 0, 1); t < Date.UTC(2100, 0, 1); t += 7_919_999_937) {
      expect(formatDateTime(new Date(t))).toBe(accra.format(new Date(t)).replace(",", ""));
    }
  });

  it("returns empty text for missing or invalid dates", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
  it("formats dates and file-name dates", () => {
    expect(formatDate(new Date("2025-10-27T23:05:00Z"))).toBe("27/10/2025");
    expect(fileDate(new Date("2025-02-03T10:00:00Z"))).toBe("2025-02-03");
  });
  it("finds the start of the month", () => {
    expect(startOfMonth(new Date("2026-11-22T01:00:00Z")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(startOfMonth(new Date("2026-01-01T00:00:00Z")).toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });
});

describe("announcement timestamps", () => {
  it("read as a short date and the time in Accra, from a Date or the string a loader sends", () => {
    expect(formatTimestamp(new Date("2026-11-25T14:05:00Z"))).toBe("25 Nov 2026, 14:05");
    expect(formatTimestamp("2026-01-03T23:59:00.000Z")).toBe("3 Jan 2026, 23:59");
  });
});

describe("overview change against last month", () => {
  it("compares the total now with the total at the end of last month", () => {
    expect(percentChange(110, 100)).toBe(10);
    expect(percentChange(100, 100)).toBe(0);
    expect(percentChange(90, 100)).toBe(-10);
    expect(percentChange(1, 3)).toBe(-67);
  });
  it("counts growth from nothing as +100% and nothing at all as +0%", () => {
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
  });
  it("labels the change with its sign", () => {
    expect(changeLabel(0, 0)).toBe("0 new this month");
    expect(changeLabel(4, 0)).toBe("4 new this month");
    expect(changeLabel(12, 10)).toBe("+20% from last month");
    expect(changeLabel(8, 10)).toBe("-20% from last month");
  });
});

describe("calendarDayRange", () => {
  it("runs from midnight of the first day to midnight after the last, the last day's every moment included", () => {
    expect(calendarDayRange("2026-11-01", "2026-11-02")).toEqual({
      $gte: new Date("2026-11-01T00:00:00Z"),
      $lt: new Date("2026-11-03T00:00:00Z"),
    });
    expect(calendarDayRange(null, "2026-12-31")).toEqual({ $lt: new Date("2027-01-01T00:00:00Z") });
    expect(calendarDayRange(undefined, undefined)).toBeNull();
  });
});

describe("timeAgo", () => {
  it("says how long ago in the largest whole unit, 'yesterday' for one day, never a time in the future", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
    expect(ago(20_000)).toBe("just now");
    expect(ago(-60_000)).toBe("just now");
    expect(ago(60_000)).toBe("1 minute ago");
    expect(ago(59 * 60_000)).toBe("59 minutes ago");
    expect(ago(3 * 3600_000)).toBe("3 hours ago");
    expect(ago(25 * 3600_000)).toBe("yesterday");
    expect(ago(4 * 86_400_000)).toBe("4 days ago");
  });
});
