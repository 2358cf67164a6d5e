/**
 * The facilitator's overview from what happened in their subjects (docs/decisions/0105-the-facilitator-overview.md):
 * the lessons of this week, registers still to take, the next lessons, and the latest events (lessons started,
 * cancelled or held, assignments posted, work handed in).
 */
import { lessonAudience, lessonPhase, shortDay, timeLabel, weekStart } from "#app/domain/lessons.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { listAssignmentsByIds, listAssignmentsForSubjects } from "#app/models/assignment.server.ts";
import { LESSON_FIELDS, Lesson, type LessonDoc } from "#app/models/lesson.server.ts";
import { byLessonsRevision, byWorkRevision } from "#app/models/revisions.server.ts";
import { Submission } from "#app/models/submission.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { lessonsOfSubjects } from "#app/services/teaching/lessons.server.ts";

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
/** Today's lessons read at most (a facilitator teaching more in one day is beyond any timetable). */
const TODAY_MAX = 200;

type EventLesson = Pick<LessonDoc, "_id" | "subject" | "date" | "start" | "startedAt" | "registerSavedAt"> & {
  cancelledAt: Date | null;
};

/** The events of these lessons: each start, cancel and saved register, newest first. */
function lessonEvents(lessons: readonly EventLesson[]): ActivityEvent[] {
  return lessons
    .flatMap((l) => {
      const when = `${shortDay(l.date)}, ${timeLabel(l.start)}`;
      const events: ActivityEvent[] = [];
      if (l.startedAt)
        events.push({ id: `${l._id}.start`, text: `Class started: ${l.subject}, ${when}`, at: l.startedAt });
      if (l.registerSavedAt)
        events.push({ id: `${l._id}.register`, text: `Register taken: ${l.subject}, ${when}`, at: l.registerSavedAt });
      if (l.cancelledAt)
        events.push({ id: `${l._id}.cancel`, text: `Lesson cancelled: ${l.subject}, ${when}`, at: l.cancelledAt });
      return events;
    })
    .sort(newestFirst);
}

const newestFirst = (a: ActivityEvent, b: ActivityEvent) => b.at.getTime() - a.at.getTime();

/** The newest `max` of these events (newest first) that fall between `from` and `to`. */
function newestBetween(events: readonly ActivityEvent[], from: number, to: number, max: number): ActivityEvent[] {
  const chosen: ActivityEvent[] = [];
  for (const e of events) {
    const at = e.at.getTime();
    if (at > to) continue;
    if (at < from || chosen.length === max) break;
    chosen.push(e);
  }
  return chosen;
}

/** The latest work handed in for these subjects since `since`, one event per piece, with its assignment's title. */
type HandIn = { _id: string; assignmentId: string; subject: string; submittedAt: Date; late: boolean };

async function recentHandIns(subjects: readonly string[], since: Date): Promise<HandIn[]> {
  if (!subjects.length) return [];
  return Submission.find({ subject: { $in: subjects.map(String) }, submittedAt: { $gte: since } })
    .select("assignmentId subject submittedAt late")
    .sort({ submittedAt: -1 })
    .limit(ACTIVITY_MAX)
    .lean<HandIn[]>();
}

/** The hand-ins as events, titled from the assignments already read; only older ones' titles are read. */
async function handedInEvents(
  rows: HandIn[],
  known: readonly { _id: string; title: string }[],
): Promise<ActivityEvent[]> {
  const titles = new Map(known.map((a) => [String(a._id), a.title]));
  const missing = rows.map((r) => r.assignmentId).filter((id) => !titles.has(id));
  for (const a of await listAssignmentsByIds(missing)) titles.set(String(a._id), a.title);
  return rows.map((r) => ({
    id: `${r._id}.handin`,
    text: `Work handed in${r.late ? " late" : ""}: ${titles.get(r.assignmentId) ?? "an assignment"} (${r.subject})`,
    at: r.submittedAt,
  }));
}

/**
 * The subjects' latest assignments and the work handed in since the start of the day `since` falls on, as events:
 * kept until work or an assignment changes (the caller cuts them at `since` itself).
 */
function workOfSubjects(subjects: readonly string[], since: number) {
  const fromDay = new Date(since - (since % 86_400_000));
  const key = JSON.stringify(["overview", subjects.map(String), fromDay.toISOString()]);
  return byWorkRevision(key, async () => {
    const [assignments, handIns] = await Promise.all([
      listAssignmentsForSubjects(subjects, ACTIVITY_MAX),
      recentHandIns(subjects, fromDay),
    ]);
    return { assignments, handedIn: await handedInEvents(handIns, assignments) };
  });
}

export async function teachingOverview(subjects: readonly string[], now = new Date()): Promise<TeachingOverview> {
  const since = now.getTime() - ACTIVITY_DAYS * 86_400_000;
  const [{ teaching }, { assignments, handedIn }] = await Promise.all([
    vacationPointers(now),
    workOfSubjects(subjects, since),
  ]);
  const posted = [
    ...assignments
      .filter((a) => a.createdAt.getTime() >= since)
      .map((a) => ({ id: `${a._id}.posted`, text: `Assignment posted: ${a.title} (${a.subject})`, at: a.createdAt })),
    ...handedIn.filter((e) => e.at.getTime() >= since),
  ].sort(newestFirst);
  if (!teaching || !subjects.length)
    return {
      vacation: teaching?.name ?? null,
      lessonsThisWeek: 0,
      registersToTake: 0,
      upcoming: [],
      activity: posted.slice(0, ACTIVITY_MAX),
    };
  const today = schoolDay(now);
  const monday = weekStart(today);
  const filter = { vacation: teaching.name, subject: { $in: subjects.map(String) } };
  // The lessons' part depends on the day and the lessons alone: kept until a lesson changes.
  const key = JSON.stringify(["overview", teaching.name, subjects.map(String), today]);
  // The lessons' events are made and sorted with them, once: a view only picks the newest of its fortnight.
  const [thisWeek, toTake, todays, later, lessonsDone] = await byLessonsRevision(key, async () => {
    const read = await Promise.all([
      Lesson.countDocuments({ ...filter, date: { $gte: monday, $lte: addDays(monday, 6) }, cancelled: false }),
      Lesson.countDocuments({
        ...filter,
        date: { $gte: addDays(today, -7), $lt: today },
        cancelled: false,
        registerSavedAt: null,
      }),
      // Every lesson of today (a busy day's over ones never hide a register still to take or the next lesson).
      Lesson.find({ ...filter, date: today })
        .select(LESSON_FIELDS)
        .sort({ start: 1, subject: 1 })
        .limit(TODAY_MAX)
        .lean<LessonDoc[]>(),
      // Cancelled ones are read too (and left out below): enough that a few of them never empty the card.
      lessonsOfSubjects(subjects, teaching.name, addDays(today, 1), 20),
      Lesson.find({ ...filter, date: { $gte: addDays(today, -ACTIVITY_DAYS), $lte: addDays(today, ACTIVITY_DAYS) } })
        .select("_id subject date start startedAt registerSavedAt cancelledAt")
        .limit(500)
        .lean<EventLesson[]>(),
    ]);
    return [read[0], read[1], read[2], read[3], lessonEvents(read[4])] as const;
  });
  const activity = newestBetween(
    [...newestBetween(lessonsDone, since, now.getTime(), ACTIVITY_MAX), ...posted].sort(newestFirst),
    since,
    now.getTime(),
    ACTIVITY_MAX,
  );
  const phased = [...todays, ...later].map((l) => ({ l, phase: lessonPhase(l, now) }));
  return {
    vacation: teaching.name,
    lessonsThisWeek: thisWeek,
    // The last week's, and today's once begun (a register opens then).
    registersToTake:
      toTake +
      phased.filter(
        ({ l, phase }) => l.date === today && !l.registerSavedAt && (phase === "running" || phase === "over"),
      ).length,
    upcoming: phased
      .filter(({ phase }) => phase === "upcoming" || phase === "running")
      .slice(0, 3)
      .map(({ l, phase }) => ({
        id: l._id,
        subject: l.subject,
        audience: lessonAudience(l.programme, l.forms, l.classNo),
        when: `${l.date === today ? "Today" : shortDay(l.date)}, ${timeLabel(l.start)} to ${timeLabel(l.end)}`,
        running: phase === "running",
      })),
    activity,
  };
}
