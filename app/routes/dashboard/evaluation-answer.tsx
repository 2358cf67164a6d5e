import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useRef } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/evaluation-answer";
import { requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { answerSchema } from "#app/forms/evaluation.schema.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { ErrorList, FormErrors, SubmitButton, type AnyField } from "#app/components/form/fields.tsx";
import { FormDraft } from "#app/components/form/form-draft.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import {
  EVALUATION_LIMITS,
  FORM_CHANGED,
  FORM_CLOSED,
  FORM_NOT_FOR_WARD,
  FORM_NOT_OPEN_YET,
  toAnswers,
  toFormValues,
  type Slot,
  audienceSubjects,
} from "#app/domain/evaluations.ts";
import { getResponse, saveResponse, toAudience } from "#app/models/evaluation.server.ts";
import { requireFormAndWard } from "#app/routes/dashboard/+shared/evaluations.server.ts";
import { BackLink } from "#app/components/ui/back-link.tsx";

export const handle = { rules: { access: { roles: ["parent"] } } } satisfies RouteHandle;

/** Why a parent cannot answer: not open yet, closed, or not for this ward (null: they can). */
function refusal(state: string, forWard: boolean) {
  if (!forWard) return FORM_NOT_FOR_WARD;
  if (state === "upcoming") return FORM_NOT_OPEN_YET;
  if (state === "closed") return FORM_CLOSED;
  return null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const { form, ward, state, forWard, slots } = await requireFormAndWard(
    effectiveUser,
    params.formId,
    params.registrationId,
  );
  const saved = forWard ? await getResponse(form._id, effectiveUser._id, ward._id) : null;
  return {
    form: {
      id: form._id,
      title: form.title,
      intro: form.intro,
      anonymous: form.anonymous,
      closesAt: formatDateTime(form.closesAt),
    },
    ward: { id: ward._id, wardName: ward.wardName, programme: programmeLabel(ward.programme) },
    refused: refusal(state, forWard),
    slots: forWard ? slots : [],
    savedAt: saved ? formatDateTime(saved.updatedAt) : null,
    rev: form.questionsRev,
    values: saved ? toFormValues(slots, saved.answers) : {},
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { effectiveUser, impersonating } = await requireRole(request, handle.rules.access.roles);
  const { form, ward, state, forWard, slots } = await requireFormAndWard(
    effectiveUser,
    params.formId,
    params.registrationId,
  );
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: answerSchema(slots) });
  // The answers are the parent's opinion: an admin viewing as the parent reads the form but cannot answer it.
  const refused = impersonating ? ANSWERS_NOT_WHILE_VIEWING_AS : refusal(state, forWard);
  if (refused) return data({ result: submission.reply({ formErrors: [refused] }) }, { status: 403 });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // The questions the answers were checked against: the form as read above (questionsRev).
  const seenRev = Number(formData.get("rev"));
  if (seenRev !== form.questionsRev)
    return data({ result: submission.reply({ formErrors: [FORM_CHANGED] }) }, { status: 409 });
  const outcome = await saveResponse(
    form,
    {
      parentUserId: effectiveUser._id,
      parentName: effectiveUser.fullName ?? ward.parentName,
      registrationId: ward._id,
      wardName: ward.wardName,
      programme: ward.programme,
      subjects: audienceSubjects(toAudience(form), ward),
    },
    toAnswers(slots, submission.value as Record<string, unknown>),
  );
  if (outcome === "changed") return data({ result: submission.reply({ formErrors: [FORM_CHANGED] }) }, { status: 409 });
  if (outcome === "missing") throw data("Evaluation form not found.", { status: 404 });
  return redirectWithToast("/dashboard/evaluations", {
    type: "success",
    title: "Thank you: your answers are saved",
    description: `You can change them until the form closes (${formatDateTime(form.closesAt)}).`,
  });
}

const ANSWERS_NOT_WHILE_VIEWING_AS =
  "Evaluation answers are the parent's own: they cannot be sent while viewing as someone.";

const RATING_LABELS = ["1", "2", "3", "4", "5"];

/** One question as a fieldset: its legend is the question, so a screen reader reads it before each choice. */
function Question({ slot, field }: { slot: Slot; field: AnyField }) {
  const errors = field.errors?.length ? field.errorId : undefined;
  const legend = (
    <legend className="mb-2 font-medium text-gray-900">
      {slot.label}
      {slot.required ? <span className="text-red-700"> (required)</span> : null}
    </legend>
  );
  if (slot.type === "short" || slot.type === "long") {
    const props =
      slot.type === "short"
        ? getInputProps(field, { type: "text", ariaAttributes: true })
        : getTextareaProps(field, { ariaAttributes: true });
    return (
      <div>
        <label htmlFor={field.id} className="mb-2 block font-medium text-gray-900">
          {slot.label}
          {slot.required ? <span className="text-red-700"> (required)</span> : null}
        </label>
        {slot.type === "short" ? (
          <input {...props} key={props.key} maxLength={EVALUATION_LIMITS.answer} className="field" />
        ) : (
          <textarea {...props} key={props.key} rows={4} maxLength={EVALUATION_LIMITS.answer} className="field" />
        )}
        <ErrorList id={field.errorId} errors={field.errors} />
      </div>
    );
  }
  const initial = field.initialValue;
  const chosen = new Set(Array.isArray(initial) ? initial.map(String) : initial != null ? [String(initial)] : []);
  const options =
    slot.type === "rating"
      ? RATING_LABELS.map((v, i) => ({
          value: v,
          label:
            i === 0 && slot.lowLabel ? `1 — ${slot.lowLabel}` : i === 4 && slot.highLabel ? `5 — ${slot.highLabel}` : v,
        }))
      : slot.options.map((o) => ({ value: o, label: o }));
  return (
    <fieldset id={field.id} aria-invalid={errors ? true : undefined} aria-describedby={errors}>
      {legend}
      <div className={slot.type === "rating" ? "flex flex-wrap gap-2" : "grid gap-2"}>
        {options.map((o) => (
          <label key={o.value} className="choice">
            {/* Inside its label and its form: no id or form attribute needed (a ten-question page stays small). */}
            <input
              type={slot.type === "multiple" ? "checkbox" : "radio"}
              name={field.name}
              value={o.value}
              defaultChecked={chosen.has(o.value)}
              key={`${field.key}-${o.value}`}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

export default function AnswerEvaluation({ loaderData, actionData }: Route.ComponentProps) {
  const { form: ev, ward, refused, savedAt } = loaderData;
  return (
    <DashboardPage
      title={ev.title}
      description={`For ${ward.wardName} · ${ward.programme} · open until ${ev.closesAt}`}
    >
      <div className="max-w-2xl space-y-4">
        <BackLink to="/dashboard/evaluations">All evaluation forms</BackLink>
        {ev.intro ? <p className="whitespace-pre-line text-gray-800">{ev.intro}</p> : null}
        {ev.anonymous ? (
          <p className="text-sm text-gray-700">
            Anonymous: the school sees your answers without your name, phone number or ward.
          </p>
        ) : null}
        {refused ? (
          <p role="alert" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-gray-900">
            {refused}
          </p>
        ) : (
          <>
            {savedAt ? (
              <p className="text-sm font-medium text-gray-800">
                Last saved {savedAt}. You can change your answers until the form closes.
              </p>
            ) : null}
            {/* A new form or ward is a new form state (the route component stays mounted between them). */}
            <AnswerForm key={`${ev.id}-${ward.id}`} loaderData={loaderData} lastResult={actionData?.result} />
          </>
        )}
      </div>
    </DashboardPage>
  );
}

function AnswerForm({
  loaderData,
  lastResult,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form: ev, ward, slots, savedAt, values } = loaderData;
  const schema = answerSchema(slots);
  const formRef = useRef<HTMLFormElement>(null);
  // "ev" is short: every field's id and error id start with it.
  const [form, fields] = usePortalForm<Record<string, string | string[]>, Record<string, unknown>>("ev", {
    lastResult,
    defaultValue: values,
    constraint: getZodConstraint(schema),
    validate: ({ formData }) => parseWithZod(formData, { schema }),
    checkOn: "submit",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      ref={formRef}
      className="space-y-5 rounded-xl border border-gray-200 bg-white p-5"
    >
      <FormDraft formId={`evaluation-${ev.id}-${ward.id}`} formRef={formRef} />
      <FormErrors form={form} labels={Object.fromEntries(slots.map((s) => [s.key, s.label]))} />
      <input type="hidden" name="rev" value={String(loaderData.rev)} />
      {slots.map((slot) => (
        <Question key={slot.key} slot={slot} field={fields[slot.key] as AnyField} />
      ))}
      <SubmitButton pendingLabel="Saving...">{savedAt ? "Save changes" : "Send answers"}</SubmitButton>
    </Form>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.form.title ?? "Evaluation form"} | ${SCHOOL_NAME}` }];
}
