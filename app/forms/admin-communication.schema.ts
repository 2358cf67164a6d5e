import { z } from "zod";

export const RECIPIENT_TYPE_OPTIONS = [
  { value: "all", label: "All users" },
  { value: "students", label: "Students" },
  { value: "parents", label: "Parents" },
  { value: "facilitators", label: "Facilitators" },
] as const;

/** docs/product.md#validation: title and message required; the recipient type decides whose notification badge counts it. */
export const AnnouncementSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message must be at most 5000 characters"),
  recipientType: z
    .enum(["all", "students", "parents", "facilitators"], { error: "Choose who receives the message" })
    .default("all"),
});
