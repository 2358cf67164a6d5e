import mongoose, { Schema } from "mongoose";

/**
 * A number raised by every write to the registrations (the model's middleware, app/models/registration.server.ts), and
 * figures computed from them kept per process until it moves: the overview's counts of one vacation read every one of
 * its registrations (about 16,700 at 100,000 over six vacations), and read again only after a change. Exact, since the
 * number is read before the figures are computed: a write meanwhile leaves a newer number, and the next request
 * computes again. Writes that bypass the model (`Registration.collection`, the start's migrations and seed) are made
 * before any figure is asked for.
 */
type RevisionDoc = { _id: string; n: number };
const revisionSchema = new Schema<RevisionDoc>({ _id: String, n: { type: Number, default: 0 } }, { versionKey: false });
export const RevisionModel =
  (mongoose.models.Revision as mongoose.Model<RevisionDoc>) ??
  mongoose.model<RevisionDoc>("Revision", revisionSchema, "revisions");

const ID = "registrations";

export async function raiseRegistrationsRevision() {
  await RevisionModel.updateOne({ _id: ID }, { $inc: { n: 1 } }, { upsert: true });
}

const figures = new Map<string, { revision: number; value: Promise<unknown> }>();

/** `compute()`'s answer for `key`, computed again only when the registrations changed since. */
export async function byRegistrationsRevision<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const revision = (await RevisionModel.findById(ID).select("n").lean<{ n: number }>())?.n ?? 0;
  const kept = figures.get(key);
  if (kept && kept.revision === revision) return kept.value as Promise<T>;
  if (figures.size >= 50) figures.delete(figures.keys().next().value!);
  const value = compute();
  const entry = { revision, value };
  figures.set(key, entry);
  value.catch(() => {
    if (figures.get(key) === entry) figures.delete(key);
  });
  return value;
}
