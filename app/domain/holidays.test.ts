import { describe, expect, it } from "vitest";
import { easterSunday, ghanaHolidays, holidayOn, holidaysBetween } from "#app/domain/holidays.ts";

describe("Ghana's public holidays", () => {
  it("computes Easter, and so Good Friday and Easter Monday, for years whose dates are known", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
    const y2027 = ghanaHolidays(2027);
    expect(y2027.find((h) => h.name === "Good Friday")?.date).toBe("2027-03-26");
    expect(y2027.find((h) => h.name === "Easter Monday")?.date).toBe("2027-03-29");
  });

  it("puts Farmers' Day on the first Friday of December", () => {
    expect(holidayOn("2026-12-04")).toBe("Farmers' Day");
    expect(holidayOn("2027-12-03")).toBe("Farmers' Day");
    expect(holidayOn("2022-12-02")).toBe("Farmers' Day");
    expect(holidayOn("2026-12-11")).toBeNull();
  });

  it("lists a Christmas vacation's holidays across the new year, in order, Boxing Day on a Saturday observed on Monday", () => {
    expect(holidaysBetween("2026-12-14", "2027-01-09")).toEqual([
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2026-12-26", name: "Boxing Day" },
      { date: "2026-12-28", name: "Boxing Day (observed)" },
      { date: "2027-01-01", name: "New Year's Day" },
      { date: "2027-01-07", name: "Constitution Day" },
    ]);
  });

  it("observes a weekend holiday on the next free weekday: Christmas on a Saturday and Boxing Day on a Sunday move to Monday and Tuesday", () => {
    expect(holidaysBetween("2027-12-24", "2027-12-31")).toEqual([
      { date: "2027-12-25", name: "Christmas Day" },
      { date: "2027-12-26", name: "Boxing Day" },
      { date: "2027-12-27", name: "Christmas Day (observed)" },
      { date: "2027-12-28", name: "Boxing Day (observed)" },
    ]);
    // Independence Day 2021 fell on a Saturday: Monday 8 March was the holiday.
    expect(holidayOn("2021-03-08")).toBe("Independence Day (observed)");
  });
});
