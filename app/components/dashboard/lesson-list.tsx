import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { Link } from "react-router";
import { SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import { LESSON_FIELD_LABELS as L, StartLessonSchema } from "#app/forms/lessons.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import type { SubmissionResult } from "@conform-to/react";

export type FacilitatorLesson = {
  id: string;
  subject: string;
  audience: string;
  day: string;
  time: string;
  status: string;
  startable: boolean;
  joinLink: string | null;
  register: { href: string; saved: boolean } | null;
  /** The lesson's notes-and-materials page, and whether any are set. */
  materials: { href: string; set: boolean };
};

function StartForm({ lesson, lastResult }: { lesson: FacilitatorLesson; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = usePortalForm(`start-${lesson.id}`, {
    lastResult,
    defaultValue: { joinLink: lesson.joinLink ?? "" },
    validate: ({ formData }) => parseWithZod(formData, { schema: StartLessonSchema }),
    checkOn: "submit",
  });
  return (
    <SchemaForm form={form} className="mt-3 space-y-3">
      <input type="hidden" name="lessonId" value={lesson.id} />
      <TextField
        field={fields.joinLink}
        label={L.joinLink}
        hint="Google Meet, Zoom, Teams, Jitsi or a WhatsApp call link. Students see it while the lesson runs."
        inputProps={{ inputMode: "url", autoComplete: "off" }}
      />
      <SubmitButton name="intent" value="start" pendingLabel="Starting...">
        {lesson.joinLink ? "Change the link" : "Start class"} <span className="sr-only">{lesson.subject}</span>
      </SubmitButton>
    </SchemaForm>
  );
}

/** A facilitator's lessons of today and the next days, each of today's with its "Start class" form. */
export function LessonList({
  lessons,
  actionResult,
}: {
  lessons: FacilitatorLesson[];
  actionResult?: { lessonId: string; result: SubmissionResult<string[]> } | null;
}) {
  // A refusal for a lesson no longer startable (ended, cancelled, not yours) has no form to show it by: it shows here.
  const orphan =
    actionResult && !lessons.some((l) => l.startable && l.id === actionResult.lessonId)
      ? (Object.values(actionResult.result.error ?? {}).flat()[0] ?? null)
      : null;
  return (
    <section aria-labelledby="lessons-heading" className="mb-8">
      <h2 id="lessons-heading" className="mb-3 text-lg font-semibold text-gray-900">
        Today&apos;s and next lessons
      </h2>
      {orphan ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 font-semibold text-red-800">
          {orphan}
        </p>
      ) : null}
      {lessons.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-gray-800">
          No lesson is set for your subjects from today: the school sets them under Admin → Lessons.
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {lessons.map((l) => (
            <li key={l.id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold text-gray-900">
                {l.subject}: {l.day}, {l.time}
              </h3>
              <p className="text-sm text-gray-700">
                {l.audience} · {l.status}
              </p>
              {l.joinLink ? (
                <p className="mt-1 break-all text-sm text-gray-800">
                  Join link: <a href={l.joinLink}>{l.joinLink}</a>
                </p>
              ) : null}
              {l.register ? (
                <p className="mt-2">
                  <Link to={l.register.href} className="font-semibold text-brand-700 underline">
                    {l.register.saved ? "Open the register" : "Take the register"}{" "}
                    <span className="sr-only">{`${l.subject}, ${l.day}`}</span>
                  </Link>
                  {l.register.saved ? <span className="ml-2 text-sm text-gray-700">(saved)</span> : null}
                </p>
              ) : null}
              <p className="mt-2">
                <Link to={l.materials.href} className="font-semibold text-brand-700 underline">
                  {l.materials.set ? "Change notes and materials" : "Add notes and materials"}{" "}
                  <span className="sr-only">{`${l.subject}, ${l.day}`}</span>
                </Link>
              </p>
              {l.startable ? (
                <StartForm lesson={l} lastResult={actionResult?.lessonId === l.id ? actionResult.result : undefined} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
