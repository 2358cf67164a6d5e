import { Schema, type InferSchemaType } from "mongoose";
import { CLASSES_MAX } from "#app/domain/classes.ts";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";
import { raisedByEveryWrite, raiseWorkRevision } from "#app/models/revisions.server.ts";

export const ASSIGNMENT_KINDS = ["pdf", "image", "video"] as const;

/**
 * Facilitator assignments, stored per facilitator (docs/product.md#departures), with what makes them work to hand in
 * (docs/decisions/0108-work-handed-in-and-marked.md): a due time (none: open all vacation), a maximum score, whether
 * work after the due time is taken, and the vacation it was set in (none: set before vacations, shown in every one).
 * The file is optional; those uploaded before hand-ins are assignments with no due time, out of 100.
 */
const assignmentSchema = new Schema(
  {
    _id: idField,
    facilitatorId: { type: String, required: true },
    subject: { type: String, required: true, trim: true, maxlength: 100 },
    title: { type: String, required: true, trim: true, minlength: 1, maxlength: 200 },
    description: { type: String, trim: true, maxlength: 2000, default: null },
    vacation: { type: String, default: null, maxlength: 40 },
    dueAt: { type: Date, default: null },
    maxScore: { type: Number, default: 100, min: 1, max: 1000 },
    refuseLate: { type: Boolean, default: false },
    /** Set for one class of the subject in one programme (docs/decisions/0112-classes-of-a-workable-size.md). */
    programme: { type: String, default: null, maxlength: 60 },
    classNo: { type: Number, default: null, min: 1, max: CLASSES_MAX },
    kind: { type: String, enum: ASSIGNMENT_KINDS, default: null },
    fileName: { type: String, maxlength: 255, default: null },
    filePath: { type: String, maxlength: 500, default: null },
    fileType: { type: String, default: null },
    fileSize: { type: Number, min: 1, default: null },
  },
  { timestamps: true, collection: "assignments" },
);
assignmentSchema.index({ facilitatorId: 1, createdAt: -1 });
assignmentSchema.index({ facilitatorId: 1, subject: 1, createdAt: -1 });
assignmentSchema.index({ subject: 1, createdAt: -1 });
// The figures kept by the work revision (the facilitator overview's events) name assignments too.
raisedByEveryWrite(assignmentSchema, raiseWorkRevision);

export type AssignmentDoc = InferSchemaType<typeof assignmentSchema> & { _id: string; createdAt: Date };
export const Assignment = defineModel<AssignmentDoc>("Assignment", assignmentSchema);

export const ASSIGNMENT_FIELDS =
  "_id facilitatorId subject title description vacation dueAt maxScore refuseLate programme classNo kind fileName fileType fileSize createdAt";
export type AssignmentListItem = Pick<
  AssignmentDoc,
  | "_id"
  | "facilitatorId"
  | "subject"
  | "title"
  | "description"
  | "vacation"
  | "dueAt"
  | "maxScore"
  | "refuseLate"
  | "programme"
  | "classNo"
  | "kind"
  | "fileName"
  | "fileType"
  | "fileSize"
  | "createdAt"
>;

/**
 * A facilitator's assignments (optionally one subject's), newest first, and those set for the classes the office gave
 * them (docs/decisions/0112-classes-of-a-workable-size.md), whose work they mark.
 */
export async function listAssignmentsFor(
  facilitatorId: string,
  options: {
    subject?: string | null;
    limit?: number;
    classes?: ReadonlyArray<{ vacation: string; programme: string; subject: string; n: number }>;
  } = {},
) {
  const given = (options.classes ?? []).map((c) => ({
    vacation: String(c.vacation),
    programme: String(c.programme),
    subject: String(c.subject),
    classNo: c.n,
  }));
  const filter = {
    ...(given.length
      ? { $or: [{ facilitatorId: String(facilitatorId) }, ...given] }
      : { facilitatorId: String(facilitatorId) }),
    ...(options.subject ? { subject: String(options.subject) } : {}),
  };
  return Assignment.find(filter)
    .select(ASSIGNMENT_FIELDS)
    .sort({ createdAt: -1 })
    .limit(options.limit ?? 200)
    .lean<AssignmentListItem[]>();
}

/**
 * The assignments of these subjects (a student's registered subjects), newest first. With `vacation` (a registration's,
 * which may be none), those set in it and those set before vacations (none); without, every one.
 */
export async function listAssignmentsForSubjects(subjects: readonly string[], limit = 100, vacation?: string | null) {
  if (subjects.length === 0) return [];
  const inVacation =
    vacation === undefined ? {} : { vacation: vacation === null ? null : { $in: [String(vacation), null] } };
  return Assignment.find({ subject: { $in: subjects.map(String) }, ...inVacation })
    .select(ASSIGNMENT_FIELDS)
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean<AssignmentListItem[]>();
}

/** These assignments' titles and subjects. */
export async function listAssignmentsByIds(ids: readonly string[]) {
  if (!ids.length) return [];
  return Assignment.find({ _id: { $in: [...new Set(ids.map(String))] } })
    .select("_id title subject")
    .lean<Array<{ _id: string; title: string; subject: string }>>();
}

/** One assignment, only if it belongs to the facilitator (anyone else's is "not found"). */
export async function getOwnedAssignment(id: string, facilitatorId: string) {
  return Assignment.findOne({ _id: String(id), facilitatorId: String(facilitatorId) })
    .select(`${ASSIGNMENT_FIELDS} filePath`)
    .lean<AssignmentListItem & { filePath: string | null }>();
}

/** Any assignment, for admins (real admin user, checked by the caller). */
export async function getAssignmentById(id: string) {
  return Assignment.findById(String(id))
    .select(`${ASSIGNMENT_FIELDS} filePath`)
    .lean<AssignmentListItem & { filePath: string | null }>();
}

export async function deleteOwnedAssignment(id: string, facilitatorId: string) {
  return Assignment.deleteOne({ _id: String(id), facilitatorId: String(facilitatorId) });
}
