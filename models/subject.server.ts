import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { idField } from "./ids.server.ts";

const subjectSchema = new Schema(
  {
    _id: idField,
    name: { type: String, required: true, trim: true, minlength: 1, maxlength: 100 },
    description: { type: String, trim: true, maxlength: 1000, default: null },
    /** A facilitator's user id, or null (spec §5: empty is saved as null). */
    facilitatorId: { type: String, default: null },
  },
  { timestamps: true, collection: "subjects" },
);
subjectSchema.index({ name: 1 });
subjectSchema.index({ facilitatorId: 1 });

export type SubjectDoc = InferSchemaType<typeof subjectSchema> & { _id: string };
export const Subject =
  (mongoose.models.Subject as mongoose.Model<SubjectDoc>) ?? mongoose.model<SubjectDoc>("Subject", subjectSchema);

export async function listSubjects() {
  return Subject.find({}).select("_id name description facilitatorId").sort({ name: 1 }).limit(500).lean<SubjectDoc[]>();
}
