import { z } from "zod";
import { checkWording, isWordingKey, type WordingKey } from "#app/domain/wording.ts";

/**
 * Settings → Message wording: one text's English and Twi versions (blank: the portal's English, or English for Twi).
 * Each version keeps the text's required placeholders, uses no others and fits its limit (app/domain/wording.ts).
 */
export const WordingSchema = z
  .object({
    key: z.string().refine(isWordingKey, "There is no such text"),
    en: z.string().trim().max(1000, "At most 1000 characters").optional(),
    tw: z.string().trim().max(1000, "At most 1000 characters").optional(),
  })
  .superRefine((value, ctx) => {
    if (!isWordingKey(value.key)) return;
    for (const language of ["en", "tw"] as const) {
      const text = value[language];
      if (!text) continue;
      const check = checkWording(value.key as WordingKey, text);
      if (!check.ok) ctx.addIssue({ code: "custom", path: [language], message: check.message });
    }
  });
