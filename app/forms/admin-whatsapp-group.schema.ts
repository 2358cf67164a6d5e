import { z } from "zod";
import { GROUP_FORM_SUBJECTS, PROGRAMMES } from "#app/domain/programmes.ts";
import { ADMIN_FORM_GROUP_TYPES, GROUP_TYPES } from "#app/domain/whatsapp.ts";

/**
 * Spec §5 group form: subject (the fixed 14), programme, group type (only
 * student) and link, all required. Editing an older group whose subject,
 * programme or type is outside those lists keeps its current value as a
 * choice, so saving a new link does not force a change: `current` adds it.
 */
export function groupFormSchema(current?: { subjectName: string; programme: string; groupType: string } | null) {
  const subjects = withCurrent(GROUP_FORM_SUBJECTS, current?.subjectName);
  const programmes = withCurrent(PROGRAMMES, current?.programme);
  const types = withCurrent(ADMIN_FORM_GROUP_TYPES, current && (GROUP_TYPES as readonly string[]).includes(current.groupType) ? current.groupType : undefined);
  return z.object({
    subjectName: z.enum(subjects as [string, ...string[]], { error: "Please select a subject" }),
    programme: z.enum(programmes as [string, ...string[]], { error: "Please select a programme" }),
    groupType: z.enum(types as [string, ...string[]], { error: "Please select a group type" }),
    whatsappLink: z
      .string({ error: "WhatsApp link is required" })
      .trim()
      .min(1, "WhatsApp link is required")
      .max(500, "The link must be at most 500 characters")
      .refine((v) => /^https:\/\/[^\s<>"]+$/i.test(v), "Enter the group's invite link, starting with https://"),
  });
}

function withCurrent(list: readonly string[], current?: string) {
  return current && !list.includes(current) ? [...list, current] : [...list];
}

export const GroupFiltersSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  programme: z.enum(PROGRAMMES).optional().catch(undefined),
  type: z.enum(GROUP_TYPES).optional().catch(undefined),
});
