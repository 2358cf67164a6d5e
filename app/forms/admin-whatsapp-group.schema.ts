import { z } from "zod";
import { ALL_SUBJECTS, PROGRAMMES } from "#app/domain/programmes.ts";
import { ALL_PROGRAMMES, GROUP_TYPES, NOT_A_WHATSAPP_INVITE, isWhatsappInviteLink } from "#app/domain/whatsapp.ts";
import { searchField, requiredText } from "#app/forms/parse.ts";

export const SUBJECT_REQUIRED = "Please select a subject";
export const ONE_PROGRAMME_ONLY = "Choose one programme: only a parent group can be for all programmes";

/**
 * The group form (docs/decisions/0031-whatsapp-groups-and-subject-catalogue.md): subject from the
 * registration's catalogue (every subject of the five programmes), programme
 * (or all programmes, for a parent group), group type (Class Page, Subject,
 * General, Parent Group) and a WhatsApp invite link. A parent group needs no
 * subject. Editing an older group whose subject, programme or type is outside
 * those lists keeps its current value as a choice: `current` adds it.
 */
export function groupFormSchema(current?: { subjectName: string; programme: string; groupType: string } | null) {
  const subjects = withCurrent(ALL_SUBJECTS, current?.subjectName);
  const programmes = withCurrent([...PROGRAMMES, ALL_PROGRAMMES], current?.programme);
  const types = withCurrent(
    GROUP_TYPES,
    current && (GROUP_TYPES as readonly string[]).includes(current.groupType) ? current.groupType : undefined,
  );
  return (
    z
      .object({
        subjectName: z.string({ error: SUBJECT_REQUIRED }).trim().max(100).optional(),
        programme: z.enum(programmes as [string, ...string[]], { error: "Please select a programme" }),
        groupType: z.enum(types as [string, ...string[]], { error: "Please select a group type" }),
        whatsappLink: requiredText("WhatsApp link is required", 500, "The link must be at most 500 characters").refine(
          isWhatsappInviteLink,
          NOT_A_WHATSAPP_INVITE,
        ),
      })
      // Cross-field rules, checked even when other fields have errors (an empty form lists every message).
      .refine((v) => v.groupType === "parent" || (!!v.subjectName && subjects.includes(v.subjectName)), {
        path: ["subjectName"],
        message: SUBJECT_REQUIRED,
        when: (payload) => !payload.issues.some((i) => i.path?.[0] === "groupType" || i.path?.[0] === "subjectName"),
      })
      .refine(
        (v) => v.groupType === "parent" || v.programme !== ALL_PROGRAMMES || current?.programme === ALL_PROGRAMMES,
        {
          path: ["programme"],
          message: ONE_PROGRAMME_ONLY,
          when: (payload) => !payload.issues.some((i) => i.path?.[0] === "groupType" || i.path?.[0] === "programme"),
        },
      )
  );
}

function withCurrent(list: readonly string[], current?: string) {
  return current && !list.includes(current) ? [...list, current] : [...list];
}

export const GroupFiltersSchema = z.object({
  q: searchField(),
  programme: z.enum(PROGRAMMES).optional().catch(undefined),
  type: z.enum(GROUP_TYPES).optional().catch(undefined),
});
