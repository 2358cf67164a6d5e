/**
 * The enrolment form's post, shared by /registration, /registration/<ward> and /admin/register-student: its parse,
 * the no-JS 'Show subjects' re-render, the idempotency key, and the reply. The enrolment itself is the service's
 * (app/services/people/enrolment.server.ts).
 */
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "#app/forms/parse.ts";
import { subjectsFor } from "#app/domain/programmes.ts";
import { SUBMISSION_IN_PROGRESS } from "#app/domain/messages.ts";
import type { Refused } from "#app/domain/result.ts";
import {
  REGISTRATION_FAILED_TITLE,
  REGISTRATION_FIELD_LABELS,
  RegistrationSchema,
} from "#app/forms/registration.schema.ts";
import { IDEMPOTENCY_FIELD, isIdempotencyKey, runOnce } from "#app/models/idempotency.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";
import { enrol, enrolmentVacations, type EnrolmentOptions } from "#app/services/people/enrolment.server.ts";
import { refusalReply } from "#app/utils/refusal-reply.server.ts";

const log = logFor("enrolment");

export type ProcessRegistrationResult =
  | { status: "ok"; reference: string; id: string }
  | { status: "error"; result: SubmissionResult<string[]>; httpStatus: number; duplicateReference?: string };

/** A refused registration as the form's reply: the errors by the fields, and the earlier registration it repeats. */
export function refusedRegistration(outcome: Extract<ProcessRegistrationResult, { status: "error" }>) {
  return data(
    { result: outcome.result, duplicateReference: outcome.duplicateReference ?? null },
    { status: outcome.httpStatus },
  );
}

/** The submit button that asks to re-render the form with the chosen programme's subjects (no-JS path). */
export const SHOW_SUBJECTS_INTENT = "show-subjects";

const KNOWN_FIELDS = new Set(Object.keys(REGISTRATION_FIELD_LABELS));

/** Only the form's own fields go back to the browser (never echo unknown or hostile keys). */
function keepKnown(initialValue: SubmissionResult<string[]>["initialValue"]) {
  if (!initialValue) return initialValue;
  return Object.fromEntries(Object.entries(initialValue).filter(([k]) => KNOWN_FIELDS.has(k)));
}

function formError(message: string, httpStatus: number, payload?: Record<string, unknown>): ProcessRegistrationResult {
  return {
    status: "error",
    httpStatus,
    result: { status: "error", initialValue: keepKnown((payload ?? {}) as never) ?? {}, error: { "": [message] } },
  };
}

function asStrings(values: FormDataEntryValue[]) {
  return values.filter((v): v is string => typeof v === "string");
}

/**
 * The form's post as an enrolment (docs/product.md#integrations process-registration).
 *
 * - intent=show-subjects (the no-JS 'Show subjects' button): returns status "error" with httpStatus 200 and a result
 *   that re-renders the form with every value kept, the subjects narrowed to the chosen programme, and no error shown.
 * - When no vacation takes enrolments (or settings.registrationEnabled is off), public posts are refused (403) before
 *   their fields are read; the office's are still accepted for the vacation teaching; with no vacation at all nobody
 *   can enrol (409).
 * - Every refusal keeps what was typed (the form's own fields only).
 */
export async function processRegistration(
  formData: FormData,
  options: EnrolmentOptions,
): Promise<ProcessRegistrationResult> {
  const body = new FormData();
  for (const [key, value] of formData.entries()) {
    // Files never belong in this form; Conform's own intent field is ours to set.
    if (typeof value !== "string" || key === "__intent__" || key === "subjectCount") continue;
    body.append(key, value);
  }
  const subjects = asStrings(formData.getAll("subjects"));
  const intent = formData.get("intent");

  let submission;
  try {
    body.set("subjectCount", String(subjects.length));
    submission = parseWithZod(body, { schema: RegistrationSchema });
  } catch {
    return formError("The form could not be read. Please check your answers and try again.", 400);
  }

  if (intent === SHOW_SUBJECTS_INTENT) {
    const payload = { ...(submission.payload as Record<string, unknown>) };
    const allowed = subjectsFor(typeof payload.programme === "string" ? payload.programme : null);
    const kept = subjects.filter((s) => allowed.includes(s));
    payload.subjects = kept.length ? kept : undefined;
    payload.subjectCount = String(kept.length);
    return {
      status: "error",
      httpStatus: 200,
      result: { initialValue: keepKnown(payload as never) ?? {}, error: {}, state: { validated: {} } },
    };
  }

  const open = await enrolmentVacations(options.adminRegistration);
  if (!open.ok) return formError(open.message, open.status, submission.payload as Record<string, unknown>);

  const refused = (refusal: Refused, duplicateReference?: string): ProcessRegistrationResult => {
    const reply = refusalReply(submission, refusal);
    return {
      status: "error",
      httpStatus: refusal.status,
      ...(duplicateReference ? { duplicateReference } : {}),
      result: { ...reply, initialValue: keepKnown(reply.initialValue) },
    };
  };
  if (submission.status !== "success") {
    const reply = submission.reply();
    return { status: "error", httpStatus: 400, result: { ...reply, initialValue: keepKnown(reply.initialValue) } };
  }
  try {
    const enrolled = await enrol(submission.value, open.choices, options);
    if (!enrolled.ok) return refused(enrolled, enrolled.duplicateReference);
    return { status: "ok", reference: enrolled.reference, id: enrolled.id };
  } catch (error) {
    log.error({ err: error }, "processRegistration: save failed");
    const reply = submission.reply({ formErrors: [`${REGISTRATION_FAILED_TITLE}: Please try again.`] });
    return { status: "error", httpStatus: 503, result: { ...reply, initialValue: keepKnown(reply.initialValue) } };
  }
}

/**
 * processRegistration guarded by the form's idempotency key (app/models/idempotency.server.ts): a repeated
 * submission (a retry after a lost answer, a double tap, a second app instance) gets the first success instead of a
 * second registration. Forms without a well-formed key are processed as before.
 */
export async function processRegistrationOnce(
  formData: FormData,
  options: EnrolmentOptions,
): Promise<ProcessRegistrationResult> {
  const key = formData.get(IDEMPOTENCY_FIELD);
  if (!isIdempotencyKey(key) || formData.get("intent") === SHOW_SUBJECTS_INTENT)
    return processRegistration(formData, options);
  const scope = options.adminRegistration
    ? `admin-registration:${options.enteredById ?? options.userId}`
    : "registration";
  const outcome = await runOnce(
    scope,
    key,
    () => processRegistration(formData, options),
    (r) => r.status === "ok",
  );
  if (outcome.status === "busy") return formError(SUBMISSION_IN_PROGRESS, 409, Object.fromEntries(formData.entries()));
  return outcome.value;
}
