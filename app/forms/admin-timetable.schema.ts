import { z } from "zod";
import { PROGRAMMES, WARD_FORMS } from "#app/domain/programmes.ts";
import {
  FILE_TOO_LARGE_MESSAGE,
  FILE_TOO_LARGE_TITLE,
  INVALID_FILE_TYPE_MESSAGE,
  INVALID_FILE_TYPE_TITLE,
} from "#app/domain/messages.ts";

export const MISSING_TIMETABLE_INFO = "Missing information: Please provide a title, select a programme and a file";
export const INVALID_FILE_TYPE = `${INVALID_FILE_TYPE_TITLE}: ${INVALID_FILE_TYPE_MESSAGE}`;
export const FILE_TOO_LARGE = `${FILE_TOO_LARGE_TITLE}: ${FILE_TOO_LARGE_MESSAGE}`;
export const EMPTY_FILE = "Empty file: The chosen file has no content. Please choose a JPG, PNG, or PDF file.";
/** docs/product.md#constants: 5 MB. */
export const TIMETABLE_MAX_BYTES = 5 * 1024 * 1024;
/** docs/product.md#validation (image/jpg is a non-standard alias browsers may send). */
export const TIMETABLE_MIME_TYPES = ["image/jpeg", "image/png", "image/jpg", "application/pdf"] as const;
export const TIMETABLE_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

const fields = {
  title: z.string().trim().max(200, "Title must be at most 200 characters").optional(),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters").optional(),
  programme: z.enum(PROGRAMMES, { error: "Please select a programme" }).optional(),
  /** None ticked: every form of the programme. */
  forms: z
    .array(z.enum(WARD_FORMS, { error: "Choose Form 1, Form 2 or Form 3" }))
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
};

/** Server: the text fields (the file itself is checked by the upload helper, from its bytes). */
export const TimetableFieldsSchema = z.object(fields);

/**
 * Client (with JS): the same fields plus early checks on the chosen file's
 * size and declared type, so the browser need not send a refused file. The
 * server checks again from the bytes.
 */
export const TimetableClientSchema = z.object({ ...fields, file: z.any().optional() }).superRefine((value, ctx) => {
  const file =
    typeof File !== "undefined" && value.file instanceof File && (value.file.size > 0 || value.file.name)
      ? value.file
      : null;
  if (!value.title || !value.programme || !file) {
    ctx.addIssue({ code: "custom", path: [], message: MISSING_TIMETABLE_INFO });
    return;
  }
  if (file.size === 0) {
    ctx.addIssue({ code: "custom", path: ["file"], message: EMPTY_FILE });
    return;
  }
  if (!(TIMETABLE_MIME_TYPES as readonly string[]).includes(file.type)) {
    ctx.addIssue({ code: "custom", path: ["file"], message: INVALID_FILE_TYPE });
  } else if (file.size > TIMETABLE_MAX_BYTES) {
    ctx.addIssue({ code: "custom", path: ["file"], message: FILE_TOO_LARGE });
  }
});
