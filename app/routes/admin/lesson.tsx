import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data, Form } from "react-router";
import type { Route } from "./+types/lesson";
import { parseWithZod } from "#app/forms/parse.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import { CancelLessonSchema, LESSON_FIELD_LABELS as L, MoveLessonSchema } from "#app/forms/lessons.schema.ts";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { lessonAudience, shortDay, timeLabel, weekStart } from "#app/domain/lessons.ts";
import { isProgramme } from "#app/domain/programmes.ts";
import { cancelLesson, getLesson, moveLesson, restoreLesson } from "#app/services/teaching/lessons.server.ts";
import { CheckboxField, SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import { FormPage } from "#app/components/ui/form-page.tsx";
import { Section } from "#app/components/ui/section.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

async function lessonOr404(id: string) {
  const lesson = await getLesson(id);
  if (!lesson) throw data("This lesson does not exist (it may have been removed with its weekly class).", 404);
  return lesson;
}

/**
 * The lessons list this page returns to: the lesson's vacation and week, and the list's own programme filter as the
 * link brought it (`?programme=`, "all" for every programme; without it, the lesson's programme).
 */
function listPath(lesson: { vacation: string; programme: string }, week: string, url: URL) {
  const asked = url.searchParams.get("programme");
  const programme = asked === "all" ? null : isProgramme(asked) ? asked : lesson.programme;
  return `/admin/lessons?vacation=${encodeURIComponent(lesson.vacation)}${programme ? `&programme=${programme}` : ""}&week=${week}`;
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const l = await lessonOr404(params.lessonId);
  return {
    lesson: {
      id: l._id,
      subject: l.subject,
      audience: lessonAudience(l.programme, l.forms, l.classNo),
      when: `${shortDay(l.date)}, ${timeLabel(l.start)} to ${timeLabel(l.end)}`,
      date: l.date,
      start: l.start,
      end: l.end,
      cancelled: l.cancelled,
      started: Boolean(l.startedAt),
      movedFrom: l.movedFrom ? shortDay(l.movedFrom) : null,
      back: listPath(l, weekStart(l.date), url),
    },
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const lesson = await lessonOr404(params.lessonId);
  const back = (day: string) => listPath(lesson, weekStart(day), url);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "move": {
      const submission = parseWithZod(formData, { schema: MoveLessonSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const { tell, ...to } = submission.value;
      const outcome = await moveLesson(lesson._id, to, user._id, tell);
      if (!outcome.ok) {
        return replyToRefusal(submission, outcome);
      }
      const moved = `${lesson.subject} is now on ${shortDay(to.date)} at ${timeLabel(to.start)}.`;
      return redirectWithToast(back(to.date), {
        type: "success",
        title: "Lesson moved",
        description: tell ? `${moved} ${outcome.sms} SMS queued to its students (see Messages).` : moved,
      });
    }
    case "cancel": {
      const submission = parseWithZod(formData, { schema: CancelLessonSchema });
      const tell = submission.status === "success" && submission.value.tell;
      const done = await cancelLesson(lesson._id, user._id, tell);
      if (done && "held" in done)
        return redirectWithToast(`/admin/lessons/${lesson._id}`, {
          type: "error",
          title: "Not cancelled",
          description: "Its register is saved: the lesson was held.",
        });
      return redirectWithToast(back(lesson.date), {
        type: "success",
        title: "Lesson cancelled",
        description: tell
          ? `${done?.sms ?? 0} SMS queued to its students (see Messages).`
          : "Its students see it cancelled in their schedule.",
      });
    }
    case "restore":
      await restoreLesson(lesson._id, user._id);
      return redirectWithToast(back(lesson.date), {
        type: "success",
        title: "Lesson restored",
        description: `${lesson.subject} on ${shortDay(lesson.date)} is on again.`,
      });
    default:
      return unknownIntent();
  }
}

export default function LessonPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lesson } = loaderData;
  const [form, fields] = useSchemaForm("move-lesson", MoveLessonSchema, actionData?.result, {
    date: lesson.date,
    start: lesson.start,
    end: lesson.end,
  });
  const [cancelForm, cancelFields] = usePortalForm("cancel-lesson");
  const time = { inputProps: { type: "time", step: 300 } } as const;
  return (
    <FormPage title={`${lesson.subject}: ${lesson.when}`} backTo={lesson.back} backLabel="Back to lessons">
      <p className="text-gray-700">
        {lesson.audience}
        {lesson.cancelled ? " · Cancelled" : ""}
        {lesson.started ? " · Started" : ""}
        {lesson.movedFrom ? ` · moved from ${lesson.movedFrom}` : ""}
      </p>
      <Section
        id="move-title"
        title="Move this lesson"
        headingClassName="mb-3 mt-6 text-lg font-semibold text-gray-900"
      >
        <SchemaForm form={form} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField field={fields.date} label={L.date} inputProps={{ type: "date" }} />
            <TextField field={fields.start} label={L.start} {...time} />
            <TextField field={fields.end} label={L.end} {...time} />
          </div>
          <CheckboxField
            field={fields.tell}
            label={L.tell}
            hint="One SMS of the new day and time to each student on its roster, except numbers that sent STOP."
          />
          <SubmitButton name="intent" value="move" pendingLabel="Moving...">
            Move Lesson
          </SubmitButton>
        </SchemaForm>
      </Section>
      {lesson.cancelled ? (
        <Section id="restore-title" title="Cancelled" headingClassName="mb-3 mt-6 text-lg font-semibold text-gray-900">
          <Form method="post">
            <SubmitButton name="intent" value="restore" variant="secondary" pendingLabel="Restoring...">
              Restore Lesson
            </SubmitButton>
          </Form>
        </Section>
      ) : (
        <Section
          id="cancel-title"
          title="Cancel this lesson"
          headingClassName="mb-3 mt-6 text-lg font-semibold text-gray-900"
        >
          <Form method="post" {...getFormProps(cancelForm)} className="space-y-4">
            <CheckboxField
              field={cancelFields.tell}
              label={L.tell}
              hint="One SMS to each student on its roster, except numbers that sent STOP."
            />
            <SubmitButton name="intent" value="cancel" variant="danger" pendingLabel="Cancelling...">
              Cancel Lesson
            </SubmitButton>
          </Form>
        </Section>
      )}
    </FormPage>
  );
}

export function meta() {
  return [{ title: `Lesson | Admin | ${SCHOOL_NAME}` }];
}
