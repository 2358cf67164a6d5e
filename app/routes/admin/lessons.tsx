import type { RouteHandle } from "#app/utils/route-rules.ts";
import { counted } from "#app/domain/counted.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/lessons";
import { CLASSES_MAX } from "#app/domain/classes.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { refusalReply } from "#app/utils/refusal-reply.server.ts";
import {
  DayOffSchema,
  LESSON_FIELD_LABELS as L,
  OneLessonSchema,
  WeeklyClassSchema,
} from "#app/forms/lessons.schema.ts";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { ALL_SUBJECTS, PROGRAMME_OPTIONS, WARD_FORM_LABELS, WARD_FORMS } from "#app/domain/programmes.ts";
import { longDay } from "#app/domain/vacations.ts";
import { LESSON_WEEKDAYS, shortDay, weekStart } from "#app/domain/lessons.ts";
import { vacationShown } from "#app/models/vacation.server.ts";
import { addLesson, addWeeklyClass, removeWeeklyClass, takeDayOff } from "#app/services/teaching/lessons.server.ts";
import {
  CheckboxField,
  ChoiceGroup,
  FormErrors,
  type AnyField,
  SelectField,
  SubmitButton,
  TextField,
} from "#app/components/form/fields.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { lessonsPage } from "#app/routes/admin/+shared/lessons-page.server.ts";
import { DaysOffSoFar, WeekOfLessons, WeeklyTimetable } from "#app/routes/admin/+shared/lessons-parts.tsx";
import { FilterSelect, VacationPicker } from "#app/components/ui/filter-form.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const { shown, today, all } = await vacationShown(url.searchParams.get("vacation"));
  if (!shown)
    return {
      vacation: null,
      vacations: [],
      programme: null,
      week: null,
      classes: [],
      lessons: [],
      holidays: [],
      daysOff: [],
    };
  return lessonsPage(shown, today, all, url);
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "add-class": {
      const submission = parseWithZod(formData, { schema: WeeklyClassSchema });
      if (submission.status !== "success") return data({ form: "class", result: submission.reply() }, { status: 400 });
      const outcome = await addWeeklyClass(submission.value, user._id);
      if (!outcome.ok)
        return data({ form: "class", result: refusalReply(submission, outcome) }, { status: outcome.status });
      return redirectWithToast(`${back(submission.value.vacation)}&programme=${submission.value.programme}`, {
        type: "success",
        title: "Weekly class added",
        description: `${submission.value.subject}: ${outcome.lessons} lessons made for the vacation.`,
      });
    }
    case "add-lesson": {
      const submission = parseWithZod(formData, { schema: OneLessonSchema });
      if (submission.status !== "success") return data({ form: "lesson", result: submission.reply() }, { status: 400 });
      const outcome = await addLesson(submission.value, user._id);
      if (!outcome.ok)
        return data({ form: "lesson", result: refusalReply(submission, outcome) }, { status: outcome.status });
      const where = `&programme=${submission.value.programme}&week=${weekStart(submission.value.date)}`;
      return redirectWithToast(`${back(submission.value.vacation)}${where}`, {
        type: "success",
        title: "Lesson added",
        description: `${submission.value.subject} on ${shortDay(submission.value.date)}.`,
      });
    }
    case "day-off": {
      const submission = parseWithZod(formData, { schema: DayOffSchema });
      if (submission.status !== "success")
        return data({ form: "day-off", result: submission.reply() }, { status: 400 });
      const outcome = await takeDayOff(submission.value, user._id);
      if (!outcome.ok)
        return data({ form: "day-off", result: refusalReply(submission, outcome) }, { status: outcome.status });
      const { date, what, moveTo } = submission.value;
      const held = outcome.held ? ` ${outcome.held} already held stayed.` : "";
      return redirectWithToast(`${back(submission.value.vacation)}&week=${weekStart(date)}`, {
        type: "success",
        title: `${longDay(date)}: no lessons`,
        description:
          what === "move" && moveTo
            ? `${counted(outcome.changed, "lesson")} moved to ${longDay(moveTo)}.${held}`
            : `${counted(outcome.changed, "lesson")} cancelled${outcome.sms ? `, ${outcome.sms} SMS queued` : ""}.${held}`,
      });
    }
    case "remove-class": {
      const removed = await removeWeeklyClass(String(formData.get("classId") ?? ""), user._id);
      return redirectWithToast(back(String(formData.get("vacation") ?? "")), {
        type: removed === null ? "error" : "success",
        title: removed === null ? "Already removed" : "Weekly class removed",
        description:
          removed === null
            ? "That class is no longer on the timetable."
            : `${counted(removed, "lesson")} still to come ${removed === 1 ? "was" : "were"} removed; the lessons already held stay.`,
      });
    }
    default:
      return unknownIntent();
  }
}

const back = (vacation: string) => `/admin/lessons?vacation=${encodeURIComponent(vacation)}`;

const SUBJECT_OPTIONS = ALL_SUBJECTS.map((s) => ({ value: s, label: s }));
const FORM_OPTIONS = WARD_FORMS.map((f) => ({ value: f, label: WARD_FORM_LABELS[f] }));
const WEEKDAY_OPTIONS = LESSON_WEEKDAYS.map((d) => ({ value: String(d.value), label: d.name }));
const time = { inputProps: { type: "time", step: 300 } } as const;

function AudienceFields({
  fields,
  vacation,
}: {
  fields: Record<"programme" | "subject" | "forms" | "classNo", AnyField>;
  vacation: string;
}) {
  return (
    <>
      <input type="hidden" name="vacation" value={vacation} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField field={fields.programme} label={L.programme} options={PROGRAMME_OPTIONS} />
        <SelectField field={fields.subject} label={L.subject} options={SUBJECT_OPTIONS} />
      </div>
      <ChoiceGroup field={fields.forms} legend={L.forms} options={FORM_OPTIONS} type="checkbox" columns={3} />
      <TextField
        field={fields.classNo}
        label={L.classNo}
        type="number"
        className="sm:max-w-xs"
        inputProps={{ min: 1, max: CLASSES_MAX, inputMode: "numeric" }}
      />
    </>
  );
}

export default function Lessons({ loaderData, actionData }: Route.ComponentProps) {
  const { vacation, vacations, programme, week, classes, lessons, holidays, daysOff } = loaderData;
  const [classForm, classFields] = useSchemaForm(
    "add-class",
    WeeklyClassSchema,
    actionData?.form === "class" ? actionData.result : undefined,
  );
  const [lessonForm, lessonFields] = useSchemaForm(
    "add-lesson",
    OneLessonSchema,
    actionData?.form === "lesson" ? actionData.result : undefined,
    { date: vacation?.lessonsStart },
  );
  const [dayOffForm, dayOffFields] = useSchemaForm(
    "day-off",
    DayOffSchema,
    actionData?.form === "day-off" ? actionData.result : undefined,
    { date: holidays.find((h) => !h.taken && !h.past)?.date, what: "cancel" },
  );
  if (!vacation || !week)
    return (
      <AdminPage title="Lessons">
        <p className="text-gray-700">
          Open a vacation first (<Link to="/admin/vacations">Vacations</Link>): lessons belong to one.
        </p>
      </AdminPage>
    );
  return (
    <AdminPage
      title="Lessons"
      description={
        <>
          The {vacation.name}&apos;s lessons run from {vacation.lessons}. Each class of the weekly timetable makes a
          lesson on its day of every week; move, cancel or add one lesson below. Students see their lessons in their
          Class Schedule; facilitators start them from their Classes tab.
        </>
      }
    >
      <VacationPicker id="lessons-vacation" vacations={vacations} value={vacation.name}>
        <FilterSelect
          id="lessons-programme"
          name="programme"
          label="Programme shown"
          value={programme ?? ""}
          all="Every programme"
          options={PROGRAMME_OPTIONS}
        />
      </VacationPicker>

      <WeeklyTimetable classes={classes} vacation={vacation.name} />

      <WeekOfLessons week={week} lessons={lessons} programme={programme} />

      <Section
        id="day-off-title"
        title="Days without lessons"
        className="max-w-2xl rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="mb-2 text-lg font-semibold text-gray-900"
      >
        <p className="text-sm text-gray-700">
          A public holiday or a day the school closes: its lessons are cancelled, or moved to another day at the same
          times. Lessons already held stay.
        </p>
        <DaysOffSoFar holidays={holidays} daysOff={daysOff} />
        <Form method="post" {...getFormProps(dayOffForm)} className="mt-4 space-y-4">
          <FormErrors form={dayOffForm} unlinked={["vacation"]} />
          <input type="hidden" name="intent" value="day-off" />
          <input type="hidden" name="vacation" value={vacation.name} />
          <TextField field={dayOffFields.date} label={L.dayOff} inputProps={{ type: "date" }} />
          <ChoiceGroup
            field={dayOffFields.what}
            legend={L.what}
            type="radio"
            options={[
              { value: "cancel", label: "Cancel them" },
              { value: "move", label: "Move them to another day" },
            ]}
          />
          <TextField field={dayOffFields.moveTo} label={L.moveTo} inputProps={{ type: "date" }} />
          <CheckboxField field={dayOffFields.tell} label={L.tellDayOff} />
          <SubmitButton pendingLabel="Saving...">Clear the Day</SubmitButton>
        </Form>
      </Section>

      <Section id="add-class-title" title="Add a weekly class" form>
        <Form method="post" {...getFormProps(classForm)} className="space-y-4">
          <FormErrors form={classForm} unlinked={["vacation"]} />
          <input type="hidden" name="intent" value="add-class" />
          <AudienceFields fields={classFields} vacation={vacation.name} />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField field={classFields.weekday} label={L.weekday} options={WEEKDAY_OPTIONS} />
            <TextField field={classFields.start} label={L.start} {...time} />
            <TextField field={classFields.end} label={L.end} {...time} />
          </div>
          <SubmitButton pendingLabel="Adding...">Add Weekly Class</SubmitButton>
        </Form>
      </Section>

      <Section id="add-lesson-title" title="Add one lesson" form>
        <Form method="post" {...getFormProps(lessonForm)} className="space-y-4">
          <FormErrors form={lessonForm} unlinked={["vacation"]} />
          <input type="hidden" name="intent" value="add-lesson" />
          <AudienceFields fields={lessonFields} vacation={vacation.name} />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField field={lessonFields.date} label={L.date} inputProps={{ type: "date" }} />
            <TextField field={lessonFields.start} label={L.start} {...time} />
            <TextField field={lessonFields.end} label={L.end} {...time} />
          </div>
          <SubmitButton pendingLabel="Adding...">Add Lesson</SubmitButton>
        </Form>
      </Section>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Lessons | Admin | ${SCHOOL_NAME}` }];
}
