import { z } from "zod";

/**
 * Facilitator assignment upload (docs/product.md#screens, docs/product.md#departures). Types: pdf, jpg,
 * jpeg, png, mp4, mov, avi — checked on the server from the file's bytes.
 * Size limit: 10 MB per file (videos included), chosen for parents' and
 * students' poor connections; the request-body cap for upload routes
 * (MAX_UPLOAD_BYTES, 12 MB) leaves room for the other fields.
 */
export const ASSIGNMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ASSIGNMENT_MAX_LABEL = "10 MB";
export const ASSIGNMENT_EXTENSIONS = ["pdf", "jpg", "jpeg", "png", "mp4", "mov", "avi"] as const;
export const ASSIGNMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.mp4,.mov,.avi";
export const ASSIGNMENT_INVALID_TYPE = "Please upload a PDF, JPG, PNG, MP4, MOV or AVI file";
export const ASSIGNMENT_TOO_LARGE = `Please upload files smaller than ${ASSIGNMENT_MAX_LABEL}`;
export const ASSIGNMENT_FILE_REQUIRED = "Please choose a file";
export const NO_ASSIGNMENTS = "No assignments uploaded yet. Upload your first test above.";

/** The text fields, as the server validates them (the file is checked separately, from its bytes). */
export const AssignmentFieldsSchema = z.object({
  intent: z.literal("upload"),
  subject: z.string({ error: "Please choose a subject" }).trim().min(1, "Please choose a subject").max(100),
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  description: z.string().trim().max(2000, "Description must be at most 2000 characters").optional(),
});

function extensionOf(name: string) {
  return name.toLowerCase().split(".").pop() ?? "";
}

/** The same plus the file, for instant feedback in the browser (name and size only; the server checks the bytes). */
export const AssignmentUploadSchema = AssignmentFieldsSchema.extend({
  file: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, ASSIGNMENT_FILE_REQUIRED)
    .refine((f) => f.size <= ASSIGNMENT_MAX_BYTES, ASSIGNMENT_TOO_LARGE)
    .refine((f) => (ASSIGNMENT_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)), ASSIGNMENT_INVALID_TYPE),
});

/** Item type by file type (docs/product.md#screens). */
export function assignmentKind(mime: string): "pdf" | "image" | "video" {
  if (mime === "application/pdf") return "pdf";
  if (mime.startsWith("image/")) return "image";
  return "video";
}
