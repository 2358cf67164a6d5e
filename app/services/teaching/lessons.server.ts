/**
 * Lessons as the school runs them (docs/decisions/0101-lessons-from-the-school-timetable.md): the weekly timetable the
 * admin sets, the dated lessons it makes for a vacation's weeks, the changes of one lesson (move, cancel, add), and the
 * facilitator starting a lesson with its join link. Every rule is here, whoever calls.
 */
import { classNoQuery } from "#app/domain/classes.ts";
import { refuse, type Result } from "#app/domain/result.ts";
import { isSubjectOf, type WardForm } from "#app/domain/programmes.ts";
import {
  clockTime,
  joinLinkError,
  lessonDays,
  lessonForms,
  lessonPhase,
  lessonTimeError,
  shortDay,
  timeLabel,
  weekdayOf,
} from "#app/domain/lessons.ts";
import { lessonCancelledSms, lessonMovedSms } from "#app/domain/sms-messages.ts";
import { isUsableStudentLink } from "#app/domain/whatsapp.ts";
import { holidayOn } from "#app/domain/holidays.ts";
import { longDay, schoolDay, type Vacation } from "#app/domain/vacations.ts";
import { actingOf, audit, type Actor } from "#app/models/audit-log.server.ts";
import {
  DayOff,
  type DayOffDoc,
  Lesson,
  LESSON_FIELDS,
  WeeklyClass,
  finishWeeklyClasses,
  makeLessons,
  type LessonDoc,
  type WeeklyClassDoc,
} from "#app/models/lesson.server.ts";
import { queueMessages } from "#app/models/outbox.server.ts";
import { Registration, ownedRegistrationsFilter } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { User } from "#app/models/user.server.ts";
import { byLessonsRevision } from "#app/models/revisions.server.ts";
import { facilitatorNamesBySubjects } from "#app/models/facilitator-names.server.ts";
import { getVacation } from "#app/models/vacation.server.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";
import {
  classPageOf,
  mayTeachClass,
  rosterFilter,
  wardLessonsQuery,
  type WardClasses,
} from "#app/services/teaching/classes.server.ts";
import { audienceVoices } from "#app/services/messaging/message-language.server.ts";
import { fileNameFor, removeUpload, storeUpload, type ReceivedFile } from "#app/utils/uploads.server.ts";

export type WeeklyClassInput = {
  vacation: string;
  programme: string;
  subject: string;
  forms: string[];
  weekday: number;
  start: string;
  end: string;
  /** Which class of the subject (docs/decisions/0112-classes-of-a-workable-size.md); the first when not given. */
  classNo?: number;
};
export type LessonInput = Omit<WeeklyClassInput, "weekday"> & { date: string };

function subjectError(programme: string, subject: string): string | null {
  return isSubjectOf(programme, subject) ? null : "Choose a subject of this programme";
}

function outsideVacation(vacation: Vacation, date: string): string | null {
  if (date < vacation.lessonsStart || date > vacation.lessonsEnd)
    return `Choose a day of the ${vacation.name}'s lessons (${longDay(vacation.lessonsStart)} to ${longDay(vacation.lessonsEnd)})`;
  return null;
}

/** Adds a class to the weekly timetable and makes its lessons for every week of the vacation. */
export async function addWeeklyClass(
  input: WeeklyClassInput,
  actorId: string,
): Promise<Result<{ lessons: number }, keyof WeeklyClassInput>> {
  const vacation = await getVacation(input.vacation);
  if (!vacation) return refuse(400, "Choose a vacation", "vacation");
  // A class of this vacation cut short earlier is finished first.
  await finishWeeklyClasses(vacation.name);
  const subject = subjectError(input.programme, input.subject);
  if (subject) return refuse(400, subject, "subject");
  const time = lessonTimeError(input.start, input.end);
  if (time) return refuse(400, time, "end");
  // Added once lessons have begun, a class starts today: the weeks already past had no such lesson.
  const today = schoolDay();
  const from = today > vacation.lessonsStart ? today : vacation.lessonsStart;
  if (!lessonDays(vacation, input.weekday).some((day) => day >= from))
    return refuse(400, "No lesson day of this vacation is left on that weekday", "weekday");
  const cls = (
    await WeeklyClass.create({
      vacation: vacation.name,
      programme: input.programme,
      subject: input.subject,
      forms: lessonForms(input.forms),
      weekday: input.weekday,
      start: input.start,
      end: input.end,
      classNo: input.classNo ?? 1,
      from,
      createdBy: actorId,
    })
  ).toObject() as WeeklyClassDoc;
  const lessons = await makeLessons(cls, vacation);
  await audit("lesson.class-add", actorId, cls._id, { vacation: vacation.name, subject: cls.subject, lessons });
  return { ok: true, lessons };
}

/**
 * Takes a class off the weekly timetable: its lessons still to come go (those already started stay, as held); those
 * before today stay as the vacation's record.
 */
export async function removeWeeklyClass(id: string, actorId: string, now = new Date()): Promise<number | null> {
  const cls = await WeeklyClass.findById(String(id)).lean<WeeklyClassDoc>();
  if (!cls) return null;
  const today = schoolDay(now);
  const minute = clockTime(now);
  // Only lessons still to come: a later day's, or today's not begun (not started, no register taken).
  const { deletedCount } = await Lesson.deleteMany({
    weeklyClassId: cls._id,
    $or: [{ date: { $gt: today } }, { date: today, start: { $gt: minute } }],
    startedAt: null,
    registerSavedAt: null,
  });
  await WeeklyClass.deleteOne({ _id: cls._id });
  await audit("lesson.class-remove", actorId, cls._id, { subject: cls.subject, lessons: deletedCount });
  return deletedCount;
}

/** A lesson on its own, outside the weekly timetable (a catch-up, an extra revision class). */
export async function addLesson(input: LessonInput, actorId: string): Promise<Result<object, keyof LessonInput>> {
  const vacation = await getVacation(input.vacation);
  if (!vacation) return refuse(400, "Choose a vacation", "vacation");
  const subject = subjectError(input.programme, input.subject);
  if (subject) return refuse(400, subject, "subject");
  const date = outsideVacation(vacation, input.date);
  if (date) return refuse(400, date, "date");
  const time = lessonTimeError(input.start, input.end);
  if (time) return refuse(400, time, "end");
  const lesson = await Lesson.create({
    vacation: vacation.name,
    programme: input.programme,
    subject: input.subject,
    forms: lessonForms(input.forms),
    date: input.date,
    start: input.start,
    end: input.end,
    classNo: input.classNo ?? 1,
  });
  await audit("lesson.add", actorId, lesson._id, { subject: input.subject, date: input.date });
  return { ok: true };
}

export async function getLesson(id: string) {
  return Lesson.findById(String(id)).select(LESSON_FIELDS).lean<LessonDoc>();
}

export type MoveInput = { date: string; start: string; end: string };

/**
 * Moves a lesson to another day or time of its vacation (a moved lesson starts afresh); with `tell`, each student on
 * its roster gets one SMS of the new time (none to a number that sent STOP; the outbox key, the new time's, makes a
 * second press send nothing again).
 */
export async function moveLesson(
  id: string,
  input: MoveInput,
  actorId: string,
  tell = false,
): Promise<Result<{ sms: number }, keyof MoveInput>> {
  const lesson = await getLesson(id);
  if (lesson?.registerSavedAt)
    return refuse(400, "This lesson's register is saved: it was held and stays where it was", "date");
  const vacation = lesson ? await getVacation(lesson.vacation) : null;
  if (!lesson || !vacation) return refuse(400, "This lesson no longer exists", "date");
  const date = outsideVacation(vacation, input.date);
  if (date) return refuse(400, date, "date");
  const time = lessonTimeError(input.start, input.end);
  if (time) return refuse(400, time, "end");
  const original = lesson.movedFrom ?? lesson.date;
  const movedFrom = input.date === original ? null : original;
  await Lesson.updateOne(
    { _id: lesson._id },
    {
      $set: {
        date: input.date,
        start: input.start,
        end: input.end,
        movedFrom,
        startedAt: null,
        startedBy: null,
        joinLink: null,
      },
    },
    { runValidators: true },
  );
  let sms = 0;
  if (tell) {
    const phones = await rosterPhones(lesson);
    const { sayFor, stopped } = await audienceVoices(phones);
    const values = { subject: lesson.subject, from: lessonWhen(lesson), when: lessonWhen(input) };
    sms = await queueMessages(
      phones
        .filter((p) => !stopped.has(p))
        .map((to) => ({
          key: `lesson-moved:${lesson._id}:${input.date}T${input.start}:${to}`,
          channel: "sms" as const,
          to,
          template: "lesson-moved",
          values,
          text: lessonMovedSms(values, sayFor(to)),
        })),
    );
  }
  await audit("lesson.move", actorId, lesson._id, { from: { date: lesson.date, start: lesson.start }, to: input, sms });
  return { ok: true, sms };
}

async function rosterPhones(lesson: LessonDoc): Promise<string[]> {
  const rows = await Registration.find(await rosterFilter(lesson))
    .select("wardWhatsappNormalized")
    .lean<Array<{ wardWhatsappNormalized: string | null }>>();
  return [...new Set(rows.map((r) => r.wardWhatsappNormalized).filter((p): p is string => Boolean(p)))];
}

const lessonWhen = (lesson: Pick<LessonDoc, "date" | "start">) =>
  `${shortDay(lesson.date)}, ${timeLabel(lesson.start)}`;

/**
 * Cancels a lesson: its students see it cancelled on their portal, and with `tell` each gets one SMS (none to a
 * number that sent STOP; the outbox key makes a second press send nothing again). Null when there is no such lesson.
 */
export async function cancelLesson(
  id: string,
  actorId: string,
  tell: boolean,
): Promise<{ sms: number } | { held: true } | null> {
  const lesson = await getLesson(id);
  if (!lesson) return null;
  // A lesson whose register is saved was held: its attendance stands.
  if (lesson.registerSavedAt) return { held: true };
  if (!lesson.cancelled)
    await Lesson.updateOne(
      { _id: lesson._id },
      { $set: { cancelled: true, cancelledAt: new Date(), cancelledBy: actorId } },
    );
  let sms = 0;
  if (tell) {
    const phones = await rosterPhones(lesson);
    const { sayFor, stopped } = await audienceVoices(phones);
    const reached = phones.filter((p) => !stopped.has(p));
    const values = { subject: lesson.subject, when: lessonWhen(lesson) };
    // Counted as queued only when new: a second press (or a run after a crash) sends nothing twice.
    sms = await queueMessages(
      reached.map((to) => ({
        key: `lesson-cancelled:${lesson._id}:${lesson.date}T${lesson.start}:${to}`,
        channel: "sms" as const,
        to,
        template: "lesson-cancelled",
        values,
        text: lessonCancelledSms(values, sayFor(to)),
      })),
    );
  }
  await audit("lesson.cancel", actorId, lesson._id, { subject: lesson.subject, date: lesson.date, sms });
  return { sms };
}

/** Puts a cancelled lesson back. */
export async function restoreLesson(id: string, actorId: string): Promise<boolean> {
  const { matchedCount } = await Lesson.updateOne(
    { _id: String(id), cancelled: true },
    { $set: { cancelled: false, cancelledAt: null, cancelledBy: null } },
  );
  if (matchedCount) await audit("lesson.restore", actorId, String(id));
  return matchedCount === 1;
}

export type DayOffInput = { vacation: string; date: string; what: "cancel" | "move"; moveTo?: string; tell: boolean };

/**
 * A day without lessons (docs/decisions/0104-days-without-lessons.md): every lesson of that day in the vacation is
 * cancelled (its students told by SMS when `tell`) or moved to `moveTo` at the same times; a held lesson (register
 * saved) stays. The day is recorded first, so a weekly class added later makes no lesson on it, and a second run
 * changes only what the first did not reach.
 */
export async function takeDayOff(
  input: DayOffInput,
  actorId: string,
  now = new Date(),
): Promise<Result<{ changed: number; held: number; sms: number }, "vacation" | "date" | "moveTo">> {
  const vacation = await getVacation(input.vacation);
  if (!vacation) return refuse(400, "Choose a vacation", "vacation");
  const today = schoolDay(now);
  const date =
    outsideVacation(vacation, input.date) ??
    (input.date < today ? "Choose today or a later day: the lessons of past days stay as they were" : null);
  if (date) return refuse(400, date, "date");
  const moveTo = input.what === "move" ? (input.moveTo ?? "") : null;
  const id = (day: string) => `${vacation.name}|${day}`;
  if (moveTo !== null) {
    const error =
      moveTo === input.date
        ? "Choose another day than the day without lessons"
        : (outsideVacation(vacation, moveTo) ??
          (moveTo < today
            ? "Choose today or a later day"
            : weekdayOf(moveTo) === 0
              ? "Choose a day from Monday to Saturday"
              : (await DayOff.exists({ _id: id(moveTo) }))
                ? "That day has no lessons either: choose another"
                : null));
    if (error) return refuse(400, error, "moveTo");
  }
  // A day is cleared one way: a second run (after a crash, a second press) repeats it, never changes it.
  const earlier = await DayOff.findById(id(input.date)).lean<DayOffDoc>();
  if (earlier && (earlier.movedTo ?? null) !== moveTo)
    return refuse(
      400,
      `This day is already cleared (its lessons ${earlier.movedTo ? `moved to ${longDay(earlier.movedTo)}` : "cancelled"}): change its lessons one by one`,
      "date",
    );
  await DayOff.updateOne(
    { _id: `${vacation.name}|${input.date}` },
    {
      $set: {
        vacation: vacation.name,
        date: input.date,
        name: holidayOn(input.date) ?? "",
        movedTo: moveTo,
        by: actorId,
      },
    },
    { upsert: true, runValidators: true },
  );
  // Cancelled ones too when telling: a run cut short between cancelling and queueing tells them now (once, by key).
  const lessons = await Lesson.find({
    vacation: vacation.name,
    date: input.date,
    ...(moveTo === null && input.tell ? {} : { cancelled: false }),
  })
    .select(LESSON_FIELDS)
    .limit(2000)
    .lean<LessonDoc[]>();
  let changed = 0;
  let held = 0;
  let sms = 0;
  for (const lesson of lessons) {
    if (lesson.registerSavedAt) {
      held += 1;
      continue;
    }
    if (moveTo !== null) {
      const moved = await moveLesson(lesson._id, { date: moveTo, start: lesson.start, end: lesson.end }, actorId);
      if (moved.ok) changed += 1;
      continue;
    }
    const done = await cancelLesson(lesson._id, actorId, input.tell);
    if (done && "sms" in done) {
      if (!lesson.cancelled) changed += 1;
      sms += done.sms;
    }
  }
  await audit("lessons.day-off", actorId, `${vacation.name}|${input.date}`, { moveTo, changed, held, sms });
  return { ok: true, changed, held, sms };
}

/** The class pages (WhatsApp links) of a lesson: its class's own first, then its subject's serving its vacation. */
async function classPagesOf(
  lesson: Pick<LessonDoc, "subject" | "programme" | "vacation" | "classNo">,
): Promise<string[]> {
  const own = await classPageOf(lesson);
  const rows = await WhatsappGroup.find({
    subjectName: lesson.subject,
    programme: lesson.programme,
    vacations: lesson.vacation,
    groupType: "student",
  })
    .select("whatsappLink")
    .lean<Array<{ whatsappLink: string }>>();
  return [...(own ? [own] : []), ...rows.map((r) => r.whatsappLink)].filter(isUsableStudentLink);
}

/**
 * "Start class": the facilitator of the lesson's subject (or an admin) records that it started and sets its join link:
 * the one pasted, else the subject's class page. Only a lesson of today that is not cancelled or over.
 */
export async function startLesson(
  id: string,
  actor: Actor,
  pasted: string | null,
  now = new Date(),
): Promise<Result<object, "joinLink">> {
  const lesson = await getLesson(id);
  if (!lesson || !(await mayTeachClass(actor, lesson)))
    return refuse(400, "This lesson is not one of your subjects'", "joinLink");
  const phase = lessonPhase({ ...lesson, startedAt: null }, now);
  if (phase === "cancelled") return refuse(400, "This lesson is cancelled", "joinLink");
  if (lesson.date !== schoolDay(now) || phase === "over")
    return refuse(400, "A lesson is started on its day, before it ends", "joinLink");
  const pages = await classPagesOf(lesson);
  const link = pasted?.trim() || pages[0] || null;
  if (!link) return refuse(400, "Paste the call link: this subject has no class page yet", "joinLink");
  const error = joinLinkError(link, pages);
  if (error) return refuse(400, error, "joinLink");
  await Lesson.updateOne(
    { _id: lesson._id },
    {
      $set: {
        startedAt: lesson.startedAt ?? now,
        startedBy: actingOf(actor).by,
        startedAs: actingOf(actor).as,
        joinLink: link,
      },
    },
  );
  await audit("lesson.start", actor, lesson._id, { subject: lesson.subject, date: lesson.date });
  return { ok: true };
}

export type MaterialsInput = {
  notes: string;
  materialLink: string | null;
  /** A new file (replacing the one there), or null to keep it. */
  file: ReceivedFile | null;
  removeFile: boolean;
};

/**
 * Sets a lesson's notes and materials (docs/decisions/0106-lesson-notes-and-materials.md): its subject's facilitator
 * or an admin with the subjects permission; a cancelled lesson too (its notes may say what to read instead). A new
 * file is stored before the lesson names it and the file it replaces is removed after, so a crash leaves at worst an
 * unnamed file, never a lesson naming a missing one.
 */
export async function setLessonMaterials(
  id: string,
  actor: Actor,
  input: MaterialsInput,
): Promise<{ ok: true } | { ok: false; status: 403 | 404 }> {
  const lesson = await getLesson(id);
  if (!lesson) return { ok: false, status: 404 };
  if (!(await mayTeachClass(actor, lesson))) return { ok: false, status: 403 };
  const stored = input.file
    ? {
        key: await storeUpload(String(actor._id), input.file.bytes, input.file.type.ext, "lesson"),
        name: fileNameFor(input.file.clientName, input.file.type.mime, "lesson-material"),
        type: input.file.type.mime,
        size: input.file.size,
      }
    : null;
  // The file is set only when it changes, and the one removed is the one this write replaced (read back from the
  // write itself): two saves at once never leave the lesson naming a file the other removed.
  const fileChange = stored ? { materialFile: stored } : input.removeFile ? { materialFile: null } : {};
  let before: Pick<LessonDoc, "materialFile"> | null;
  try {
    before = await Lesson.findOneAndUpdate(
      { _id: lesson._id },
      { $set: { notes: input.notes, materialLink: input.materialLink, ...fileChange } },
      { runValidators: true, returnDocument: "before" },
    )
      .select("materialFile")
      .lean<Pick<LessonDoc, "materialFile">>();
  } catch (error) {
    if (stored) await removeUpload(stored.key);
    throw error;
  }
  const replaced = "materialFile" in fileChange ? before?.materialFile : null;
  if (replaced && replaced.key !== stored?.key) await removeUpload(replaced.key);
  await audit("lesson.materials", actor, lesson._id, {
    subject: lesson.subject,
    date: lesson.date,
    file: stored ? "new" : input.removeFile ? "removed" : "kept",
    link: Boolean(input.materialLink),
  });
  return { ok: true };
}

/** Whether this user may read a lesson's material: who may teach it, or a student whose registration is on its roster. */
export async function mayReadMaterial(
  user: { _id: string; role: string; phone: string; phoneVerifiedAt?: Date | null },
  lesson: LessonDoc,
): Promise<boolean> {
  if (user.role === "admin" || user.role === "facilitator") return mayTeachClass(user, lesson);
  if (user.role !== "student") return false;
  return Boolean(await Registration.exists({ ...(await rosterFilter(lesson)), ...ownedRegistrationsFilter(user) }));
}

/** The names of the facilitators of these subjects, by subject (shared by the requests of that second: not to change). */
export async function facilitatorNames(subjects: readonly string[]): Promise<ReadonlyMap<string, string>> {
  if (!subjects.length) return new Map();
  const names = [...new Set(subjects)].sort();
  return facilitatorNamesBySubjects.get(names.join("\n"), () => readFacilitatorNames(names));
}

async function readFacilitatorNames(subjects: string[]): Promise<ReadonlyMap<string, string>> {
  const rows = await Subject.find({ name: { $in: subjects }, facilitatorId: { $ne: null } })
    .select("name facilitatorId")
    .lean<Array<{ name: string; facilitatorId: string }>>();
  const users = rows.length
    ? await User.find({ _id: { $in: rows.map((r) => r.facilitatorId) } })
        .select("fullName")
        .lean<Array<{ _id: string; fullName: string }>>()
    : [];
  const names = new Map(users.map((u) => [String(u._id), u.fullName]));
  return new Map(rows.flatMap((r) => (names.has(r.facilitatorId) ? [[r.name, names.get(r.facilitatorId)!]] : [])));
}

export type WardLessons = WardClasses & { wardForm: string };

/** A ward's lessons: its vacation, programme and form, each subject in the ward's class of it. */
async function wardFilter(ward: WardLessons) {
  return {
    vacation: String(ward.vacation),
    programme: String(ward.programme),
    forms: String(ward.wardForm) as WardForm,
    ...(await wardLessonsQuery(ward)),
  };
}

/** A ward's lessons from `from` to `to` (days, both included), by day and time. */
export async function lessonsForWard(ward: WardLessons, from: string, to: string) {
  if (!ward.vacation || !ward.subjects.length) return [];
  const filter = { ...(await wardFilter(ward)), date: { $gte: from, $lte: to } };
  // The same for every ward of the same classes: kept until a lesson changes.
  return byLessonsRevision(JSON.stringify(["ward", filter]), () =>
    Lesson.find(filter).select(LESSON_FIELDS).sort({ date: 1, start: 1, subject: 1 }).limit(200).lean<LessonDoc[]>(),
  );
}

/** Whether the school has set any lesson for this ward (else the schedule says the timetable is not set yet). */
export async function wardHasLessons(ward: WardLessons): Promise<boolean> {
  if (!ward.vacation || !ward.subjects.length) return false;
  const filter = await wardFilter(ward);
  return byLessonsRevision(JSON.stringify(["ward-any", filter]), async () => Boolean(await Lesson.exists(filter)));
}

/** A class the office gave a facilitator beyond their subjects (docs/decisions/0112-classes-of-a-workable-size.md). */
export type GivenClass = { programme: string; subject: string; n: number };

/** The lessons a facilitator teaches: every lesson of their subjects, and those of the classes they were given. */
function taught(subjects: readonly string[], given: readonly GivenClass[]) {
  return {
    $or: [
      { subject: { $in: subjects.map(String) } },
      ...given.map((c) => ({ programme: String(c.programme), subject: String(c.subject), classNo: classNoQuery(c.n) })),
    ],
  };
}

/** The lessons of these subjects (and given classes) from `from` on (today's first), at most `limit`. */
export async function lessonsOfSubjects(
  subjects: readonly string[],
  vacation: string,
  from: string,
  limit = 12,
  given: readonly GivenClass[] = [],
) {
  if (!subjects.length && !given.length) return [];
  return Lesson.find({ vacation: String(vacation), ...taught(subjects, given), date: { $gte: from } })
    .select(LESSON_FIELDS)
    .sort({ date: 1, start: 1, subject: 1 })
    .limit(limit)
    .lean<LessonDoc[]>();
}

/** The lessons of these subjects (and given classes) from `from` to before `to` whose register is still to take. */
export async function registersToTake(
  subjects: readonly string[],
  vacation: string,
  from: string,
  to: string,
  given: readonly GivenClass[] = [],
) {
  if (!subjects.length && !given.length) return [];
  return Lesson.find({
    vacation: String(vacation),
    ...taught(subjects, given),
    date: { $gte: from, $lt: to },
    cancelled: false,
    registerSavedAt: null,
  })
    .select(LESSON_FIELDS)
    .sort({ date: -1, start: -1 })
    .limit(12)
    .lean<LessonDoc[]>();
}

/** A vacation's lessons of one week (Monday to Sunday), for the office. */
export async function lessonsOfWeek(vacation: string, monday: string, sunday: string, programme?: string | null) {
  return Lesson.find({
    vacation: String(vacation),
    ...(programme ? { programme: String(programme) } : {}),
    date: { $gte: monday, $lte: sunday },
  })
    .select(LESSON_FIELDS)
    .sort({ date: 1, start: 1, programme: 1, subject: 1 })
    .limit(500)
    .lean<LessonDoc[]>();
}

export async function weeklyClassesOf(vacation: string, programme?: string | null) {
  return WeeklyClass.find({ vacation: String(vacation), ...(programme ? { programme: String(programme) } : {}) })
    .sort({ weekday: 1, start: 1, programme: 1, subject: 1 })
    .limit(500)
    .lean<WeeklyClassDoc[]>();
}
