/**
 * Evaluation forms (docs/product.md#evaluation-forms): the school asks parents how the classes are going.
 * Client-safe rules shared by the Zod schemas, the Mongoose schemas and the pages: question types, limits,
 * who a form is for (the audience rule), which questions a ward's parent answers (per-subject questions
 * expand to one per subject) and how answers are summed up for the results page.
 */

import { programmeLabel } from "#app/domain/programmes.ts";

export const QUESTION_TYPES = ["rating", "single", "multiple", "short", "long"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  rating: "Rating 1–5",
  single: "Single choice",
  multiple: "Multiple choice",
  short: "Short text",
  long: "Long text",
};

export const EVALUATION_LIMITS = {
  title: 120,
  intro: 2000,
  prompt: 300,
  option: 100,
  options: 10,
  endLabel: 40,
  questions: 30,
  /** Any text answer, short or long. */
  answer: 2000,
} as const;

export const CHOICE_OPTIONS_HINT = `One option per line, at most ${EVALUATION_LIMITS.options}.`;
export const ANSWER_REQUIRED = "Please answer this question";
export const RATING_OUT_OF_RANGE = "Choose a rating from 1 to 5";
export const NOT_AN_OPTION = "Choose one of the options shown";
export const ANSWER_TOO_LONG = `Keep the answer to ${EVALUATION_LIMITS.answer.toLocaleString("en")} characters or fewer`;

export const FORM_NOT_OPEN_YET = "This form is not open yet.";
export const FORM_CLOSED = "This form is closed: answers can no longer be sent or changed.";
export const FORM_NOT_FOR_WARD = "This form is not for this ward.";
export const FORM_CHANGED =
  "The school changed this form while you were answering. Check your answers and send them again.";
export const FORM_LOCKED =
  "This form has answers, so its questions can no longer be changed. Close it, or copy it to make a new one.";

export type Question = {
  id: string;
  type: QuestionType;
  prompt: string;
  required: boolean;
  perSubject: boolean;
  options: string[];
  lowLabel: string;
  highLabel: string;
};

/** Who a form is for: every parent (no programmes), or the parents of wards in the programmes, optionally one subject. */
export type Audience = { programmes: string[]; subject: string | null };

export type Ward = { programme: string; subjects: string[] };

/** The audience rule: is this ward's parent asked? */
export function inAudience(audience: Audience, ward: Ward): boolean {
  if (audience.programmes.length > 0 && !audience.programmes.includes(ward.programme)) return false;
  if (audience.subject && !ward.subjects.includes(audience.subject)) return false;
  return true;
}

/** The subjects a per-subject question is asked about for this ward: the form's subject, or all the ward's. */
export function audienceSubjects(audience: Audience, ward: Ward): string[] {
  if (audience.subject) return ward.subjects.includes(audience.subject) ? [audience.subject] : [];
  return [...ward.subjects];
}

export type OpenState = "upcoming" | "open" | "closed";
export const STATE_LABELS: Record<OpenState, string> = { upcoming: "Not open yet", open: "Open", closed: "Closed" };

/** "All parents", or the programmes and subject a form is for. */
export function audienceLabel(form: { programmes?: string[] | null; subject?: string | null }): string {
  const who = form.programmes?.length ? `Parents in ${form.programmes.map(programmeLabel).join(", ")}` : "All parents";
  return form.subject ? `${who} · ${form.subject} only` : who;
}

export function openState(form: { opensAt: Date | string; closesAt: Date | string }, now = new Date()): OpenState {
  if (now < new Date(form.opensAt)) return "upcoming";
  if (now >= new Date(form.closesAt)) return "closed";
  return "open";
}

/** One question as the parent answers it: a per-subject question gives one slot per subject. */
export type Slot = {
  /** The form field's name: "q<n>" or "q<n>s<m>" (plain letters and digits, safe for Conform and HTML ids). */
  key: string;
  questionId: string;
  subject: string | null;
  type: QuestionType;
  label: string;
  required: boolean;
  options: string[];
  lowLabel: string;
  highLabel: string;
};

export function answerSlots(questions: Question[], audience: Audience, ward: Ward): Slot[] {
  const subjects = audienceSubjects(audience, ward);
  const slots: Slot[] = [];
  questions.forEach((q, n) => {
    const base = {
      questionId: q.id,
      type: q.type,
      required: q.required,
      options: q.options,
      lowLabel: q.lowLabel,
      highLabel: q.highLabel,
    };
    if (!q.perSubject) {
      slots.push({ ...base, key: `q${n}`, subject: null, label: q.prompt });
      return;
    }
    subjects.forEach((subject, m) =>
      slots.push({ ...base, key: `q${n}s${m}`, subject, label: `${q.prompt} — ${subject}` }),
    );
  });
  return slots;
}

/** A stored answer: a rating, one option, several options or text. */
export type AnswerValue = number | string | string[];
export type Answer = { questionId: string; subject: string | null; value: AnswerValue };

/** The submitted (already validated) values as answers; unanswered optional questions are left out. */
export function toAnswers(slots: Slot[], values: Record<string, unknown>): Answer[] {
  const answers: Answer[] = [];
  for (const slot of slots) {
    const v = values[slot.key];
    if (v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    answers.push({ questionId: slot.questionId, subject: slot.subject, value: v as AnswerValue });
  }
  return answers;
}

/** The stored answers as form values (to show a saved response for editing). */
export function toFormValues(slots: Slot[], answers: Answer[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const slot of slots) {
    const a = answers.find((x) => x.questionId === slot.questionId && (x.subject ?? null) === slot.subject);
    if (!a) continue;
    out[slot.key] = Array.isArray(a.value) ? a.value.map(String) : String(a.value);
  }
  return out;
}

// ─── Aggregation (the results page) ───

export type RatingSummary = { kind: "rating"; count: number; mean: number | null; distribution: number[] };
export type ChoiceSummary = { kind: "choice"; count: number; counts: Array<{ option: string; count: number }> };
export type TextSummary = { kind: "text"; count: number };
export type SlotSummary = RatingSummary | ChoiceSummary | TextSummary;

/** Summary rows: one per question, or per question and subject for per-subject questions, in form order. */
export type SummaryRow = {
  questionId: string;
  subject: string | null;
  prompt: string;
  type: QuestionType;
  lowLabel: string;
  highLabel: string;
  summary: SlotSummary;
};

/**
 * Sums up responses, one pass, any number of them (the caller feeds them one at a time from a cursor).
 * Ratings: count, mean, how many gave each of 1–5. Choices: how many chose each option (an answer no longer
 * among the options is counted under its own value, so nothing is silently dropped). Text: how many answered.
 */
export class ResultsAccumulator {
  private rows = new Map<string, SummaryRow>();
  private sums = new Map<string, number>();
  constructor(private questions: Question[]) {}

  private row(q: Question, subject: string | null): SummaryRow {
    const key = `${q.id}\u0000${subject ?? ""}`;
    let row = this.rows.get(key);
    if (!row) {
      const summary: SlotSummary =
        q.type === "rating"
          ? { kind: "rating", count: 0, mean: null, distribution: [0, 0, 0, 0, 0] }
          : q.type === "single" || q.type === "multiple"
            ? { kind: "choice", count: 0, counts: q.options.map((option) => ({ option, count: 0 })) }
            : { kind: "text", count: 0 };
      row = {
        questionId: q.id,
        subject,
        prompt: q.prompt,
        type: q.type,
        lowLabel: q.lowLabel,
        highLabel: q.highLabel,
        summary,
      };
      this.rows.set(key, row);
    }
    return row;
  }

  add(answers: Answer[]) {
    for (const a of answers) {
      const q = this.questions.find((x) => x.id === a.questionId);
      if (!q) continue;
      const row = this.row(q, a.subject ?? null);
      const s = row.summary;
      if (s.kind === "rating") {
        const n = Number(a.value);
        if (!Number.isInteger(n) || n < 1 || n > 5) continue;
        s.count++;
        s.distribution[n - 1]++;
        const key = `${q.id}\u0000${a.subject ?? ""}`;
        const sum = (this.sums.get(key) ?? 0) + n;
        this.sums.set(key, sum);
        s.mean = sum / s.count;
      } else if (s.kind === "choice") {
        const chosen = Array.isArray(a.value) ? a.value.map(String) : [String(a.value)];
        if (!chosen.length) continue;
        s.count++;
        for (const option of new Set(chosen)) {
          const entry = s.counts.find((c) => c.option === option);
          if (entry) entry.count++;
          else s.counts.push({ option, count: 1 });
        }
      } else if (String(a.value).trim()) {
        s.count++;
      }
    }
  }

  /** Rows in form order; per-subject rows by subject name. Questions nobody answered still get a row (zeros). */
  result(): SummaryRow[] {
    for (const q of this.questions) if (!q.perSubject) this.row(q, null);
    const order = new Map(this.questions.map((q, i) => [q.id, i]));
    return [...this.rows.values()].sort(
      (a, b) => order.get(a.questionId)! - order.get(b.questionId)! || (a.subject ?? "").localeCompare(b.subject ?? ""),
    );
  }
}

/** Percent of the largest of the values, for a bar's width (0 when nothing was counted). */
export function barPercent(value: number, total: number): number {
  return total > 0 ? Math.round((value / total) * 100) : 0;
}
