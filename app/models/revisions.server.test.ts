import mongoose, { type mongo } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import {
  byLessonsRevision,
  byRegistrationsRevision,
  byWorkRevision,
  raiseRegistrationsRevision,
  raisedByCreationsAndRemovals,
  raisedByEveryWrite,
} from "#app/models/revisions.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { withReadScope } from "#app/models/infra/read-scope.server.ts";

useTestDatabase("registrations_revision_test");

const reads: string[] = [];
const record = (e: mongo.CommandStartedEvent) => {
  if (e.commandName === "find" && e.command.find === "revisions") reads.push("revisions");
};
beforeAll(async () => {
  await mongoose.disconnect();
  await mongoose.connect(process.env.MONGODB_URI!, { monitorCommands: true });
  mongoose.connection.getClient().on("commandStarted", record);
});
afterAll(() => mongoose.connection.getClient().off("commandStarted", record));

describe("figures kept by revision", () => {
  it("a page view reads the revisions once, however many figures of either kind it asks for", async () => {
    await raiseRegistrationsRevision();
    reads.length = 0;
    let computed = 0;
    const figure = () => Promise.resolve(++computed);
    await withReadScope(() =>
      Promise.all([
        byRegistrationsRevision("a", figure),
        byRegistrationsRevision("b", figure),
        byWorkRevision("a", figure),
        byRegistrationsRevision("a", figure),
      ]),
    );
    expect(reads).toEqual(["revisions"]);
    expect(computed).toBe(3);
    // Outside a page view (a form post, a job) each figure reads the revisions afresh.
    await byRegistrationsRevision("a", figure);
    await byRegistrationsRevision("b", figure);
    expect(reads).toHaveLength(3);
    expect(computed).toBe(3);
  });

  it("computes again after a change, and a Mongoose query handed over runs once", async () => {
    const Thing = mongoose.model("RevisionThing", new mongoose.Schema({ n: Number }), "revision_things");
    await Thing.create({ n: 1 });
    const count = () => Thing.countDocuments({});
    expect(await byRegistrationsRevision("things", count)).toBe(1);
    expect(await byRegistrationsRevision("things", count)).toBe(1);
    await Thing.create({ n: 2 });
    expect(await byRegistrationsRevision("things", count)).toBe(1);
    await raiseRegistrationsRevision();
    expect(await byRegistrationsRevision("things", count)).toBe(2);
  });

  it("a lesson written through the model is counted at once, also by a page view that wrote it itself", async () => {
    const lesson = {
      vacation: "2026 Christmas vacation",
      programme: "science",
      subject: "Physics",
      forms: ["form-1"],
      date: "2026-12-07",
      start: "09:00",
      end: "10:00",
    };
    const count = () => Lesson.countDocuments({ subject: "Physics" });
    expect(await byLessonsRevision("physics", count)).toBe(0);
    await Lesson.create({ _id: "l1", ...lesson });
    expect(await byLessonsRevision("physics", count)).toBe(1);
    await withReadScope(async () => {
      expect(await byLessonsRevision("physics", count)).toBe(1);
      await Lesson.updateOne({ _id: "l1" }, { $set: { subject: "Chemistry" } });
      expect(await byLessonsRevision("physics", count)).toBe(0);
    });
  });

  it("a write raises its revision once, after it, unless it only touches paths no figure reads", async () => {
    let raised = 0;
    const schema = new mongoose.Schema({ _id: String, n: Number, pending: Boolean }, { timestamps: true });
    raisedByEveryWrite(schema, async () => void raised++, { unrevised: ["pending", "updatedAt"] });
    const Thing = mongoose.model("RevisedThing", schema, "revised_things");
    await Thing.create({ _id: "t1", n: 1, pending: true });
    expect(raised).toBe(1);
    await Thing.updateOne({ _id: "t1" }, { $unset: { pending: 1 } });
    expect(raised).toBe(1);
    await Thing.updateOne({ _id: "t1" }, { $set: { n: 2 }, $unset: { pending: 1 } });
    expect(raised).toBe(2);
    await Thing.updateOne({ _id: "t1" }, { n: 3 });
    expect(raised).toBe(3);
    await Thing.deleteOne({ _id: "t1" });
    expect(raised).toBe(4);
    // An unordered insertMany that met a duplicate wrote the others: raised although it failed.
    await Thing.create({ _id: "t2", n: 1 });
    await expect(
      Thing.insertMany(
        [
          { _id: "t2", n: 1 },
          { _id: "t3", n: 1 },
        ],
        { ordered: false },
      ),
    ).rejects.toThrow();
    expect(await Thing.exists({ _id: "t3" })).toBeTruthy();
    expect(raised).toBe(6);
  });

  it("counts of what exists are raised by creations and removals, not by other updates", async () => {
    let raised = 0;
    const schema = new mongoose.Schema({ _id: String, n: Number }, { timestamps: true });
    raisedByCreationsAndRemovals(schema, async () => void raised++);
    const Thing = mongoose.model("CountedThing", schema, "counted_things");
    const doc = await Thing.create({ _id: "c1", n: 1 });
    expect(raised).toBe(1);
    doc.n = 2;
    await doc.save();
    await Thing.updateOne({ _id: "c1" }, { $set: { n: 3 } });
    expect(raised).toBe(1);
    await Thing.updateOne({ _id: "c2" }, { $set: { n: 1 } }, { upsert: true });
    expect(raised).toBe(2);
    await Thing.insertMany([{ _id: "c3", n: 1 }]);
    expect(raised).toBe(3);
    await Thing.deleteMany({ n: 1 });
    expect(raised).toBe(4);
  });
});
