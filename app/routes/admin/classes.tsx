import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/classes";
import { classLabel, CLASS_SIZE_MAX, CLASS_SIZE_MIN } from "#app/domain/classes.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { CLASS_FIELD_LABELS as L, ClassChangeSchema, ClassSizeSchema } from "#app/forms/classes.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { refusalReply } from "#app/utils/refusal-reply.server.ts";
import { getSettings } from "#app/models/settings.server.ts";
import { listFacilitators } from "#app/models/user-admin.server.ts";
import { vacationShown } from "#app/models/vacation.server.ts";
import { changeClass, classesOf, placeVacation, setClassSize } from "#app/services/teaching/classes.server.ts";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { VacationPicker } from "#app/components/ui/filter-form.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

/**
 * The classes of a vacation (docs/decisions/0112-classes-of-a-workable-size.md): the school's class size, and each
 * subject's classes in each programme with their students, facilitator and class page. Opening the page gives every
 * student enrolled since a class.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const [{ shown, all }, settings, facilitators] = await Promise.all([
    vacationShown(url.searchParams.get("vacation")),
    getSettings(),
    listFacilitators(),
  ]);
  if (shown) await placeVacation(shown.name);
  const classes = shown ? await classesOf(shown.name) : [];
  return {
    vacation: shown?.name ?? null,
    vacations: all.map((v) => v.name),
    classSize: settings.classSize,
    facilitators: facilitators.map((f) => ({ value: String(f._id), label: f.fullName })),
    classes: classes.map((c) => ({
      id: c._id,
      title: `${c.subject}, ${programmeLabel(c.programme)}: ${classLabel(c.n)}`,
      students: c.seats,
      // A later class without lessons of its own follows the first's (ADR 0112): the office is told.
      followsFirst: c.n > 1 && !c.hasLessons,
      facilitatorId: c.facilitatorId ?? "",
      facilitatorName: c.facilitatorName,
      classPage: c.classPage ?? "",
    })),
  };
}

type ActionData =
  { form: "size"; result: SubmissionResult } | { form: "class"; classId: string; result: SubmissionResult };

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  const back = `/admin/classes${new URL(request.url).search}`;
  switch (intentOf(formData)) {
    case "size": {
      const submission = parseWithZod(formData, { schema: ClassSizeSchema });
      if (submission.status !== "success")
        return data<ActionData>({ form: "size", result: submission.reply() }, { status: 400 });
      const saved = await setClassSize(submission.value.classSize, user._id);
      if (!saved.ok)
        return data<ActionData>(
          { form: "size", result: submission.reply({ fieldErrors: { classSize: [saved.error] } }) },
          { status: 400 },
        );
      return redirectWithToast(back, {
        type: "success",
        title: "Class size saved",
        description: `Students enrolled from now on join a class of at most ${submission.value.classSize}; those placed keep their class.`,
      });
    }
    case "class": {
      const submission = parseWithZod(formData, { schema: ClassChangeSchema });
      const classId = String(formData.get("classId") ?? "");
      if (submission.status !== "success")
        return data<ActionData>({ form: "class", classId, result: submission.reply() }, { status: 400 });
      const { classId: id, ...change } = submission.value;
      const outcome = await changeClass(id, change, user._id);
      if (!outcome.ok && outcome.status === 404) throw data(outcome.message, { status: 404 });
      if (!outcome.ok)
        return data<ActionData>(
          { form: "class", classId, result: refusalReply(submission, outcome) },
          { status: outcome.status },
        );
      return redirectWithToast(back, { type: "success", title: "Class saved" });
    }
    default:
      return unknownIntent();
  }
}

type ClassRow = Route.ComponentProps["loaderData"]["classes"][number];
type Option = { value: string; label: string };

function ClassForm({
  row,
  facilitators,
  lastResult,
}: {
  row: ClassRow;
  facilitators: Option[];
  lastResult?: SubmissionResult;
}) {
  const [form, fields] = useSchemaForm(`class-${row.id}`, ClassChangeSchema, lastResult, {
    classId: row.id,
    facilitatorId: row.facilitatorId,
    classPage: row.classPage,
  });
  return (
    <li className="rounded-lg border border-gray-300 p-4">
      <h3 className="font-semibold text-gray-900">{row.title}</h3>
      <p className="text-sm text-gray-800">
        <Link to={`/admin/classes/${encodeURIComponent(row.id)}`} className="font-semibold text-brand-700 underline">
          {row.students === 1 ? "1 student" : `${row.students} students`}
          <span className="sr-only"> of {row.title}</span>
        </Link>
        {row.facilitatorName ? ` · taught by ${row.facilitatorName}` : null}
        {row.followsFirst
          ? " · No lessons of its own yet: its students follow Class 1's (add them under Lessons)."
          : null}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="class" />
        <input type="hidden" name="classId" value={row.id} />
        <SelectField
          field={fields.facilitatorId}
          label={L.facilitatorId}
          options={facilitators}
          placeholder="The subject's facilitator"
        />
        <TextField field={fields.classPage} label={L.classPage} type="url" />
        <Button type="submit" variant="secondary">
          Save <span className="sr-only">{row.title}</span>
        </Button>
      </Form>
    </li>
  );
}

export default function Classes({ loaderData, actionData }: Route.ComponentProps) {
  const { vacation, vacations, classSize, facilitators, classes } = loaderData;
  const [sizeForm, sizeFields] = useSchemaForm(
    "class-size",
    ClassSizeSchema,
    actionData?.form === "size" ? actionData.result : undefined,
    { classSize: String(classSize) },
  );
  return (
    <AdminPage
      title="Classes"
      description={
        <>
          A subject&apos;s students in a programme are split into classes of at most {classSize}, in the order they
          enrolled; a student keeps their class all vacation. Each class takes the subject&apos;s facilitator and class
          page unless you give it its own. A lesson of the timetable is for one class (Lessons).
        </>
      }
    >
      <Section title="Class size" id="class-size-heading">
        <Form method="post" {...getFormProps(sizeForm)} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="size" />
          <TextField
            field={sizeFields.classSize}
            label={L.classSize}
            type="number"
            hint={`From ${CLASS_SIZE_MIN} to ${CLASS_SIZE_MAX} (a WhatsApp group holds ${CLASS_SIZE_MAX}).`}
            inputProps={{ min: CLASS_SIZE_MIN, max: CLASS_SIZE_MAX, inputMode: "numeric" }}
          />
          <Button type="submit">Save Class Size</Button>
        </Form>
      </Section>
      {vacation ? (
        <Section title={`The ${vacation}'s classes`} id="classes-heading">
          <div className="mb-4">
            <VacationPicker id="classes-vacation" vacations={vacations} value={vacation} />
          </div>
          {classes.length ? (
            <ul className="space-y-3">
              {classes.map((row) => (
                <ClassForm
                  key={row.id}
                  row={row}
                  facilitators={facilitators}
                  lastResult={
                    actionData?.form === "class" && actionData.classId === row.id ? actionData.result : undefined
                  }
                />
              ))}
            </ul>
          ) : (
            <p className="text-gray-800">No student is enrolled in this vacation yet.</p>
          )}
        </Section>
      ) : (
        <p className="text-gray-700">
          Open a vacation first (<Link to="/admin/vacations">Vacations</Link>): classes belong to one.
        </p>
      )}
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Classes | Admin | ${SCHOOL_NAME}` }];
}
