import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/evaluation-edit";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { EvaluationDetailsSchema, QuestionSchema, toDateTimeInput } from "#app/forms/evaluation.schema.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { FORM_LOCKED, QUESTION_TYPE_LABELS, STATE_LABELS, audienceLabel, openState } from "#app/domain/evaluations.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import {
  addQuestion,
  closeEvaluationForm,
  copyEvaluationForm,
  deleteQuestion,
  editQuestion,
  moveQuestion,
  toQuestions,
  updateEvaluationDetails,
} from "#app/models/evaluation.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { EvaluationDetailsForm } from "#app/routes/admin/+shared/evaluation-details-form.tsx";
import { QuestionForm } from "#app/routes/admin/+shared/evaluation-question-form.tsx";
import { EVALUATIONS_PATH } from "#app/services/content/evaluations.server.ts";
import { requireEvaluationForm } from "#app/routes/admin/+shared/evaluation-form.server.ts";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { IntentButton } from "#app/components/form/intent-button.tsx";

export const handle = { rules: { access: { admin: "can_manage_evaluations" } } } satisfies RouteHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const form = await requireEvaluationForm(params.formId);
  const state = openState(form);
  return {
    form: {
      id: form._id,
      title: form.title,
      audience: audienceLabel(form),
      anonymous: form.anonymous,
      locked: form.locked,
      stateLabel: STATE_LABELS[state],
      open: state !== "closed",
    },
    details: {
      title: form.title,
      intro: form.intro,
      programmes: form.programmes,
      subject: form.subject ?? "",
      opensAt: toDateTimeInput(form.opensAt),
      closesAt: toDateTimeInput(form.closesAt),
      anonymous: form.anonymous,
    },
    questions: toQuestions(form),
  };
}

const QuestionRef = z.object({ questionId: z.string().regex(ID_PATTERN) });

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const form = await requireEvaluationForm(params.formId);
  const formData = await request.formData();
  const args: EditArgs = { formId: form._id, formData, actorId: user._id, here: `${EVALUATIONS_PATH}/${form._id}` };
  const intent = intentOf(formData);
  switch (intent) {
    case "details":
      return saveDetails(args);
    case "add-question":
    case "edit-question":
      return saveQuestion(args, intent);
    case "move-up":
    case "move-down":
    case "delete-question":
      return changeQuestion(args, intent);
    case "close":
      return closeForm(args);
    case "copy":
      return copyForm(args);
    default:
      return unknownIntent();
  }
}

type EditArgs = { formId: string; formData: FormData; actorId: string; here: string };

/** A change to the questions: refused on a form with answers (locked), audited as its intent otherwise. */
async function questionsChanged(
  { formId, actorId, here }: EditArgs,
  intent: string,
  outcome: "ok" | "locked" | "missing",
  title: string,
) {
  if (outcome === "locked") return redirectWithToast(here, { type: "error", title: FORM_LOCKED });
  if (outcome === "missing") throw data("Question not found.", { status: 404 });
  await audit(`evaluation.${intent}`, actorId, formId);
  return redirectWithToast(here, { type: "success", title });
}

async function saveDetails({ formId, formData, actorId, here }: EditArgs) {
  const submission = parseWithZod(formData, { schema: EvaluationDetailsSchema });
  if (submission.status !== "success")
    return data({ intent: "details", questionId: null, result: submission.reply() }, { status: 400 });
  const outcome = await updateEvaluationDetails(formId, submission.value);
  if (outcome === "missing") throw data("Evaluation form not found.", { status: 404 });
  await audit("evaluation.details", actorId, formId);
  return redirectWithToast(here, {
    type: "success",
    title: outcome === "locked" ? "Saved (audience and anonymity kept: the form has answers)" : "Form saved",
  });
}

async function saveQuestion(args: EditArgs, intent: "add-question" | "edit-question") {
  const { formId, formData } = args;
  const ref = intent === "edit-question" ? QuestionRef.safeParse({ questionId: formData.get("questionId") }) : null;
  if (ref && !ref.success) throw data("Question not found.", { status: 404 });
  const submission = parseWithZod(formData, { schema: QuestionSchema });
  if (submission.status !== "success")
    return data({ intent, questionId: ref?.data.questionId ?? null, result: submission.reply() }, { status: 400 });
  const outcome = ref
    ? await editQuestion(formId, ref.data.questionId, submission.value)
    : await addQuestion(formId, submission.value);
  if (outcome === "missing" && !ref) {
    return data(
      {
        intent,
        questionId: null,
        result: submission.reply({ formErrors: ["This form already has the most questions a form can have."] }),
      },
      { status: 400 },
    );
  }
  return questionsChanged(args, intent, outcome, ref ? "Question saved" : "Question added");
}

async function changeQuestion(args: EditArgs, intent: "move-up" | "move-down" | "delete-question") {
  const ref = QuestionRef.safeParse({ questionId: args.formData.get("questionId") });
  if (!ref.success) throw data("Question not found.", { status: 404 });
  const outcome =
    intent === "delete-question"
      ? await deleteQuestion(args.formId, ref.data.questionId)
      : await moveQuestion(args.formId, ref.data.questionId, intent === "move-up" ? "up" : "down");
  return questionsChanged(args, intent, outcome, intent === "delete-question" ? "Question deleted" : "Question moved");
}

async function closeForm({ formId, actorId, here }: EditArgs) {
  await closeEvaluationForm(formId);
  await audit("evaluation.close", actorId, formId);
  return redirectWithToast(here, {
    type: "success",
    title: "Form closed",
    description: "Parents can no longer answer or change their answers.",
  });
}

async function copyForm({ formId, actorId }: EditArgs) {
  const id = await copyEvaluationForm(formId, actorId);
  if (!id) throw data("Evaluation form not found.", { status: 404 });
  await audit("evaluation.copy", actorId, id, { from: formId });
  return redirectWithToast(`${EVALUATIONS_PATH}/${id}`, {
    type: "success",
    title: "Form copied",
    description: "Check its dates before parents see it.",
  });
}

export default function EditEvaluation({ loaderData, actionData }: Route.ComponentProps) {
  const { form, details, questions } = loaderData;
  const resultFor = (intent: string, questionId: string | null) =>
    actionData && actionData.intent === intent && actionData.questionId === questionId ? actionData.result : undefined;
  return (
    <AdminPage
      title={form.title}
      back={{ to: "/admin/evaluations", label: "Back to evaluation forms" }}
      description={
        <>
          {form.audience} · {form.stateLabel}
          {form.anonymous ? " · Anonymous" : ""}
        </>
      }
      actions={
        <>
          <ButtonLink to={`/admin/evaluations/${form.id}/results`}>Results</ButtonLink>
          {form.open ? <IntentButton intent="close">Close now</IntentButton> : null}
          <IntentButton intent="copy">Copy</IntentButton>
          <ButtonLink to={`/admin/evaluations/${form.id}/delete`} variant="danger">
            Delete
          </ButtonLink>
        </>
      }
    >
      <Section
        id="questions-heading"
        title="Questions"
        className="rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="text-xl font-semibold text-gray-900"
      >
        {form.locked ? <p className="mt-2 rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">{FORM_LOCKED}</p> : null}
        {questions.length ? (
          <ol className="mt-4 space-y-4">
            {questions.map((q, i) => (
              <li key={q.id} className="rounded-lg border border-gray-200 p-4">
                <p className="font-semibold text-gray-900">
                  {i + 1}. {q.prompt}
                </p>
                <p className="text-sm text-gray-700">
                  {QUESTION_TYPE_LABELS[q.type]}
                  {q.required ? " · Required" : " · Optional"}
                  {q.perSubject ? " · Per subject" : ""}
                  {q.options.length ? ` · ${q.options.join(" / ")}` : ""}
                  {q.type === "rating" && (q.lowLabel || q.highLabel)
                    ? ` · 1 = ${q.lowLabel || "—"}, 5 = ${q.highLabel || "—"}`
                    : ""}
                </p>
                {form.locked ? null : (
                  <>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <IntentButton intent="move-up" fields={{ questionId: q.id }} disabled={i === 0}>
                        Move up<span className="sr-only">: {q.prompt}</span>
                      </IntentButton>
                      <IntentButton
                        intent="move-down"
                        fields={{ questionId: q.id }}
                        disabled={i === questions.length - 1}
                      >
                        Move down<span className="sr-only">: {q.prompt}</span>
                      </IntentButton>
                      <IntentButton intent="delete-question" fields={{ questionId: q.id }} variant="danger">
                        Delete<span className="sr-only"> question: {q.prompt}</span>
                      </IntentButton>
                    </div>
                    <details className="mt-3" open={!!resultFor("edit-question", q.id)}>
                      <summary className="cursor-pointer font-semibold text-brand-700">
                        Edit<span className="sr-only"> question: {q.prompt}</span>
                      </summary>
                      <div className="mt-3">
                        <QuestionForm
                          id={`question-${q.id}`}
                          question={q}
                          lastResult={resultFor("edit-question", q.id)}
                          submitLabel="Save question"
                        />
                      </div>
                    </details>
                  </>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-gray-700">No questions yet.</p>
        )}
        {form.locked ? null : (
          <div className="mt-6 border-t border-gray-200 pt-4">
            <h3 className="mb-3 text-lg font-semibold text-gray-900">Add a question</h3>
            <QuestionForm id="question-new" lastResult={resultFor("add-question", null)} submitLabel="Add question" />
          </div>
        )}
      </Section>

      <Section
        id="details-heading"
        title="Details"
        className="max-w-2xl rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="mb-4 text-xl font-semibold text-gray-900"
      >
        <EvaluationDetailsForm
          id="evaluation-details"
          lastResult={resultFor("details", null)}
          current={details}
          locked={form.locked}
          submitLabel="Save details"
          intent="details"
        />
      </Section>
    </AdminPage>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.form.title ?? "Evaluation form"} | Admin | ${SCHOOL_NAME}` }];
}
