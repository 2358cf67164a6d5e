import type { RouteHandle } from "#app/utils/route-rules.ts";
import { counted } from "#app/domain/counted.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/lessons";
import { CLASSES_MAX } from "#app/domain/classes.ts";
import { fieldErrorsOf, parseWithZod } from "#app/forms/parse.ts";
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
import { ALL_SUBJECTS, PROGRAMME_OPTIONS, WARD_FORM_LABELS, WARD_FORMS, isProgramme } from "#app/domain/programmes.ts";
import { addDays, isSchoolDay, longDay } from "#app/domain/vacations.ts";
import {
  LESSON_WEEKDAYS,
  defaultWeek,
  lessonAudience,
  shortDay,
  timeLabel,
  weekStart,
  weekdayOf,
} from "#app/domain/lessons.ts";
import { vacationShown } from "#app/models/vacation.server.ts";
import { daysOffOf } from "#app/models/lesson.server.ts";
import { holidaysBetween } from "#app/domain/holidays.ts";
import {
  addLesson,
  addWeeklyClass,
  finishWeeklyClasses,
  lessonsOfWeek,
  removeWeeklyClass,
  takeDayOff,
  weeklyClassesOf,
} from "#app/services/lessons.server.ts";
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
import { FilterSelect, VacationPicker } from "#app/components/ui/filter-form.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, "can_access_subjects");
  const { shown, today, all } = await vacationShown(url.searchParams.get("vacation"));
  if (!shown) return { vacation: null, vacations: [], week: null, classes: [], lessons: [], holidays: [], daysOff: [] };
  await finishWeeklyClasses(shown.name);
  const asked = url.searchParams.get("week");
  const askedProgramme = url.searchParams.get("programme");
  const programme = isProgramme(askedProgramme) ? askedProgramme : null;
  const monday = isSchoolDay(asked) ? weekStart(asked) : defaultWeek(shown, today);
  const sunday = addDays(monday, 6);
  const [classes, lessons, daysOff] = await Promise.all([
    weeklyClassesOf(shown.name, programme),
    lessonsOfWeek(shown.name, monday, sunday, programme),
    daysOffOf(shown.name),
  ]);
  const off = new Set(daysOff.map((d) => d.date));
  const query = (week: string) =>
    `?vacation=${encodeURIComponent(shown.name)}${programme ? `&programme=${programme}` : ""}&week=${week}`;
  return {
    vacation: {
      name: shown.name,
      lessons: `${longDay(shown.lessonsStart)} to ${longDay(shown.lessonsEnd)}`,
      lessonsStart: shown.lessonsStart,
    },
    vacations: all.map((v) => v.name),
    programme,
    week: {
      label: `${longDay(monday)} to ${longDay(sunday)}`,
      previous: monday > shown.lessonsStart ? query(addDays(monday, -7)) : null,
      next: sunday < shown.lessonsEnd ? query(addDays(monday, 7)) : null,
    },
    classes: classes.map((c) => ({
      id: c._id,
      subject: c.subject,
      audience: lessonAudience(c.programme, c.forms, c.classNo),
      when: `${LESSON_WEEKDAYS.find((d) => d.value === c.weekday)?.name}, ${timeLabel(c.start)} to ${timeLabel(c.end)}`,
    })),
    // The public holidays of the vacation's lessons (Sundays have none), those not yet taken off first offered.
    holidays: holidaysBetween(shown.lessonsStart, shown.lessonsEnd)
      .filter((h) => weekdayOf(h.date) !== 0)
      .map((h) => ({
        date: h.date,
        label: `${h.name}, ${longDay(h.date)}`,
        taken: off.has(h.date),
        past: h.date < today,
      })),
    daysOff: daysOff.map((d) => ({
      date: d.date,
      label: `${d.name ? `${d.name}, ` : ""}${longDay(d.date)}`,
      outcome: d.movedTo ? `lessons moved to ${longDay(d.movedTo)}` : "lessons cancelled",
    })),
    lessons: lessons.map((l) => ({
      id: l._id,
      subject: l.subject,
      audience: lessonAudience(l.programme, l.forms, l.classNo),
      day: shortDay(l.date),
      time: `${timeLabel(l.start)} to ${timeLabel(l.end)}`,
      cancelled: l.cancelled,
      started: Boolean(l.startedAt),
      movedFrom: l.movedFrom ? shortDay(l.movedFrom) : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, "can_access_subjects");
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "add-class": {
      const submission = parseWithZod(formData, { schema: WeeklyClassSchema });
      if (submission.status !== "success") return data({ form: "class", result: submission.reply() }, { status: 400 });
      const outcome = await addWeeklyClass(submission.value, user._id);
      if (!outcome.ok)
        return data({ form: "class", result: submission.reply({ fieldErrors: fieldErrorsOf(outcome.errors) }) }, 400);
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
        return data({ form: "lesson", result: submission.reply({ fieldErrors: fieldErrorsOf(outcome.errors) }) }, 400);
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
        return data({ form: "day-off", result: submission.reply({ fieldErrors: fieldErrorsOf(outcome.errors) }) }, 400);
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

      <Section
        id="weekly-timetable"
        title="Weekly timetable"
        headingClassName="mb-3 text-lg font-semibold text-gray-900"
      >
        {classes.length === 0 ? (
          <p className="text-gray-700">No weekly class yet: students are told their timetable is not set.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {classes.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-semibold text-gray-900">{c.subject}</p>
                  <p className="text-sm text-gray-700">
                    {c.audience} · {c.when}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-class" />
                  <input type="hidden" name="vacation" value={vacation.name} />
                  <SubmitButton variant="secondary" name="classId" value={c.id} pendingLabel="Removing...">
                    Remove <span className="sr-only">{`${c.subject}, ${c.when}`}</span>
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section
        id="week-lessons"
        title={`Week of ${week.label}`}
        headingClassName="mb-3 text-lg font-semibold text-gray-900"
      >
        <nav aria-label="Weeks" className="mb-3 flex gap-4">
          {week.previous ? (
            <Link to={week.previous} className="font-semibold text-brand-700 underline">
              Previous week
            </Link>
          ) : null}
          {week.next ? (
            <Link to={week.next} className="font-semibold text-brand-700 underline">
              Next week
            </Link>
          ) : null}
        </nav>
        {lessons.length === 0 ? (
          <p className="text-gray-700">No lesson this week.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {lessons.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-semibold text-gray-900">
                    {l.day}, {l.time}: {l.subject}
                  </p>
                  <p className="text-sm text-gray-700">
                    {l.audience}
                    {l.cancelled ? " · Cancelled" : ""}
                    {l.started ? " · Started" : ""}
                    {l.movedFrom ? ` · moved from ${l.movedFrom}` : ""}
                  </p>
                </div>
                <Link
                  to={`/admin/lessons/${l.id}?programme=${programme ?? "all"}`}
                  className="font-semibold text-brand-700 underline"
                >
                  Change <span className="sr-only">{`${l.subject}, ${l.day}, ${l.time}`}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

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
        {holidays.length ? (
          <>
            <h3 className="mt-3 text-sm font-semibold text-gray-900">Public holidays during these lessons</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-gray-800">
              {holidays.map((h) => (
                <li key={h.date}>
                  {h.label}
                  {h.taken ? " (no lessons)" : h.past ? " (past)" : ""}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {daysOff.length ? (
          <>
            <h3 className="mt-3 text-sm font-semibold text-gray-900">Days without lessons so far</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-gray-800">
              {daysOff.map((d) => (
                <li key={d.date}>
                  {d.label}: {d.outcome}
                </li>
              ))}
            </ul>
          </>
        ) : null}
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

      <Section
        id="add-class-title"
        title="Add a weekly class"
        className="max-w-2xl rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="mb-4 text-lg font-semibold text-gray-900"
      >
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

      <Section
        id="add-lesson-title"
        title="Add one lesson"
        className="max-w-2xl rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="mb-4 text-lg font-semibold text-gray-900"
      >
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
