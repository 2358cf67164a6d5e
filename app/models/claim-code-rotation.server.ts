import mongoose from "mongoose";
import type { AnyBulkWriteOperation } from "mongodb";
import { newClaimCode, Registration } from "./registration.server.ts";

/**
 * One-off (docs/decisions/0070-limits-and-ownership.md): until this version the confirmation page showed the claim
 * code to whoever opened it, and facilitators saw every student's reference, so every code issued before is known
 * to anyone who had a reference. At the first start of this version each existing claim code is replaced; links
 * already made stay. A parent who still holds an old code links through the school (or, with messages, by phone).
 * Recorded in `migrations`, so it runs once per database; a start stopped half-way simply rotates again.
 */
export const CLAIM_CODE_ROTATION = "rotate-exposed-claim-codes-2026-11";
const BATCH = 1_000;

export async function rotateExposedClaimCodes(): Promise<number | null> {
  const migrations = mongoose.connection.collection<{ _id: string; at: Date; rotated: number }>("migrations");
  if (await migrations.findOne({ _id: CLAIM_CODE_ROTATION })) return null;
  let rotated = 0;
  let ops: AnyBulkWriteOperation[] = [];
  const flush = async () => {
    if (ops.length) await Registration.collection.bulkWrite(ops, { ordered: false });
    rotated += ops.length;
    ops = [];
  };
  const cursor = Registration.collection.find(
    { claimCode: { $type: "string" } },
    { projection: { _id: 1 }, batchSize: BATCH },
  );
  for await (const doc of cursor) {
    ops.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { claimCode: newClaimCode() } } } });
    if (ops.length >= BATCH) await flush();
  }
  await flush();
  await migrations.updateOne(
    { _id: CLAIM_CODE_ROTATION },
    { $setOnInsert: { at: new Date(), rotated } },
    { upsert: true },
  );
  return rotated;
}
