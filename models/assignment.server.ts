import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { idField } from "./ids.server.ts";

export const ASSIGNMENT_KINDS = ["pdf", "image", "video"] as const;

/** Facilitator assignments, stored per facilitator (decisions §2). */
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

export type AssignmentDoc = InferSchemaType<typeof assignmentSchema> & { _id: string; createdAt: Date };
export const Assignment =
  (mongoose.models.Assignment as mongoose.Model<AssignmentDoc>) ??
  mongoose.model<AssignmentDoc>("Assignment", assignmentSchema);
