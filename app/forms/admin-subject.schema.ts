import { z } from "zod";
import { requiredText } from "#app/forms/parse.ts";

/** Checked on the server (the database knows the other names). */
export const SUBJECT_NAME_TAKEN = "A subject with this name already exists";
export const CATALOGUE_SUBJECT_RENAME =
  "This subject is one of the programmes' subjects: registrations and class pages use its name, so it cannot be renamed here";

/** docs/product.md#validation subject form: name required; description and facilitator optional (empty facilitator saved as null). */
export const SubjectFormSchema = z.object({
  name: requiredText("Subject name is required", 100, "Subject name must be at most 100 characters"),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters").optional(),
  facilitatorId: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9]+$/, "Choose a facilitator from the list")
    .optional(),
});
