/**
 * The facilitator's overview from what happened in their subjects (docs/decisions/0105-the-facilitator-overview.md):
 * the lessons of this week, registers still to take, the next lessons, and the latest events (lessons started,
 * cancelled or held, assignments posted).
 */
import { lessonAudience, lessonPhase, shortDay, timeLabel, weekStart } from "#app/domain/lessons.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { listAssignmentsForSubjects } from "#app/models/assignment.server.ts";
import { Lesson, type LessonDoc } from "#app/models/lesson.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { lessonsOfSubjects } from "#app/services/lessons.server.ts";

export type ActivityEvent = { id: string; text: string; at: Date };
export type UpcomingLesson = { id: string; subject: string; audience: string; when: string; running: boolean };
export type TeachingOverview = {
  vacation: string | null;
  lessonsThisWeek: number;
  registersToTake: number;
  upcoming: UpcomingLesson[];
  activity: ActivityEvent[];
};

const ACTIVITY_DAYS = 14;
const ACTIVITY_MAX = 6;

type EventLesson = Pick<LessonDoc, "_id" | "subject" | "date" | "start" | "startedAt" | "registerSavedAt"> & {
  cancelledAt: Date | null;
};

/** The events of these lessons: each start, cancel and saved register, newest first. */
function lessonEvents(lessons: readonly EventLesson[]): ActivityEvent[] {
  return lessons.flatMap((l) => {
    const when = `${shortDay(l.date)}, ${timeLabel(l.start)}`;
    const events: ActivityEvent[] = [];
    if (l.startedAt)
      events.push({ id: `${l._id}.start`, text: `Class started: ${l.subject}, ${when}`, at: l.startedAt });
    if (l.registerSavedAt)
      events.push({ id: `${l._id}.register`, text: `Register taken: ${l.subject}, ${when}`, at: l.registerSavedAt });
    if (l.cancelledAt)
      events.push({ id: `${l._id}.cancel`, text: `Lesson cancelled: ${l.subject}, ${when}`, at: l.cancelledAt });
    return events;
  });
}

export async function teachingOverview(subjects: readonly string[], now = new Date()): Promise<TeachingOverview> {
  const { teaching } = await vacationPointers(now);
  const assignments = await listAssignmentsForSubjects(subjects, ACTIVITY_MAX);
  const posted = assignments
    .filter((a) => a.createdAt.getTime() >= now.getTime() - ACTIVITY_DAYS * 86_400_000)
    .map((a) => ({ id: `${a._id}.posted`, text: `Assignment posted: ${a.title} (${a.subject})`, at: a.createdAt }));
  if (!teaching || !subjects.length)
    return { vacation: teaching?.name ?? null, lessonsThisWeek: 0, registersToTake: 0, upcoming: [], activity: posted };
  const today = schoolDay(now);
  const monday = weekStart(today);
  const filter = { vacation: teaching.name, subject: { $in: subjects.map(String) } };
  const [thisWeek, toTake, coming, recent] = await Promise.all([
    Lesson.countDocuments({ ...filter, date: { $gte: monday, $lte: addDays(monday, 6) }, cancelled: false }),
    Lesson.countDocuments({
      ...filter,
      date: { $gte: addDays(today, -7), $lt: today },
      cancelled: false,
      registerSavedAt: null,
    }),
    lessonsOfSubjects(subjects, teaching.name, today, 12),
    Lesson.find({ ...filter, date: { $gte: addDays(today, -ACTIVITY_DAYS), $lte: addDays(today, ACTIVITY_DAYS) } })
      .select("_id subject date start startedAt registerSavedAt cancelledAt")
      .limit(500)
      .lean<EventLesson[]>(),
  ]);
  const since = now.getTime() - ACTIVITY_DAYS * 86_400_000;
  const activity = [...lessonEvents(recent), ...posted]
    .filter((e) => e.at.getTime() >= since && e.at.getTime() <= now.getTime())
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, ACTIVITY_MAX);
  return {
    vacation: teaching.name,
    lessonsThisWeek: thisWeek,
    // The last week's, and today's once begun (a register opens then).
    registersToTake:
      toTake +
      coming.filter(
        (l) => l.date === today && !l.registerSavedAt && !["upcoming", "cancelled"].includes(lessonPhase(l, now)),
      ).length,
    upcoming: coming
      .map((l) => ({ l, phase: lessonPhase(l, now) }))
      .filter(({ phase }) => phase === "upcoming" || phase === "running")
      .slice(0, 3)
      .map(({ l, phase }) => ({
        id: l._id,
        subject: l.subject,
        audience: lessonAudience(l.programme, l.forms),
        when: `${l.date === today ? "Today" : shortDay(l.date)}, ${timeLabel(l.start)} to ${timeLabel(l.end)}`,
        running: phase === "running",
      })),
    activity,
  };
}
