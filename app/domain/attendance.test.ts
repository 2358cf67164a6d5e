import { describe, expect, it } from "vitest";
import { attendanceShare, attendanceText, registerSummary } from "#app/domain/attendance.ts";

describe("attendance", () => {
  it("counts present and late as attended, absent against, excused not at all", () => {
    expect(attendanceShare(["present", "late", "absent", "excused", "present"])).toEqual({
      attended: 3,
      held: 4,
      percent: 75,
    });
    expect(attendanceShare(["excused"])).toEqual({ attended: 0, held: 0, percent: null });
    expect(attendanceShare([])).toEqual({ attended: 0, held: 0, percent: null });
    expect(attendanceShare(["present", "present", "absent"]).percent).toBe(67);
  });

  it("says it as a person reads it", () => {
    expect(attendanceText(attendanceShare(["present", "absent"]))).toBe("1 of 2 (50%)");
    expect(attendanceText(attendanceShare([]))).toBe("No lessons held yet");
    expect(registerSummary(["present", "absent", "present", "late"])).toBe("2 present, 1 late, 1 absent");
    expect(registerSummary([])).toBe("nobody on the roster");
  });
});
