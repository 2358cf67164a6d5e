import { Schema } from "mongoose";
import {
  VACATION_NAME_MAX,
  enrollingVacations,
  schoolDay,
  teachingVacation,
  type Vacation,
} from "#app/domain/vacations.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

const day = { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ };

/**
 * The school's vacations (docs/decisions/0095-one-vacation-after-another.md). The name is the id: registrations,
 * payments, fee schedules, receipts, class pages and timetables name the vacation they belong to.
 */
const vacationSchema = new Schema(
  {
    _id: { type: String, required: true, trim: true, maxlength: VACATION_NAME_MAX },
    registrationOpens: day,
    registrationCloses: day,
    lessonsStart: day,
    lessonsEnd: day,
    newSchoolYear: { type: Boolean, default: false },
    datesFromUpgrade: { type: Boolean, default: false },
    createdBy: { type: String, default: null },
  },
  { timestamps: true, collection: "vacations" },
);
vacationSchema.index({ lessonsStart: 1 });

type VacationDoc = Omit<Vacation, "name"> & { _id: string; createdAt: Date; createdBy: string | null };
export const VacationModel = defineModel<VacationDoc>("Vacation", vacationSchema);

const toVacation = (row: VacationDoc): Vacation => ({
  name: String(row._id),
  registrationOpens: row.registrationOpens,
  registrationCloses: row.registrationCloses,
  lessonsStart: row.lessonsStart,
  lessonsEnd: row.lessonsEnd,
  newSchoolYear: row.newSchoolYear === true,
  datesFromUpgrade: row.datesFromUpgrade === true,
});

// Read on every page (the banner): a handful of documents, kept for a second like the settings.
const cache = briefCache<Vacation[]>("vacations");
export const forgetVacations = () => cache.forget();

/** Every vacation, the earliest lessons first. */
export function listVacations(): Promise<Vacation[]> {
  return cache.get("all", async () =>
    (await VacationModel.find().sort({ lessonsStart: 1 }).lean<VacationDoc[]>()).map(toVacation),
  );
}

export async function getVacation(name: unknown): Promise<Vacation | null> {
  if (typeof name !== "string" || !name) return null;
  return (await listVacations()).find((v) => v.name === name) ?? null;
}

export type VacationPointers = {
  all: Vacation[];
  /** The newest vacation taking enrolments (see enrollingVacation). */
  enrolling: Vacation | null;
  /** Every vacation taking enrolments, the first to teach first. */
  enrollingAll: Vacation[];
  teaching: Vacation | null;
  today: string;
};

/** The two vacations the portal shows today: the one taking enrolments, and the one teaching (the default view). */
export async function vacationPointers(now: Date = new Date()): Promise<VacationPointers> {
  const all = await listVacations();
  const today = schoolDay(now);
  const enrollingAll = enrollingVacations(all, today);
  return { all, today, enrolling: enrollingAll.at(-1) ?? null, enrollingAll, teaching: teachingVacation(all, today) };
}

/** Whether a vacation teaches or takes enrolments now (its class pages and timetables are offered then only). */
export async function isCurrentVacation(name: string | null | undefined): Promise<boolean> {
  if (!name) return false;
  const { teaching, enrollingAll } = await vacationPointers();
  return name === teaching?.name || enrollingAll.some((v) => v.name === name);
}

/**
 * The vacation a list shows: the one asked for when it exists, else the teaching one. Lists of the office default to
 * the vacation teaching now (docs/product.md#vacations).
 */
export async function vacationShown(asked: string | null | undefined) {
  const pointers = await vacationPointers();
  const shown = pointers.all.find((v) => v.name === asked) ?? pointers.teaching;
  return { ...pointers, shown };
}

/** Inserts a vacation; false when one of that name exists. */
export async function insertVacation(vacation: Vacation, createdBy: string | null): Promise<boolean> {
  const { name, ...rest } = vacation;
  try {
    await VacationModel.create({ _id: name, ...rest, createdBy });
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  } finally {
    forgetVacations();
  }
  return true;
}

export async function saveVacationDates(
  name: string,
  dates: Pick<Vacation, "registrationOpens" | "registrationCloses" | "lessonsStart" | "lessonsEnd" | "newSchoolYear">,
) {
  const result = await VacationModel.updateOne(
    { _id: String(name) },
    { $set: { ...dates, datesFromUpgrade: false } },
    { runValidators: true },
  );
  forgetVacations();
  return result.matchedCount === 1;
}
