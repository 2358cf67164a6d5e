import { registrationSearchKeys } from "#app/domain/registration-search.ts";
import { batchedWrites, onceForDatabase } from "#app/models/migrations/migrations.server.ts";
import { Registration } from "#app/models/registration.server.ts";

/**
 * One-off (docs/decisions/0081-registration-search.md): registrations stored before the search had keys get them, so
 * the search finds every registration, and the text index the search used before is dropped (no query reads it any
 * more, and every write paid for it). The app writes the keys with every registration from this version on.
 */
export const SEARCH_KEYS_BACKFILL = "registration-search-keys-2026-11";
/** The second: the school's word starts and a number's last 4 digits became keys, so every registration's are rewritten. */
export const SEARCH_KEYS_REWRITE = "registration-search-keys-2026-11-28";

export function backfillSearchKeys(): Promise<number | null> {
  return onceForDatabase(SEARCH_KEYS_BACKFILL, "written", () => writeSearchKeys({ searchKeys: { $exists: false } }));
}

/** Rewrites every registration's keys as this version makes them, once per database (safe to repeat). */
export function rewriteSearchKeys(): Promise<number | null> {
  return onceForDatabase(SEARCH_KEYS_REWRITE, "written", () => writeSearchKeys({}));
}

async function writeSearchKeys(filter: Record<string, unknown>) {
  const writes = batchedWrites(Registration.collection);
  const cursor = Registration.collection.find(filter, {
    projection: {
      parentName: 1,
      wardName: 1,
      currentSchool: 1,
      whatsappNumberNormalized: 1,
      wardWhatsappNormalized: 1,
    },
    batchSize: 1_000,
  });
  for await (const doc of cursor) {
    const keys = registrationSearchKeys(doc as unknown as Parameters<typeof registrationSearchKeys>[0]);
    await writes.add({ updateOne: { filter: { _id: doc._id }, update: { $set: { searchKeys: keys } } } });
  }
  const written = await writes.done();
  await Registration.collection.dropIndex("registration_search").catch(() => {});
  return written;
}
