import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { PROGRAMMES } from "#app/domain/programmes.ts";
import { idField } from "./ids.server.ts";

const timetableSchema = new Schema(
  {
    _id: idField,
    userId: { type: String, required: true },
    title: { type: String, required: true, trim: true, minlength: 1, maxlength: 200 },
    description: { type: String, trim: true, maxlength: 1000, default: null },
    programme: { type: String, required: true, enum: PROGRAMMES },
    fileName: { type: String, required: true, maxlength: 255 },
    /** Relative to the uploads directory: {userId}/{timestamp}.{ext}. */
    filePath: { type: String, required: true, maxlength: 500 },
    fileType: { type: String, required: true },
    fileSize: { type: Number, required: true, min: 1 },
  },
  { timestamps: true, collection: "timetables" },
);
timetableSchema.index({ createdAt: -1 });
timetableSchema.index({ programme: 1, createdAt: -1 });

export type TimetableDoc = InferSchemaType<typeof timetableSchema> & { _id: string; createdAt: Date };
export const Timetable =
  (mongoose.models.Timetable as mongoose.Model<TimetableDoc>) ??
  mongoose.model<TimetableDoc>("Timetable", timetableSchema);
