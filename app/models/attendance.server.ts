import { Schema } from "mongoose";
import { registrationsGone } from "#app/models/registrations-gone.server.ts";
import { ATTENDANCE_MARKS, type AttendanceMark } from "#app/domain/attendance.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * One student's mark for one lesson (docs/decisions/0102-the-register.md). The id is `<lesson id>.<registration id>`:
 * one entry per student and lesson however often the register is saved. A mark changed after it was first saved keeps
 * the earlier one in `changes`, with who changed it and when.
 */
const attendanceSchema = new Schema(
  {
    _id: { type: String, required: true },
    lessonId: { type: String, required: true },
    registrationId: { type: String, required: true },
    vacation: { type: String, required: true },
    subject: { type: String, required: true },
    date: { type: String, required: true },
    mark: { type: String, required: true, enum: ATTENDANCE_MARKS },
    /** Who saved the mark, and the facilitator an admin was viewing as then (null otherwise). */
    markedBy: { type: String, required: true },
    markedAs: { type: String, default: null },
    markedAt: { type: Date, required: true },
    changes: {
      type: [{ _id: false, mark: String, markedBy: String, markedAs: String, markedAt: Date }],
      default: [],
    },
  },
  { collection: "attendance" },
);
attendanceSchema.index({ registrationId: 1, subject: 1 });
attendanceSchema.index({ lessonId: 1 });

export type AttendanceDoc = {
  _id: string;
  lessonId: string;
  registrationId: string;
  vacation: string;
  subject: string;
  date: string;
  mark: AttendanceMark;
  markedBy: string;
  markedAs?: string | null;
  markedAt: Date;
  changes: Array<{ mark: AttendanceMark; markedBy: string; markedAs?: string | null; markedAt: Date }>;
};
export const Attendance = defineModel<AttendanceDoc>("Attendance", attendanceSchema);

/**
 * Removes the attendance of deleted registrations, or with "orphaned" of every registration no longer there (after
 * "delete all"): a register read later must not count a student who is gone, and a deleted ward's data goes with it.
 */
export async function removeAttendanceOf(registrationIds: readonly string[] | "orphaned") {
  let ids: string[];
  if (registrationIds === "orphaned") {
    ids = await registrationsGone((await Attendance.distinct("registrationId")).map(String));
  } else ids = registrationIds.map(String);
  if (ids.length) await Attendance.deleteMany({ registrationId: { $in: ids } });
}
