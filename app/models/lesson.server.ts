import { Schema } from "mongoose";
import { CLASSES_MAX } from "#app/domain/classes.ts";
import { WARD_FORMS } from "#app/domain/programmes.ts";
import { JOIN_LINK_MAX, LESSON_NOTES_MAX, MATERIAL_LINK_MAX, lessonDays } from "#app/domain/lessons.ts";
import type { Vacation } from "#app/domain/vacations.ts";
import { idField } from "#app/models/ids.server.ts";
import { raiseLessonsRevision, raisedByEveryWrite } from "#app/models/revisions.server.ts";
import { getVacation } from "#app/models/vacation.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

const day = { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ };
const time = { type: String, required: true, match: /^([01]\d|2[0-3]):[0-5]\d$/ };
const forms = { type: [{ type: String, enum: WARD_FORMS }], required: true };

/**
 * A class of the school's weekly timetable (docs/decisions/0101-lessons-from-the-school-timetable.md): a subject of a
 * programme, for some forms, on one weekday at one time, for one vacation. Its lessons are made when it is added;
 * `lessonsMade` stays false until every one is in; an unfinished class is finished at the next start, or before the next
 * class of its vacation is added (`finishWeeklyClasses`).
 */
const weeklyClassSchema = new Schema(
  {
    _id: idField,
    vacation: { type: String, required: true },
    programme: { type: String, required: true },
    subject: { type: String, required: true, maxlength: 100 },
    forms,
    weekday: { type: Number, required: true, min: 1, max: 6 },
    /** Which class of the subject (docs/decisions/0112-classes-of-a-workable-size.md). */
    classNo: { type: Number, default: 1, min: 1, max: CLASSES_MAX },
    start: time,
    end: time,
    /** Its first possible lesson day: the vacation's first, or the day it was added once lessons had begun. */
    from: { type: String, default: null },
    lessonsMade: { type: Boolean, default: false },
    createdBy: { type: String, default: null },
  },
  { timestamps: true, collection: "weekly_classes" },
);
weeklyClassSchema.index({ vacation: 1, programme: 1, weekday: 1, start: 1 });

export type WeeklyClassDoc = {
  _id: string;
  vacation: string;
  programme: string;
  subject: string;
  forms: string[];
  weekday: number;
  classNo?: number;
  start: string;
  end: string;
  from: string | null;
  lessonsMade: boolean;
  createdBy: string | null;
};
export const WeeklyClass = defineModel<WeeklyClassDoc>("WeeklyClass", weeklyClassSchema);

/**
 * A dated lesson. One made from a weekly class has the id `<class id>.<day it was made for>`, so making them again
 * after a crash inserts only the missing ones; a lesson added on its own has a fresh id and no weekly class.
 */
const lessonSchema = new Schema(
  {
    _id: idField,
    vacation: { type: String, required: true },
    programme: { type: String, required: true },
    subject: { type: String, required: true, maxlength: 100 },
    forms,
    /** Which class of the subject; absent on lessons made before classes were split, which are the first. */
    classNo: { type: Number, default: 1, min: 1, max: CLASSES_MAX },
    date: day,
    start: time,
    end: time,
    weeklyClassId: { type: String, default: null },
    /** The day it was on before the admin moved it, for "moved from …". */
    movedFrom: { type: String, default: null },
    cancelled: { type: Boolean, default: false },
    cancelledAt: { type: Date, default: null },
    cancelledBy: { type: String, default: null },
    startedAt: { type: Date, default: null },
    startedBy: { type: String, default: null },
    /** The facilitator an admin was viewing as when starting it (null otherwise). */
    startedAs: { type: String, default: null },
    joinLink: { type: String, default: null, maxlength: JOIN_LINK_MAX },
    /** Set when the register is first saved: from then on the lesson counts as held (ADR 0102). */
    registerSavedAt: { type: Date, default: null },
    /** Notes and materials for its students (ADR 0106): text, a link, a file in the file store. */
    notes: { type: String, default: "", maxlength: LESSON_NOTES_MAX },
    materialLink: { type: String, default: null, maxlength: MATERIAL_LINK_MAX },
    materialFile: {
      type: new Schema({ key: String, name: String, type: String, size: Number }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true, collection: "lessons" },
);
lessonSchema.index({ vacation: 1, programme: 1, date: 1 });
lessonSchema.index({ subject: 1, date: 1 });
lessonSchema.index({ weeklyClassId: 1, date: 1 });
// Every write through the model raises the lessons' revision: the overview's and the timetables' reads are kept by it.
raisedByEveryWrite(lessonSchema, raiseLessonsRevision);

export type LessonDoc = {
  _id: string;
  vacation: string;
  programme: string;
  subject: string;
  forms: string[];
  classNo?: number;
  date: string;
  start: string;
  end: string;
  weeklyClassId: string | null;
  movedFrom: string | null;
  cancelled: boolean;
  cancelledAt: Date | null;
  cancelledBy: string | null;
  startedAt: Date | null;
  startedBy: string | null;
  startedAs?: string | null;
  joinLink: string | null;
  registerSavedAt: Date | null;
  notes?: string;
  materialLink?: string | null;
  materialFile?: LessonMaterialFile | null;
};
export type LessonMaterialFile = { key: string; name: string; type: string; size: number };
export const Lesson = defineModel<LessonDoc>("Lesson", lessonSchema);

export const LESSON_FIELDS =
  "_id vacation programme subject forms classNo date start end weeklyClassId movedFrom cancelled startedAt joinLink registerSavedAt notes materialLink materialFile";

/**
 * A day of a vacation without lessons (docs/decisions/0104-days-without-lessons.md): a public holiday or any day the
 * school closes. Its lessons were cancelled or moved to `movedTo`; a weekly class added later makes no lesson on it.
 */
const dayOffSchema = new Schema(
  {
    /** `<vacation>|<day>`: one record per day, however often it is cleared. */
    _id: { type: String, required: true },
    vacation: { type: String, required: true },
    date: day,
    name: { type: String, default: "", maxlength: 60 },
    movedTo: { type: String, default: null },
    by: { type: String, required: true },
  },
  { timestamps: true, collection: "days_off" },
);
dayOffSchema.index({ vacation: 1, date: 1 });

export type DayOffDoc = {
  _id: string;
  vacation: string;
  date: string;
  name: string;
  movedTo: string | null;
  by: string;
  createdAt: Date;
};
export const DayOff = defineModel<DayOffDoc>("DayOff", dayOffSchema);

/** A vacation's days without lessons, by date. */
export async function daysOffOf(vacation: string) {
  return DayOff.find({ vacation: String(vacation) })
    .sort({ date: 1 })
    .limit(100)
    .lean<DayOffDoc[]>();
}

/** Only duplicate keys (lessons made before): any other failure, a lost connection say, is thrown. */
function isDuplicate(error: unknown): boolean {
  if ((error as { code?: number }).code === 11000) return true;
  const writeErrors = (error as { writeErrors?: Array<{ code?: number }> }).writeErrors;
  return Array.isArray(writeErrors) && writeErrors.length > 0 && writeErrors.every((e) => e.code === 11000);
}

/**
 * Finishes the weekly classes whose lessons were being made when a process stopped: at start-up, and before another
 * class of the vacation is added. Returns how many it finished.
 */
export async function finishWeeklyClasses(vacationName?: string): Promise<number> {
  const unfinished = await WeeklyClass.find({
    ...(vacationName ? { vacation: String(vacationName) } : {}),
    lessonsMade: false,
  }).lean<WeeklyClassDoc[]>();
  let finished = 0;
  for (const cls of unfinished) {
    const vacation = await getVacation(cls.vacation);
    if (!vacation) continue;
    await makeLessons(cls, vacation);
    finished++;
  }
  return finished;
}

/** Makes the lessons of a weekly class that are not made yet (their ids are fixed, so a second run adds nothing). */
export async function makeLessons(cls: WeeklyClassDoc, vacation: Vacation): Promise<number> {
  const off = new Set((await daysOffOf(cls.vacation)).map((d) => d.date));
  const days = lessonDays(vacation, cls.weekday).filter((day) => (!cls.from || day >= cls.from) && !off.has(day));
  const docs = days.map((date) => ({
    _id: `${cls._id}.${date}`,
    vacation: cls.vacation,
    programme: cls.programme,
    subject: cls.subject,
    forms: cls.forms,
    classNo: cls.classNo ?? 1,
    date,
    start: cls.start,
    end: cls.end,
    weeklyClassId: cls._id,
  }));
  if (docs.length) {
    try {
      await Lesson.insertMany(docs, { ordered: false });
    } catch (error) {
      if (!isDuplicate(error)) throw error;
    }
  }
  await WeeklyClass.updateOne({ _id: cls._id }, { $set: { lessonsMade: true } });
  return docs.length;
}
