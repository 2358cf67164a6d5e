import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link } from "react-router";
import type { Route } from "./+types/class-request";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { ClassRequestSchema } from "#app/forms/classes.schema.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { SelectField, SubmitButton, TextareaField, SchemaForm } from "#app/components/form/fields.tsx";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { askForClass } from "#app/services/teaching/class-requests.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/** "Create New Class": the facilitator asks the office for a class (app/services/teaching/class-requests.server.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const subjects = await listFacilitatorSubjects(effectiveUser._id);
  return { subjects: subjects.map((s) => s.name) };
}

export async function action({ request }: Route.ActionArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  const submission = parseWithZod(await request.formData(), { schema: ClassRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const subjects = (await listFacilitatorSubjects(info.effectiveUser._id)).map((s) => s.name);
  const outcome = await askForClass(actorOf(info), info.effectiveUser, subjects, submission.value);
  if (!outcome.ok) return replyToRefusal(submission, outcome);
  return redirectWithToast("/facilitator-dashboard/classes", {
    type: "success",
    title: "Sent to the office",
    description: outcome.told
      ? "The school's office has your request and will set the class up or answer you."
      : "Saved for the office, which has no e-mail or phone on file to tell: please call the school as well.",
  });
}

export default function ClassRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(
    "class-request",
    ClassRequestSchema,
    (actionData?.result ?? null) as SubmissionResult<string[]> | null,
  );
  return (
    <DashboardPage
      title="Create New Class"
      description="Ask the school's office for a class the timetable does not have yet: a second class of a subject, or a subject for another form."
    >
      <Card title="Your request">
        <SchemaForm form={form} className="space-y-4">
          <SelectField
            field={fields.subject}
            label="Subject"
            options={loaderData.subjects.map((s) => ({ value: s, label: s }))}
            placeholder="None of my subjects"
          />
          <TextareaField
            field={fields.note}
            label="Which class do you need?"
            hint="The subject, the form and about how many students, e.g. a second Form 2 class of Mathematics for 40 students."
          />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton pendingLabel="Sending...">Send to the office</SubmitButton>
            <Link to="/facilitator-dashboard/classes" className="font-semibold text-brand-700 underline">
              Back to Classes
            </Link>
          </div>
        </SchemaForm>
      </Card>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Create New Class | ${SCHOOL_NAME}` }];
}
