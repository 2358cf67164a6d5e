import { z } from "zod";
import { ACTIVITY_KIND_NAMES } from "#app/domain/audit-wording.ts";
import { isCalendarDate } from "#app/domain/dates.ts";
import { searchField } from "#app/forms/parse.ts";

export const ACTIVITY_PER_PAGE = 50;

/** Admin → Activity's query string; anything malformed falls back to "no filter". */
export const ActivityQuerySchema = z.object({
  q: searchField(),
  kind: z.enum(ACTIVITY_KIND_NAMES).optional().catch(undefined),
  from: z.string().refine(isCalendarDate).optional().catch(undefined),
  to: z.string().refine(isCalendarDate).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
