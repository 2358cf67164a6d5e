import { describe, expect, it } from "vitest";
import {
  ResultsAccumulator,
  answerSlots,
  audienceSubjects,
  inAudience,
  openState,
  toAnswers,
  toFormValues,
  type Question,
} from "#app/domain/evaluations.ts";
import { answerSchema, QuestionSchema, EvaluationDetailsSchema } from "#app/forms/evaluation.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";

const q = (over: Partial<Question> & Pick<Question, "id" | "type">): Question => ({
  prompt: `Question ${over.id}`,
  required: false,
  perSubject: false,
  options: [],
  lowLabel: "",
  highLabel: "",
  ...over,
});

const science = { programme: "science", subjects: ["Mathematics", "Physics"] };
const arts = { programme: "arts", subjects: ["Literature", "English Language"] };

describe("the audience rule", () => {
  it("asks every parent when no programme is chosen, and only the chosen programmes' parents otherwise", () => {
    expect(inAudience({ programmes: [], subject: null }, science)).toBe(true);
    expect(inAudience({ programmes: [], subject: null }, arts)).toBe(true);
    expect(inAudience({ programmes: ["science"], subject: null }, science)).toBe(true);
    expect(inAudience({ programmes: ["science"], subject: null }, arts)).toBe(false);
    expect(inAudience({ programmes: ["science", "arts"], subject: null }, arts)).toBe(true);
  });

  it("with a subject, asks only parents of wards taking it", () => {
    expect(inAudience({ programmes: ["science"], subject: "Physics" }, science)).toBe(true);
    expect(inAudience({ programmes: ["science"], subject: "Chemistry" }, science)).toBe(false);
    expect(inAudience({ programmes: [], subject: "English Language" }, arts)).toBe(true);
    expect(inAudience({ programmes: [], subject: "English Language" }, science)).toBe(false);
  });

  it("per-subject questions are asked for the form's subject only, or for each of the ward's subjects", () => {
    expect(audienceSubjects({ programmes: [], subject: null }, science)).toEqual(["Mathematics", "Physics"]);
    expect(audienceSubjects({ programmes: [], subject: "Physics" }, science)).toEqual(["Physics"]);
    const slots = answerSlots(
      [q({ id: "a", type: "rating" }), q({ id: "b", type: "rating", perSubject: true })],
      { programmes: [], subject: null },
      science,
    );
    expect(slots.map((s) => [s.key, s.subject])).toEqual([
      ["q0", null],
      ["q1s0", "Mathematics"],
      ["q1s1", "Physics"],
    ]);
  });

  it("a form is upcoming before it opens, open until it closes, closed from then on", () => {
    const form = { opensAt: new Date("2026-12-01T08:00Z"), closesAt: new Date("2026-12-10T08:00Z") };
    expect(openState(form, new Date("2026-11-30T23:59Z"))).toBe("upcoming");
    expect(openState(form, new Date("2026-12-01T08:00Z"))).toBe("open");
    expect(openState(form, new Date("2026-12-10T07:59Z"))).toBe("open");
    expect(openState(form, new Date("2026-12-10T08:00Z"))).toBe("closed");
  });
});

describe("answers", () => {
  const questions = [
    q({ id: "r", type: "rating", required: true }),
    q({ id: "s", type: "single", required: true, options: ["Yes", "No"] }),
    q({ id: "m", type: "multiple", options: ["A", "B", "C"] }),
    q({ id: "t", type: "long" }),
  ];
  const slots = answerSlots(questions, { programmes: [], subject: null }, science);
  const parse = (entries: Array<[string, string]>) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return parseWithZod(fd, { schema: answerSchema(slots) });
  };
  const errorsOf = (s: ReturnType<typeof parse>) => (s.status === "error" ? (s.error ?? {}) : {});

  it("a missing required answer is an error on that question; optional ones may stay empty", () => {
    const s = parse([]);
    expect(s.status).toBe("error");
    expect(Object.keys(errorsOf(s)).sort()).toEqual(["q0", "q1"]);
  });

  it("refuses ratings outside 1–5, options not offered, and text over 2,000 characters", () => {
    const s = parse([
      ["q0", "6"],
      ["q1", "Maybe"],
      ["q2", "D"],
      ["q3", "x".repeat(2001)],
    ]);
    expect(s.status).toBe("error");
    expect(errorsOf(s).q0?.[0]).toMatch(/1 to 5/);
    expect(errorsOf(s).q1?.[0]).toMatch(/options/);
    expect(errorsOf(s).q2?.[0]).toMatch(/options/);
    expect(errorsOf(s).q3?.[0]).toMatch(/2,000/);
  });

  it("turns valid values into stored answers and back into form values", () => {
    const s = parse([
      ["q0", "4"],
      ["q1", "Yes"],
      ["q2", "A"],
      ["q2", "C"],
      ["q3", "Good classes"],
    ]);
    expect(s.status).toBe("success");
    const answers = toAnswers(slots, s.status === "success" ? (s.value as Record<string, unknown>) : {});
    expect(answers).toEqual([
      { questionId: "r", subject: null, value: 4 },
      { questionId: "s", subject: null, value: "Yes" },
      { questionId: "m", subject: null, value: ["A", "C"] },
      { questionId: "t", subject: null, value: "Good classes" },
    ]);
    expect(toFormValues(slots, answers)).toEqual({ q0: "4", q1: "Yes", q2: ["A", "C"], q3: "Good classes" });
  });
});

describe("the builder's schemas", () => {
  it("a choice question needs at least two different options; a rating keeps its end labels", () => {
    const fd = (o: Record<string, string>) =>
      Object.entries(o).reduce((f, [k, v]) => (f.append(k, v), f), new FormData());
    expect(
      parseWithZod(fd({ type: "single", prompt: "Pick one", options: "Only" }), { schema: QuestionSchema }).status,
    ).toBe("error");
    expect(
      parseWithZod(fd({ type: "single", prompt: "Pick one", options: "Yes\nyes" }), { schema: QuestionSchema }).status,
    ).toBe("error");
    const ok = parseWithZod(fd({ type: "single", prompt: "Pick one", options: " Yes \n\nNo\n" }), {
      schema: QuestionSchema,
    });
    expect(ok.status === "success" && ok.value.options).toEqual(["Yes", "No"]);
    const rating = parseWithZod(
      fd({ type: "rating", prompt: "How good?", lowLabel: "Poor", highLabel: "Great", required: "on" }),
      { schema: QuestionSchema },
    );
    expect(rating.status === "success" && rating.value).toMatchObject({
      lowLabel: "Poor",
      highLabel: "Great",
      required: true,
      options: [],
    });
  });

  it("a form must close after it opens", () => {
    const fd = new FormData();
    fd.append("title", "End of course");
    fd.append("opensAt", "2026-12-10T08:00");
    fd.append("closesAt", "2026-12-01T08:00");
    const s = parseWithZod(fd, { schema: EvaluationDetailsSchema });
    expect(s.status).toBe("error");
    expect(s.status === "error" && s.error?.closesAt?.[0]).toMatch(/after/);
  });
});

describe("aggregation", () => {
  it("counts, means and distributions per question (per subject for per-subject questions), ignoring unknown questions", () => {
    const questions = [
      q({ id: "r", type: "rating" }),
      q({ id: "c", type: "multiple", options: ["A", "B"] }),
      q({ id: "p", type: "rating", perSubject: true }),
      q({ id: "t", type: "short" }),
    ];
    const acc = new ResultsAccumulator(questions);
    acc.add([
      { questionId: "r", subject: null, value: 5 },
      { questionId: "c", subject: null, value: ["A", "B"] },
      { questionId: "p", subject: "Physics", value: 2 },
      { questionId: "t", subject: null, value: "Fine" },
      { questionId: "gone", subject: null, value: 3 },
    ]);
    acc.add([
      { questionId: "r", subject: null, value: 2 },
      { questionId: "c", subject: null, value: ["A"] },
      { questionId: "p", subject: "Mathematics", value: 4 },
    ]);
    acc.add([{ questionId: "r", subject: null, value: 9 }]); // out of range: not counted
    const rows = acc.result();
    expect(rows.map((r) => [r.questionId, r.subject])).toEqual([
      ["r", null],
      ["c", null],
      ["p", "Mathematics"],
      ["p", "Physics"],
      ["t", null],
    ]);
    expect(rows[0].summary).toEqual({ kind: "rating", count: 2, mean: 3.5, distribution: [0, 1, 0, 0, 1] });
    expect(rows[1].summary).toEqual({
      kind: "choice",
      count: 2,
      counts: [
        { option: "A", count: 2 },
        { option: "B", count: 1 },
      ],
    });
    expect(rows[3].summary).toMatchObject({ kind: "rating", count: 1, mean: 2 });
    expect(rows[4].summary).toEqual({ kind: "text", count: 1 });
  });
});
