import { z } from "zod";
import { isCalendarDate } from "#app/domain/dates.ts";
import { MESSAGE_CHANNELS, MESSAGE_STATES } from "#app/domain/messaging.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { searchField } from "#app/forms/parse.ts";

export const MESSAGES_PER_PAGE = 25;

/** Admin → Messages' query string; anything malformed falls back to "no filter". */
export const MessagesQuerySchema = z.object({
  q: searchField(),
  state: z.enum(MESSAGE_STATES).optional().catch(undefined),
  channel: z.enum(MESSAGE_CHANNELS).optional().catch(undefined),
  from: z.string().refine(isCalendarDate).optional().catch(undefined),
  to: z.string().refine(isCalendarDate).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const RetryMessageSchema = z.object({
  intent: z.literal("retry"),
  id: z.string().regex(ID_PATTERN),
});
