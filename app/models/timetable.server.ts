import { Schema, type InferSchemaType } from "mongoose";
import { PROGRAMMES, WARD_FORMS, type WardForm } from "#app/domain/programmes.ts";
import { reaches, type TimetableReader } from "#app/domain/timetables.ts";
import { isCurrentVacation } from "#app/models/vacation.server.ts";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { raisedByEveryWrite } from "#app/models/revisions.server.ts";

const timetableSchema = new Schema(
  {
    _id: idField,
    userId: { type: String, required: true },
    title: { type: String, required: true, trim: true, minlength: 1, maxlength: 200 },
    description: { type: String, trim: true, maxlength: 1000, default: null },
    programme: { type: String, required: true, enum: PROGRAMMES },
    /** The forms it is for (app/domain/timetables.ts); empty: every form of the programme. */
    forms: { type: [{ type: String, enum: WARD_FORMS }], default: [] },
    fileName: { type: String, required: true, maxlength: 255 },
    /** Relative to the uploads directory: {userId}/{timestamp}.{ext}. */
    filePath: { type: String, required: true, maxlength: 500 },
    fileType: { type: String, required: true },
    fileSize: { type: Number, required: true, min: 1 },
    /** The vacations it serves (docs/decisions/0095): kept for the next vacation until a new one replaces it. */
    vacations: { type: [String], default: [] },
  },
  { timestamps: true, collection: "timetables" },
);
timetableSchema.index({ createdAt: -1 });
timetableSchema.index({ programme: 1, createdAt: -1 });

// Every schedule and parent dashboard lists the timetables of its wards' programme, vacation and form: the same few
// lists for the whole school, kept a second per process (docs/decisions/0085); any write of a timetable drops them.
const timetablesOfWards = briefCache<readonly TimetableDoc[]>("timetables");
raisedByEveryWrite(timetableSchema, forgetTimetables);

/** For writes past the model's middleware (the start's migrations). */
export async function forgetTimetables() {
  timetablesOfWards.forget();
}

export type TimetableDoc = InferSchemaType<typeof timetableSchema> & { _id: string; createdAt: Date };
export const Timetable = defineModel<TimetableDoc>("Timetable", timetableSchema);

export const TIMETABLE_FIELDS =
  "_id userId title description programme forms vacations fileName fileType fileSize createdAt";

export async function createTimetable(input: {
  userId: string;
  title: string;
  description: string | null;
  programme: (typeof PROGRAMMES)[number];
  forms: readonly WardForm[];
  fileName: string;
  filePath: string;
  fileType: string;
  fileSize: number;
  vacations: readonly string[];
}) {
  const doc = await Timetable.create({
    userId: String(input.userId),
    title: String(input.title),
    description: input.description ? String(input.description) : null,
    programme: input.programme,
    forms: input.forms.filter((f) => WARD_FORMS.includes(f)),
    fileName: String(input.fileName),
    filePath: String(input.filePath),
    fileType: String(input.fileType),
    fileSize: Number(input.fileSize),
    vacations: input.vacations.map(String),
  });
  return doc._id;
}

/** Undoes a bulk upload that failed part-way: the rows it had created. */
export async function deleteTimetables(ids: readonly string[]) {
  if (ids.length === 0) return;
  await Timetable.deleteMany({ _id: { $in: ids.map(String) } });
}

/** Newest first. */
export async function listTimetables(limit = 100) {
  return Timetable.find({}).select(TIMETABLE_FIELDS).sort({ createdAt: -1 }).limit(limit).lean<TimetableDoc[]>();
}

/**
 * The timetables published for these wards (their programme, and their form when the timetable names forms), newest
 * first.
 */
export async function listTimetablesFor(everyWard: readonly TimetableReader[], limit = 50) {
  // A registration of a past vacation reads none (docs/decisions/0095).
  const current = await Promise.all(everyWard.map((w) => isCurrentVacation(w.vacation)));
  const wards = everyWard.filter((_, i) => current[i]);
  if (wards.length === 0) return [];
  // Each ward's programme with its form (or no forms named: every form), in the query, so that the limit counts
  // only timetables someone here may see; `reaches` below is the same rule, for wards of two programmes.
  const filter: Record<string, unknown> = {
    $or: wards.map((w) => ({
      programme: String(w.programme),
      vacations: String(w.vacation),
      $or: [{ forms: { $size: 0 } }, { forms: { $exists: false } }, { forms: String(w.wardForm) }],
    })),
  };
  const key = [...new Set(wards.map((w) => `${w.programme}|${w.vacation}|${w.wardForm}`))].sort().join("\n");
  const rows = await timetablesOfWards.get(`${limit} ${key}`, () =>
    Timetable.find(filter).select(TIMETABLE_FIELDS).sort({ createdAt: -1 }).limit(limit).lean<TimetableDoc[]>(),
  );
  return rows.filter((t) => wards.some((w) => reaches(t, w)));
}

/**
 * Keeps a vacation's timetables for the next one (until new ones are uploaded), and takes in those that serve no
 * vacation yet (uploaded before the first vacation existed).
 */
export async function carryTimetables(from: string | null, to: string) {
  const none = { $or: [{ vacations: { $exists: false } }, { vacations: { $size: 0 } }] };
  const { modifiedCount } = await Timetable.updateMany(from ? { $or: [{ vacations: String(from) }, none] } : none, {
    $addToSet: { vacations: String(to) },
  });
  return modifiedCount;
}

/** Deletes the row and gives back its stored path (the caller removes the file), or null when there was none. */
export async function deleteTimetable(id: string) {
  const row = await Timetable.findOneAndDelete({ _id: String(id) })
    .select("_id title filePath")
    .lean<Pick<TimetableDoc, "_id" | "title" | "filePath">>();
  return row ?? null;
}

/** Includes the stored path: for the authorising download route only. */
export async function getTimetableFile(id: string) {
  return Timetable.findById(String(id)).select(`${TIMETABLE_FIELDS} filePath`).lean<TimetableDoc>();
}
