import { Schema, type InferSchemaType } from "mongoose";
import { idField } from "#app/models/ids.server.ts";
import {
  byPeopleRevision,
  raisedByCreationsAndRemovals,
  raisedByEveryWrite,
  raisePeopleRevision,
} from "#app/models/revisions.server.ts";
import { forgetFacilitatorNames } from "#app/models/facilitator-names.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

const subjectSchema = new Schema(
  {
    _id: idField,
    name: { type: String, required: true, trim: true, minlength: 1, maxlength: 100 },
    description: { type: String, trim: true, maxlength: 1000, default: null },
    /** A facilitator's user id, or null (docs/product.md#validation: empty is saved as null). */
    facilitatorId: { type: String, default: null },
  },
  { timestamps: true, collection: "subjects" },
);
subjectSchema.index({ name: 1 });
subjectSchema.index({ facilitatorId: 1 });

// The admin's count of subjects is kept until one is created or removed (app/models/revisions.server.ts).
raisedByCreationsAndRemovals(subjectSchema, raisePeopleRevision);
raisedByEveryWrite(subjectSchema, forgetFacilitatorNames);

export type SubjectDoc = InferSchemaType<typeof subjectSchema> & { _id: string };
export const Subject = defineModel<SubjectDoc>("Subject", subjectSchema);

export async function listSubjects() {
  return Subject.find({})
    .select("_id name description facilitatorId")
    .sort({ name: 1 })
    .limit(500)
    .lean<SubjectDoc[]>();
}

export type SubjectInput = { name: string; description: string | null; facilitatorId: string | null };

function cleanSubject(input: SubjectInput) {
  return {
    name: String(input.name),
    description: input.description ? String(input.description) : null,
    facilitatorId: input.facilitatorId ? String(input.facilitatorId) : null,
  };
}

export async function getSubjectById(id: string) {
  return Subject.findById(String(id)).select("_id name description facilitatorId").lean<SubjectDoc>();
}

export async function createSubject(input: SubjectInput) {
  const doc = await Subject.create(cleanSubject(input));
  return doc._id;
}

/** Returns false when the subject no longer exists. */
export async function updateSubject(id: string, input: SubjectInput) {
  const result = await Subject.updateOne({ _id: String(id) }, { $set: cleanSubject(input) }, { runValidators: true });
  return result.matchedCount > 0;
}

export async function deleteSubject(id: string) {
  const result = await Subject.deleteOne({ _id: String(id) });
  return result.deletedCount > 0;
}

/** Admin Overview (docs/product.md#sample-figures): every subject; with `before`, those created before then. */
export async function countSubjects(before?: Date) {
  return byPeopleRevision(`subjects ${before?.toISOString() ?? "all"}`, () =>
    before ? Subject.countDocuments({ createdAt: { $lt: before } }).exec() : Subject.estimatedDocumentCount().exec(),
  );
}

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Another subject with this name, ignoring case and surrounding spaces (the name is stored trimmed). */
export async function findSubjectNamed(name: string, exceptId?: string | null) {
  const filter: Record<string, unknown> = {
    name: { $regex: `^\\s*${escapeRegex(String(name).trim())}\\s*$`, $options: "i" },
  };
  if (exceptId) filter._id = { $ne: String(exceptId) };
  return Subject.findOne(filter).select("_id name").lean<{ _id: string; name: string }>();
}
