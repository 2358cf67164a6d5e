import { Schema } from "mongoose";
import { CLASSES_MAX, classId, type ClassGroup } from "#app/domain/classes.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * A class of a subject in a programme, for one vacation (docs/decisions/0112-classes-of-a-workable-size.md): its
 * number, the seats taken, and its own facilitator and class page when the office sets them (else the subject's).
 * `seats` only grows: a seat is taken before the student's place is written, so a crash between the two leaves one
 * seat unused, never a class over its size.
 */
const classSchema = new Schema(
  {
    _id: { type: String, required: true },
    vacation: { type: String, required: true },
    programme: { type: String, required: true },
    subject: { type: String, required: true, maxlength: 100 },
    n: { type: Number, required: true, min: 1, max: CLASSES_MAX },
    seats: { type: Number, default: 0 },
    facilitatorId: { type: String, default: null },
    classPage: { type: String, default: null, maxlength: 500 },
  },
  { timestamps: true, collection: "classes" },
);
classSchema.index({ vacation: 1, programme: 1, subject: 1, n: 1 });
classSchema.index({ facilitatorId: 1 }, { sparse: true });

export type ClassDoc = ClassGroup & {
  _id: string;
  n: number;
  seats: number;
  facilitatorId: string | null;
  classPage: string | null;
};
export const SchoolClass = defineModel<ClassDoc>("SchoolClass", classSchema);

/** A student's class in one subject: `<registration id>|<programme>|<subject>`, so a student has one place per subject. */
const placeSchema = new Schema(
  {
    _id: { type: String, required: true },
    registrationId: { type: String, required: true },
    vacation: { type: String, required: true },
    programme: { type: String, required: true },
    subject: { type: String, required: true, maxlength: 100 },
    n: { type: Number, required: true, min: 1, max: CLASSES_MAX },
  },
  { timestamps: true, collection: "class_places" },
);
placeSchema.index({ vacation: 1, programme: 1, subject: 1, n: 1 });
placeSchema.index({ registrationId: 1 });

export type ClassPlaceDoc = ClassGroup & { _id: string; registrationId: string; n: number };
export const ClassPlace = defineModel<ClassPlaceDoc>("ClassPlace", placeSchema);

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * Takes a seat in the first class of the group with room, making the class when none has room: one conditional write
 * per class tried, so two takers at once never overfill one (the second finds it full, or the record made, and tries
 * the next). Null when every class is full.
 */
async function takeSeat(group: ClassGroup, size: number, from: number): Promise<number | null> {
  for (let n = from; n <= CLASSES_MAX; n++) {
    try {
      const taken = await SchoolClass.findOneAndUpdate(
        { _id: classId(group, n), seats: { $lt: size } },
        {
          $inc: { seats: 1 },
          $setOnInsert: { ...group, n, facilitatorId: null, classPage: null },
        },
        { upsert: true, returnDocument: "after" },
      )
        .select("_id")
        .lean();
      if (taken) return n;
    } catch (error) {
      if (!isDuplicate(error)) throw error;
    }
  }
  return null;
}

/**
 * Gives each of these registrations (of the group, in this order) a class, unless it has one: the places already
 * made are read first, and a place written by someone else meanwhile gives the seat back. Returns how many were placed.
 */
export async function placeInClasses(group: ClassGroup, registrationIds: readonly string[], size: number) {
  if (!registrationIds.length) return 0;
  const placed = new Set(
    (
      await ClassPlace.find({ ...group, registrationId: { $in: [...registrationIds] } })
        .select("registrationId")
        .lean<Array<{ registrationId: string }>>()
    ).map((p) => p.registrationId),
  );
  const waiting = registrationIds.filter((id) => !placed.has(id));
  if (!waiting.length) return 0;
  // Seats only grow, so the classes before the first with room stay full: each seat is tried from there on.
  const open = await SchoolClass.findOne({ ...group, seats: { $lt: size } })
    .sort({ n: 1 })
    .select("n")
    .lean<{ n: number }>()
    .exec();
  const last = await SchoolClass.findOne(group).sort({ n: -1 }).select("n").lean<{ n: number }>().exec();
  let from = open?.n ?? (last ? last.n + 1 : 1);
  let made = 0;
  for (const registrationId of waiting) {
    const n = await takeSeat(group, size, from);
    if (n === null) break;
    from = n;
    try {
      await ClassPlace.create({
        _id: `${registrationId}|${group.programme}|${group.subject}`,
        registrationId,
        ...group,
        n,
      });
      made++;
    } catch (error) {
      await SchoolClass.updateOne({ _id: classId(group, n) }, { $inc: { seats: -1 } });
      if (!isDuplicate(error)) throw error;
    }
  }
  return made;
}
