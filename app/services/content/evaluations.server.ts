import { ID_PATTERN } from "#app/domain/ids.ts";
import {
  audienceLabel,
  openState,
  STATE_LABELS,
  QUESTION_TYPE_LABELS,
  type QuestionType,
  type SummaryRow,
} from "#app/domain/evaluations.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { waMeNumber, formatPhone, normalizePhone } from "#app/domain/phone.ts";
import { evaluationReminderSms } from "#app/domain/sms-messages.ts";
import { audienceVoices } from "#app/services/messaging/message-language.server.ts";
import { Outbox, queueMessages } from "#app/models/outbox.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";
import {
  audienceOf,
  countResponses,
  getEvaluationForm,
  listTextAnswers,
  notAnswered,
  summariseResponses,
  type EvaluationFormDoc,
  type ResultsFilter,
} from "#app/models/evaluation.server.ts";

export const EVALUATIONS_PATH = "/admin/evaluations";

/** The form named in the URL, or null when there is none (or the id is not one of ours). */
export async function findEvaluationForm(id: string | undefined) {
  return ID_PATTERN.test(String(id ?? "")) ? await getEvaluationForm(String(id)) : null;
}

export function formListView(form: EvaluationFormDoc, now = new Date()) {
  return {
    id: form._id,
    title: form.title,
    audience: audienceLabel(form),
    opensAt: formatDateTime(form.opensAt),
    closesAt: formatDateTime(form.closesAt),
    state: openState(form, now),
    anonymous: form.anonymous,
    questions: form.questions.length,
  };
}

/**
 * Everything the results page shows: the response count against the audience size, one summary per question
 * (per subject for per-subject questions), the text answers (searchable) and, for admins on an open form, the
 * parents who have not answered with a wa.me reminder each.
 */
export async function loadResults(
  request: Request,
  form: EvaluationFormDoc,
  filter: ResultsFilter & { q?: string | null },
  options: { reminders: boolean },
) {
  const [summary, text, members] = await Promise.all([
    summariseResponses(form, filter),
    listTextAnswers(form, filter),
    audienceOf(form, filter),
  ]);
  const state = openState(form);
  const formUrl = `${appOrigin()}/dashboard/evaluations`;
  const pending = options.reminders && state === "open" ? await notAnswered(form, members) : [];
  const prompts = new Map(form.questions.map((q) => [q._id, q.prompt]));
  return {
    form: { ...formListView(form), intro: form.intro, stateLabel: STATE_LABELS[state] },
    responses: summary.responses,
    totalResponses: filter.programme || filter.subject ? await countResponses(form._id) : summary.responses,
    audienceSize: members.length,
    rows: summary.rows.map(rowView),
    text: {
      more: text.more,
      answers: text.answers.map((a) => ({
        question: `${prompts.get(a.questionId) ?? ""}${a.subject ? ` — ${a.subject}` : ""}`,
        text: a.text,
        ward: a.wardName,
        programme: a.programme ? programmeLabel(a.programme) : "",
        when: formatDateTime(a.updatedAt),
      })),
    },
    reminders: pending.slice(0, 500).map((m) => {
      const wa = waMeNumber(m.phone);
      const message = `Hello ${m.parentName}, ${SCHOOL_NAME} would like to hear how ${m.wardName}'s classes are going. Please answer "${form.title}" before ${formatDateTime(form.closesAt)}: ${formUrl}`;
      return {
        registrationId: m.registrationId,
        parentName: m.parentName,
        wardName: m.wardName,
        programme: programmeLabel(m.programme),
        phone: formatPhone(m.phone),
        href: wa ? `https://wa.me/${wa}?text=${encodeURIComponent(message)}` : null,
      };
    }),
    remindersTotal: pending.length,
    showReminders: options.reminders && state === "open",
  };
}

function rowView(row: SummaryRow) {
  return {
    key: `${row.questionId}-${row.subject ?? ""}`,
    prompt: row.subject ? `${row.prompt} — ${row.subject}` : row.prompt,
    typeLabel: QUESTION_TYPE_LABELS[row.type as QuestionType],
    lowLabel: row.lowLabel,
    highLabel: row.highLabel,
    summary: row.summary,
  };
}
/**
 * The facilitator's subjects a form is about: the form's one subject if it is theirs; for a form with per-subject
 * questions, every subject of theirs (answers about other subjects stay hidden from them).
 */
export function facilitatorSubjectsOf(
  form: Pick<EvaluationFormDoc, "subject" | "questions">,
  mine: readonly string[],
): string[] {
  if (form.subject) return mine.includes(form.subject) ? [form.subject] : [];
  return form.questions.some((q) => q.perSubject) ? [...mine] : [];
}

/**
 * "Send reminders by SMS": one SMS to the parent of each registration in the audience that has not answered, at most
 * one a day per registration (the outbox key carries the day), so a second press the same day sends nothing again.
 * Returns how many were queued now.
 */
export async function queueEvaluationReminders(request: Request, form: EvaluationFormDoc): Promise<number> {
  if (openState(form) !== "open") return 0;
  const pending = await notAnswered(form, await audienceOf(form));
  const day = new Date().toISOString().slice(0, 10);
  const link = `${appOrigin()}/dashboard/evaluations`;
  const keys = pending.map((m) => `evaluation-reminder:${form._id}:${m.registrationId}:${day}`);
  const already = new Set(
    (
      await Outbox.find({ key: { $in: keys } })
        .select("key")
        .lean<{ key: string }[]>()
    ).map((m) => m.key),
  );
  // A reminder is a message a number may stop (STOP): those numbers get none; the others hear their language.
  const { sayFor, stopped } = await audienceVoices(pending.map((m) => normalizePhone(m.phone)).filter(Boolean));
  const messages = pending
    .map((m, i) => ({ m, key: keys[i] }))
    .filter(({ m, key }) => !already.has(key) && normalizePhone(m.phone) && !stopped.has(normalizePhone(m.phone)))
    .map(({ m, key }) => ({
      key,
      channel: "sms" as const,
      to: normalizePhone(m.phone),
      template: "evaluation-reminder",
      values: { formId: form._id, registrationId: m.registrationId },
      text: evaluationReminderSms(
        { wardName: m.wardName, title: form.title, closes: formatDateTime(form.closesAt), link },
        sayFor(normalizePhone(m.phone)),
      ),
    }));
  await queueMessages(messages);
  return messages.length;
}
