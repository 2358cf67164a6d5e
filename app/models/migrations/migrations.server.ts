import mongoose from "mongoose";
import type { AnyBulkWriteOperation, Collection, Document } from "mongodb";

/**
 * A one-off change to stored data, run at start once per database: `work` runs unless `id` is recorded in
 * `migrations`, then the id is recorded with what `work` counted (under `countName`). A start stopped half-way
 * simply runs the work again, so `work` must be safe to repeat. Null when it had already run.
 */
export async function onceForDatabase(id: string, countName: string, work: () => Promise<number>) {
  const migrations = mongoose.connection.collection<{ _id: string }>("migrations");
  if (await migrations.findOne({ _id: id })) return null;
  const count = await work();
  await migrations.updateOne({ _id: id }, { $setOnInsert: { at: new Date(), [countName]: count } }, { upsert: true });
  return count;
}

/** Update operations sent in unordered batches of `size`; `done()` sends the rest and says how many were sent. */
export function batchedWrites<T extends Document>(collection: Collection<T>, size = 1_000) {
  let ops: AnyBulkWriteOperation<T>[] = [];
  let sent = 0;
  const flush = async () => {
    if (ops.length) await collection.bulkWrite(ops, { ordered: false });
    sent += ops.length;
    ops = [];
  };
  return {
    async add(op: AnyBulkWriteOperation<T>) {
      ops.push(op);
      if (ops.length >= size) await flush();
    },
    async done() {
      await flush();
      return sent;
    },
  };
}
