import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { idField } from "#app/models/ids.server.ts";

export const ASSIGNMENT_KINDS = ["pdf", "image", "video"] as const;

/** Facilitator assignments, stored per facilitator (docs/product.md#departures). */
const assignmentSchema = new Schema(
  {
    _id: idField,
    facilitatorId: { type: String, required: true },
    subject: { type: String, required: true, trim: true, maxlength: 100 },
    title: { type: String, required: true, trim: true, minlength: 1, maxlength: 200 },
    description: { type: String, trim: true, maxlength: 2000, default: null },
    kind: { type: String, required: true, enum: ASSIGNMENT_KINDS },
    fileName: { type: String, required: true, maxlength: 255 },
    filePath: { type: String, required: true, maxlength: 500 },
    fileType: { type: String, required: true },
    fileSize: { type: Number, required: true, min: 1 },
  },
  { timestamps: true, collection: "assignments" },
);
assignmentSchema.index({ facilitatorId: 1, createdAt: -1 });
assignmentSchema.index({ facilitatorId: 1, subject: 1, createdAt: -1 });
assignmentSchema.index({ subject: 1, createdAt: -1 });

export type AssignmentDoc = InferSchemaType<typeof assignmentSchema> & { _id: string; createdAt: Date };
export const Assignment =
  (mongoose.models.Assignment as mongoose.Model<AssignmentDoc>) ??
  mongoose.model<AssignmentDoc>("Assignment", assignmentSchema);

export const ASSIGNMENT_FIELDS =
  "_id facilitatorId subject title description kind fileName fileType fileSize createdAt";
export type AssignmentListItem = Pick<
  AssignmentDoc,
  | "_id"
  | "facilitatorId"
  | "subject"
  | "title"
  | "description"
  | "kind"
  | "fileName"
  | "fileType"
  | "fileSize"
  | "createdAt"
>;

/** A facilitator's assignments (optionally one subject's), newest first. */
export async function listAssignmentsFor(
  facilitatorId: string,
  options: { subject?: string | null; limit?: number } = {},
) {
  const filter: Record<string, string> = { facilitatorId: String(facilitatorId) };
  if (options.subject) filter.subject = String(options.subject);
  return Assignment.find(filter)
    .select(ASSIGNMENT_FIELDS)
    .sort({ createdAt: -1 })
    .limit(options.limit ?? 200)
    .lean<AssignmentListItem[]>();
}

/** The assignments of these subjects (a student's registered subjects), newest first. */
export async function listAssignmentsForSubjects(subjects: readonly string[], limit = 100) {
  if (subjects.length === 0) return [];
  return Assignment.find({ subject: { $in: subjects.map(String) } })
    .select(ASSIGNMENT_FIELDS)
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean<AssignmentListItem[]>();
}

/** One assignment, only if it belongs to the facilitator (anyone else's is "not found"). */
export async function getOwnedAssignment(id: string, facilitatorId: string) {
  return Assignment.findOne({ _id: String(id), facilitatorId: String(facilitatorId) })
    .select(`${ASSIGNMENT_FIELDS} filePath`)
    .lean<AssignmentListItem & { filePath: string }>();
}

/** Any assignment, for admins (real admin user, checked by the caller). */
export async function getAssignmentById(id: string) {
  return Assignment.findById(String(id))
    .select(`${ASSIGNMENT_FIELDS} filePath`)
    .lean<AssignmentListItem & { filePath: string }>();
}

export async function deleteOwnedAssignment(id: string, facilitatorId: string) {
  return Assignment.deleteOne({ _id: String(id), facilitatorId: String(facilitatorId) });
}
