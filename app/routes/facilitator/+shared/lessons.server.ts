import type { Actor } from "#app/models/audit-log.server.ts";
import { data } from "react-router";
import { lessonAudience, lessonPhase, shortDay, timeLabel } from "#app/domain/lessons.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { StartLessonSchema } from "#app/forms/lessons.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { refusalReply } from "#app/utils/refusal-reply.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { lessonsOfSubjects, registersToTake, startLesson } from "#app/services/teaching/lessons.server.ts";
import { classesGiven } from "#app/services/teaching/classes.server.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { FacilitatorLesson } from "#app/components/dashboard/lesson-list.tsx";
import { countStudentsPerSubject, listFacilitatorSubjects } from "#app/models/facilitator.server.ts";

const STATUS = { cancelled: "Cancelled", upcoming: "Upcoming", running: "Running now", over: "Over" } as const;

/** The Classes page (at both of its addresses): the facilitator's lessons and one class per subject they teach. */
export async function facilitatorClassesView(facilitator: { _id: string; role: string }) {
  const subjects = await listFacilitatorSubjects(facilitator._id);
  const names = subjects.map((s) => s.name);
  const [counts, lessons] = await Promise.all([countStudentsPerSubject(names), facilitatorLessons(facilitator, names)]);
  return { lessons, classes: subjects.map((s) => ({ id: s._id, name: s.name, students: counts.get(s.name) ?? 0 })) };
}

/**
 * The lessons of the facilitator's subjects from today on, in the vacation teaching, and those of the classes the office
 * gave them (docs/decisions/0112-classes-of-a-workable-size.md).
 */
export async function facilitatorLessons(
  facilitator: { _id: string; role: string },
  subjects: readonly string[],
  now = new Date(),
): Promise<FacilitatorLesson[]> {
  const { teaching } = await vacationPointers(now);
  if (!teaching) return [];
  const given = facilitator.role === "facilitator" ? await classesGiven(facilitator._id, teaching.name) : [];
  const today = schoolDay(now);
  // Today's and the next lessons, then those of the last week whose register was not taken yet.
  const [coming, lastWeek] = await Promise.all([
    lessonsOfSubjects(subjects, teaching.name, today, 12, given),
    registersToTake(subjects, teaching.name, addDays(today, -7), today, given),
  ]);
  const rows = [...coming, ...lastWeek];
  return rows.map((l) => {
    const phase = lessonPhase(l, now);
    return {
      id: l._id,
      subject: l.subject,
      audience: lessonAudience(l.programme, l.forms, l.classNo),
      day: l.date === today ? "Today" : shortDay(l.date),
      time: `${timeLabel(l.start)} to ${timeLabel(l.end)}`,
      status: l.startedAt && phase === "running" ? "Started" : STATUS[phase],
      startable: l.date === today && (phase === "upcoming" || phase === "running"),
      joinLink: phase === "running" ? l.joinLink : null,
      materials: {
        href: `/facilitator-dashboard/lessons/${l._id}/materials`,
        set: Boolean(l.notes || l.materialLink || l.materialFile),
      },
      register:
        l.date <= today && !l.cancelled
          ? { href: `/facilitator-dashboard/lessons/${l._id}/register`, saved: Boolean(l.registerSavedAt) }
          : null,
    };
  });
}

/** "Start class" from a facilitator's Classes tab. */
export async function startLessonAction(formData: FormData, actor: Actor, back: string) {
  if (intentOf(formData) !== "start") return unknownIntent();
  const submission = parseWithZod(formData, { schema: StartLessonSchema });
  const lessonId = String(formData.get("lessonId") ?? "");
  if (submission.status !== "success") return data({ lessonId, result: submission.reply() }, { status: 400 });
  const outcome = await startLesson(submission.value.lessonId, actor, submission.value.joinLink || null);
  if (!outcome.ok) return data({ lessonId, result: refusalReply(submission, outcome) }, { status: outcome.status });
  return redirectWithToast(back, {
    type: "success",
    title: "Class started",
    description: "Your students see the join link on their schedule while the lesson runs.",
  });
}
