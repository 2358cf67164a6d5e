import mongoose from "mongoose";
import type { AnyBulkWriteOperation } from "mongodb";
import { registrationSearchKeys } from "#app/domain/registration-search.ts";
import { Registration } from "./registration.server.ts";

/**
 * One-off (docs/decisions/0081-registration-search.md): registrations stored before the search had keys get them, so
 * the search finds every registration. Recorded in `migrations`, so it runs once per database (the app writes the
 * keys with every registration from this version on); a start stopped half-way simply writes them again.
 */
export const SEARCH_KEYS_BACKFILL = "registration-search-keys-2026-11";
const BATCH = 1_000;

export async function backfillSearchKeys(): Promise<number | null> {
  const migrations = mongoose.connection.collection<{ _id: string; at: Date; written: number }>("migrations");
  if (await migrations.findOne({ _id: SEARCH_KEYS_BACKFILL })) return null;
  let written = 0;
  let ops: AnyBulkWriteOperation[] = [];
  const flush = async () => {
    if (ops.length) await Registration.collection.bulkWrite(ops, { ordered: false });
    written += ops.length;
    ops = [];
  };
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
      batchSize: BATCH,
    },
  );
  for await (const doc of cursor) {
    const keys = registrationSearchKeys(doc as unknown as Parameters<typeof registrationSearchKeys>[0]);
    ops.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { searchKeys: keys } } } });
    if (ops.length >= BATCH) await flush();
  }
  await flush();
  // The text index the search used before (ADR 0081): no query reads it any more, and every write paid for it.
  await Registration.collection.dropIndex("registration_search").catch(() => {});
  await migrations.updateOne(
    { _id: SEARCH_KEYS_BACKFILL },
    { $setOnInsert: { at: new Date(), written } },
    { upsert: true },
  );
  return written;
}
