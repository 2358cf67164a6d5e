import { describe, expect, it } from "vitest";
import { attendanceFigure, attendanceTally } from "#app/domain/attendance.ts";
import { perWardAndSubject } from "#app/domain/per-ward.ts";
import { performanceFigure, performanceOf } from "#app/domain/performance.ts";

describe("figures per ward from the database's tallies", () => {
  it("average a ward's marks over every subject as one list would, whatever order they were summed in", () => {
    // 86.1 + 10.5 + 83.6 + 53.8 = 234 (58.5, shown 59); summed per subject first, floating point gives 233.99999999999997.
    const marks = { Physics: [86.1, 10.5], Chemistry: [83.6, 53.8] };
    const rows = Object.entries(marks).map(([subject, percents]) => ({
      registrationId: "w1",
      subject,
      tally: { count: percents.length, sum: percents.reduce((a, b) => a + b, 0) },
    }));
    const figures = perWardAndSubject(rows, performanceFigure).get("w1")!;
    expect(figures.overall).toEqual(performanceOf([86.1, 10.5, 83.6, 53.8]));
    expect(figures.overall).toEqual({ marked: 4, percent: 59 });
    expect(figures.bySubject.get("Physics")).toEqual({ marked: 2, percent: 48 });
  });

  it("count lessons attended of lessons held, excused ones left out, per subject and overall", () => {
    const rows = [
      { registrationId: "w1", subject: "Physics", tally: attendanceTally("present", 3) },
      { registrationId: "w1", subject: "Physics", tally: attendanceTally("absent", 1) },
      { registrationId: "w1", subject: "Biology", tally: attendanceTally("late", 1) },
      { registrationId: "w1", subject: "Biology", tally: attendanceTally("excused", 2) },
      { registrationId: "w2", subject: "Biology", tally: attendanceTally("excused", 1) },
    ];
    const figures = perWardAndSubject(rows, attendanceFigure);
    expect(figures.get("w1")!.overall).toEqual({ attended: 4, held: 5, percent: 80 });
    expect(figures.get("w1")!.bySubject.get("Biology")).toEqual({ attended: 1, held: 1, percent: 100 });
    expect(figures.get("w2")!.overall).toEqual({ attended: 0, held: 0, percent: null });
  });
});
