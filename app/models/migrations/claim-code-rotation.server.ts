import { newClaimCode, Registration } from "#app/models/registration.server.ts";
import { batchedWrites, onceForDatabase } from "#app/models/migrations/migrations.server.ts";

/**
 * One-off (docs/decisions/0070-limits-and-ownership.md): until this version the confirmation page showed the claim
 * code to whoever opened it, and facilitators saw every student's reference, so every code issued before is known
 * to anyone who had a reference. At the first start of this version each existing claim code is replaced; links
 * already made stay. A parent who still holds an old code links through the school (or, with messages, by phone).
 * Recorded in `migrations`, so it runs once per database; a start stopped half-way simply rotates again.
 */
export const CLAIM_CODE_ROTATION = "rotate-exposed-claim-codes-2026-11";

export function rotateExposedClaimCodes(): Promise<number | null> {
  return onceForDatabase(CLAIM_CODE_ROTATION, "rotated", async () => {
    const writes = batchedWrites(Registration.collection);
    const cursor = Registration.collection.find(
      { claimCode: { $type: "string" } },
      { projection: { _id: 1 }, batchSize: 1_000 },
    );
    for await (const doc of cursor)
      await writes.add({ updateOne: { filter: { _id: doc._id }, update: { $set: { claimCode: newClaimCode() } } } });
    return writes.done();
  });
}
