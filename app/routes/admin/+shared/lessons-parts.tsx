import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/form/fields.tsx";
import { Section } from "#app/components/ui/section.tsx";

/** The office's Lessons page (app/routes/admin/lessons.tsx): its lists, each as the loader gives them. */

type WeeklyClass = { id: string; subject: string; audience: string; when: string };
type WeekLesson = {
  id: string;
  day: string;
  time: string;
  subject: string;
  audience: string;
  cancelled: boolean;
  started: boolean;
  movedFrom: string | null;
};

/** The weekly timetable's classes, each with its Remove button. */
export function WeeklyTimetable({ classes, vacation }: { classes: readonly WeeklyClass[]; vacation: string }) {
  return (
    <Section id="weekly-timetable" title="Weekly timetable" headingClassName="mb-3 text-lg font-semibold text-gray-900">
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
                <input type="hidden" name="vacation" value={vacation} />
                <SubmitButton variant="secondary" name="classId" value={c.id} pendingLabel="Removing...">
                  Remove <span className="sr-only">{`${c.subject}, ${c.when}`}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** One week's lessons, with the links to the weeks before and after and to change each lesson. */
export function WeekOfLessons({
  week,
  lessons,
  programme,
}: {
  week: { label: string; previous: string | null; next: string | null };
  lessons: readonly WeekLesson[];
  programme: string | null;
}) {
  return (
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
  );
}

/** The public holidays in the vacation's lessons and the days already cleared of lessons. */
export function DaysOffSoFar({
  holidays,
  daysOff,
}: {
  holidays: readonly { date: string; label: string; taken: boolean; past: boolean }[];
  daysOff: readonly { date: string; label: string; outcome: string }[];
}) {
  return (
    <>
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
    </>
  );
}
