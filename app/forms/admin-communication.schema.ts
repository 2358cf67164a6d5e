import { z } from "zod";
import { requiredText } from "#app/forms/parse.ts";

export const RECIPIENT_TYPE_OPTIONS = [
  { value: "all", label: "All users" },
  { value: "students", label: "Students" },
  { value: "parents", label: "Parents" },
  { value: "facilitators", label: "Facilitators" },
] as const;

/** docs/product.md#validation: title and message required; the recipient type decides whose notification badge counts it. */
export const AnnouncementSchema = z.object({
  title: requiredText("Title is required", 200, "Title must be at most 200 characters"),
  message: requiredText("Message is required", 5000, "Message must be at most 5000 characters"),
  recipientType: z
    .enum(["all", "students", "parents", "facilitators"], { error: "Choose who receives the message" })
    .default("all"),
  /** "Also send by SMS": an unchecked box is absent from the form data. */
  alsoSms: z
    .boolean()
    .optional()
    .transform((v) => v === true),
  /** "Also send by e-mail", to the accounts that gave an address. */
  alsoEmail: z
    .boolean()
    .optional()
    .transform((v) => v === true),
  /** Set by the confirmation step: the recipient type whose count and cost the admin saw. */
  confirmedFor: z.enum(["all", "students", "parents", "facilitators"]).optional(),
});
