import { registrationSearchKeys } from "#app/domain/registration-search.ts";
import { batchedWrites, onceForDatabase } from "#app/models/migrations.server.ts";
import { Registration } from "#app/models/registration.server.ts";

/**
 * One-off (docs/decisions/0081-registration-search.md): registrations stored before the search had keys get them, so
 * the search finds every registration, and the text index the search used before is dropped (no query reads it any
 * more, and every write paid for it). The app writes the keys with every registration from this version on.
 */
export const SEARCH_KEYS_BACKFILL = "registration-search-keys-2026-11";

export function backfillSearchKeys(): Promise<number | null> {
  return onceForDatabase(SEARCH_KEYS_BACKFILL, "written", async () => {
    const writes = batchedWrites(Registration.collection);
    const cursor = Registration.collection.find(
      { searchKeys: { $exists: false } },
      {
        projection: {
          parentName: 1,
          wardName: 1,
          currentSchool: 1,
          whatsappNumberNormalized: 1,
          wardWhatsappNormalized: 1,
        },
        batchSize: 1_000,
      },
    );
    for await (const doc of cursor) {
      const keys = registrationSearchKeys(doc as unknown as Parameters<typeof registrationSearchKeys>[0]);
      await writes.add({ updateOne: { filter: { _id: doc._id }, update: { $set: { searchKeys: keys } } } });
    }
    const written = await writes.done();
    await Registration.collection.dropIndex("registration_search").catch(() => {});
    return written;
  });
}
