import { onceForDatabase } from "#app/models/migrations/migrations.server.ts";
import { keepDoneMessagesFrom } from "#app/models/outbox.server.ts";

/**
 * One-off: messages sent or failed before messages had a time to be kept until (keepUntil) get one, counted from the
 * upgrade: they are kept OUTBOX_KEEP_DAYS more, like a message done today.
 */
export const OUTBOX_RETENTION = "outbox-retention-2026-11";

export function giveDoneMessagesTheirKeepTime(now = new Date()): Promise<number | null> {
  return onceForDatabase(OUTBOX_RETENTION, "kept", () => keepDoneMessagesFrom(now));
}
