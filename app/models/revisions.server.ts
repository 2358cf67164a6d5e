import mongoose, { Schema } from "mongoose";
import { randomUUID } from "node:crypto";
import { forgetRead, oncePerRead } from "#app/models/infra/read-scope.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * Revisions of the data behind figures a page would otherwise compute on every view: the registrations, the work
 * handed in and marked, the dated lessons. Each is changed by every write to its data (the models' middleware,
 * `raisedByEveryWrite`, or the service that writes), and figures computed from it are kept per process until it
 * changes: the overview's counts of one vacation read every one of its registrations (about 16,700 at 100,000 over six
 * vacations), and read again only after a change. Exact, since the revision is read before the figures are computed:
 * a write meanwhile leaves a newer one, and the next request computes again. Writes that bypass the model
 * (`Registration.collection`, in the start's migrations and seed) change it themselves. A new random value each time,
 * not a counter: a revision document lost or restored never repeats an older one. Not a document id, only a value
 * that must change: a UUID from Node's pooled generator, without cuid2's hashing, since a write raises two.
 */
type RevisionDoc = { _id: string; value: string };
const revisionSchema = new Schema<RevisionDoc>({ _id: String, value: String }, { versionKey: false });
export const RevisionModel = defineModel<RevisionDoc>("Revision", revisionSchema, "revisions");

const ID = "registrations";
/**
 * The same for work set, handed in and marked: raised by every hand-in, mark and removal, and by any write of an
 * assignment.
 */
const WORK = "work";
/** The same for the dated lessons: raised by every write through the Lesson model (a move, a register saved…). */
const LESSONS = "lessons";
/** The same for the accounts and subjects that exist: raised when one is created or removed (the admin's counts). */
const PEOPLE = "people";
/** Every revision (a restore gives each a new value: the figures kept by the archive's old ones are computed again). */
export const REVISION_IDS = [ID, LESSONS, WORK, PEOPLE] as const;

async function raise(id: string) {
  await RevisionModel.updateOne({ _id: id }, { $set: { value: randomUUID() } }, { upsert: true });
  forgetRead(REVISIONS);
}

export const raiseRegistrationsRevision = () => raise(ID);
export const raiseWorkRevision = () => raise(WORK);
export const raiseLessonsRevision = () => raise(LESSONS);
export const raisePeopleRevision = () => raise(PEOPLE);

const WRITES: mongoose.MongooseQueryMiddleware[] = [
  "updateOne",
  "updateMany",
  "deleteOne",
  "deleteMany",
  "findOneAndUpdate",
  "findOneAndDelete",
  "findOneAndReplace",
  "replaceOne",
];

/**
 * Every write through a model's schema raises a revision after it, failed or not. Once is enough: a figure is kept
 * under the revision read before its data, so one computed while the write runs is kept under the older revision,
 * which the raise leaves behind. (Raising before the write as well cost every write a command and helped only when a
 * process is killed between a write and its raise: the other processes' figures then stay as they were until the
 * next write of their kind.)
 */
export function raisedByEveryWrite(
  schema: Schema,
  raise: () => Promise<void>,
  options: { unrevised?: readonly string[] } = {},
) {
  const unrevised = new Set(options.unrevised ?? []);
  // An update that only touches paths no figure reads (the flag of a message queued) changes no figure.
  const raiseUnlessUnrevised = function (this: mongoose.Query<unknown, unknown>) {
    return touchesOnly(this.getUpdate(), unrevised) ? undefined : raise();
  };
  schema.post(WRITES, raiseUnlessUnrevised);
  schema.post("save", raise);
  schema.post("insertMany", raise);
  // A failed write may have written part of it (an unordered insertMany that met a duplicate, an updateMany).
  schema.post(WRITES, { errorHandler: true }, raiseAndPass(raise));
  schema.post("insertMany", { errorHandler: true }, raiseAndPass(raise));
}

/** An error-handling post hook: raises the revision, then passes the error on. */
const raiseAndPass = (raise: () => Promise<void>) => (error: Error, _res: unknown, next: (e?: Error) => void) => {
  raise().then(
    () => next(error),
    () => next(error),
  );
};

/** Whether an operator update (`{$set: {…}, $unset: {…}}`) names only paths of `paths`. */
function touchesOnly(update: unknown, paths: ReadonlySet<string>): boolean {
  if (!paths.size || !update || typeof update !== "object" || Array.isArray(update)) return false;
  const operators = Object.entries(update as Record<string, unknown>);
  return (
    operators.length > 0 &&
    operators.every(
      ([op, fields]) =>
        op.startsWith("$") &&
        fields !== null &&
        typeof fields === "object" &&
        Object.keys(fields).every((path) => paths.has(path)),
    )
  );
}

const UPDATES: mongoose.MongooseQueryMiddleware[] = ["updateOne", "updateMany", "findOneAndUpdate", "replaceOne"];
const REMOVALS: mongoose.MongooseQueryMiddleware[] = ["deleteOne", "deleteMany", "findOneAndDelete"];

/**
 * Writes through a model's schema that add or remove documents raise a revision after them, failed or not: a save of
 * a new document, insertMany, an update with `upsert`, a removal. Other updates leave it as it is, for figures that
 * only count what exists and since when (a sign-in's or a profile's update changes no count).
 */
export function raisedByCreationsAndRemovals(schema: Schema, raise: () => Promise<void>) {
  schema.pre("save", function () {
    this.$locals.created = this.isNew;
  });
  schema.post("save", function () {
    return this.$locals.created ? raise() : undefined;
  });
  schema.post("insertMany", raise);
  schema.post(REMOVALS, raise);
  schema.post(UPDATES, function (this: mongoose.Query<unknown, unknown>) {
    return this.getOptions().upsert ? raise() : undefined;
  });
  schema.post([...REMOVALS, ...UPDATES], { errorHandler: true }, raiseAndPass(raise));
  schema.post("insertMany", { errorHandler: true }, raiseAndPass(raise));
}

const figures = new Map<string, { revision: string; value: Promise<unknown> }>();

/** `compute()`'s answer for `key`, computed again only when the registrations changed since. */
export const byRegistrationsRevision = <T>(key: string, compute: () => Promise<T>) => byRevision(ID, key, compute);

/** `compute()`'s answer for `key`, computed again only when work was handed in, marked or removed since. */
export const byWorkRevision = <T>(key: string, compute: () => Promise<T>) => byRevision(WORK, `work ${key}`, compute);

/** `compute()`'s answer for `key`, computed again only when a lesson was added, changed or removed since. */
export const byLessonsRevision = <T>(key: string, compute: () => Promise<T>) =>
  byRevision(LESSONS, `lessons ${key}`, compute);

/** `compute()`'s answer for `key`, computed again only when an account or a subject was created or removed since. */
export const byPeopleRevision = <T>(key: string, compute: () => Promise<T>) =>
  byRevision(PEOPLE, `people ${key}`, compute);

/**
 * Every revision, read in one command once per page view (a page may ask for several figures of every kind: the
 * facilitator's Students table asked five times). A form post reads them each time, after its own writes.
 */
const REVISIONS = "revisions";
const revisions = () =>
  oncePerRead(REVISIONS, async () => {
    const docs = await RevisionModel.find({ _id: { $in: [...REVISION_IDS] } }).lean<RevisionDoc[]>();
    return new Map(docs.map((d) => [d._id, d.value]));
  });

async function byRevision<T>(id: string, key: string, compute: () => Promise<T>): Promise<T> {
  const revision = (await revisions()).get(id) ?? "";
  const kept = figures.get(key);
  if (kept && kept.revision === revision) return kept.value as Promise<T>;
  if (figures.size >= 500) figures.delete(figures.keys().next().value!);
  // A promise, kept: a Mongoose query handed over as it is would run again each time it is awaited.
  const value = Promise.resolve(compute());
  const entry = { revision, value };
  figures.set(key, entry);
  value.catch(() => {
    if (figures.get(key) === entry) figures.delete(key);
  });
  return value;
}
