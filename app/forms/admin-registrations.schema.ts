import { z } from "zod";
import { PROGRAMMES } from "#app/domain/programmes.ts";
import { searchField } from "#app/forms/parse.ts";
import { PAYMENT_STATUSES } from "#app/domain/money.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { reason } from "#app/forms/payments.schema.ts";

export const DELETE_ALL_WORD = "DELETE";
export const DELETE_ALL_HINT = `Type ${DELETE_ALL_WORD} to confirm`;

/** Delete All needs the word DELETE typed (a stronger confirmation than a click). */
export const DeleteAllSchema = z.object({
  confirm: z
    .string({ error: DELETE_ALL_HINT })
    .max(20, { error: DELETE_ALL_HINT })
    .refine((v) => v.trim() === DELETE_ALL_WORD, { error: DELETE_ALL_HINT }),
});

/** A ward who left (docs/decisions/0091): withdrawn with a reason; the registration and its payments stay. */
export const WithdrawSchema = z.object({ intent: z.literal("withdraw"), reason });

/** One registration to delete (cuid2 ids). */
export const DeleteRegistrationSchema = z.object({
  intent: z.literal("delete"),
  id: z.string().regex(ID_PATTERN),
});

export const REGISTRATIONS_PER_PAGE = 25;

/** The registrations list's query string; anything malformed falls back to the default. */
export const RegistrationsQuerySchema = z.object({
  q: searchField(),
  /** A vacation's name or "all"; none: the vacation teaching now. */
  vacation: z.string().max(40).optional().catch(undefined),
  programme: z.enum(PROGRAMMES).optional().catch(undefined),
  payment: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
