import { z } from "zod";
import { PROGRAMMES } from "#app/domain/programmes.ts";

export const MISSING_TIMETABLE_INFO = "Missing information: Please provide a title, select a programme and a file";
export const TIMETABLE_MAX_BYTES = 5 * 1024 * 1024;

/** Text fields of the single upload form (the file is checked by the upload helper). */
export const TimetableFieldsSchema = z.object({
  title: z.string({ error: MISSING_TIMETABLE_INFO }).trim().min(1, MISSING_TIMETABLE_INFO).max(200, "Title must be at most 200 characters"),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters").optional(),
  programme: z.enum(PROGRAMMES, { error: MISSING_TIMETABLE_INFO }),
});
