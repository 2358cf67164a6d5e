import { percentOf } from "#app/domain/performance.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Submission, submissionId } from "#app/models/submission.server.ts";
import { raiseWorkRevision } from "#app/models/revisions.server.ts";

/**
 * The demo's work (docs/decisions/0108-work-handed-in-and-marked.md): a Mathematics assignment due yesterday that the
 * demo ward handed in and the facilitator marked (15 of 20, with a comment) and another Mathematics student handed in
 * unmarked (the facilitator's one pending review), and a Physics assignment due in three days still to do.
 * Upserts with fixed ids: seeding again changes nothing.
 */
export async function seedDemoWork(vacation: string, facilitatorId: string, now = new Date()) {
  const today = schoolDay(now);
  const algebra = {
    _id: "demoworkalgebra01",
    subject: "Mathematics",
    title: "Quadratic equations: exercise 2",
    description: "Solve questions 1 to 5 on page 9. Show your working; a photo of your exercise book is fine.",
    dueAt: new Date(`${addDays(today, -1)}T17:00:00Z`),
    maxScore: 20,
  };
  const forces = {
    _id: "demoworkforces001",
    subject: "Physics",
    title: "Forces and motion: worksheet 1",
    description: "Answer the five questions in your own words. Type them here or hand in a photo of your pages.",
    dueAt: new Date(`${addDays(today, 3)}T17:00:00Z`),
    maxScore: 10,
  };
  for (const a of [algebra, forces])
    await Assignment.updateOne(
      { _id: a._id },
      {
        $setOnInsert: {
          ...a,
          facilitatorId,
          vacation,
          refuseLate: false,
          createdAt: new Date(a.dueAt.getTime() - 4 * 86_400_000),
          updatedAt: new Date(a.dueAt.getTime() - 4 * 86_400_000),
        },
      },
      // Set four days before it is due, as a facilitator would have: Mongoose's own timestamps would say "now".
      { upsert: true, timestamps: false },
    );
  const students = await Registration.find({ vacation, subjects: "Mathematics", withdrawnAt: { $exists: false } })
    .select("_id reference")
    .sort({ createdAt: 1 })
    .lean<Array<{ _id: string; reference: string }>>();
  const ward = students.find((r) => r.reference === "demoyawowusu");
  const other = students.find((r) => r.reference !== "demoyawowusu");
  const work = [
    ward && {
      _id: submissionId(algebra._id, String(ward._id)),
      assignmentId: algebra._id,
      registrationId: String(ward._id),
      subject: algebra.subject,
      text: "1. x = 2 or x = 3\n2. x = -1 or x = 4\n3. x = 5 or x = -5\n4. x = 1/2 or x = -3\n5. x = 7 or x = 0",
      submittedAt: new Date(algebra.dueAt.getTime() - 5 * 3_600_000),
      score: 15,
      percent: percentOf(15, algebra.maxScore),
      comment: "Good working. Check the signs in question 3: (x - 5)(x + 5) is not the factorisation asked for.",
      markedBy: facilitatorId,
      markedAt: new Date(algebra.dueAt.getTime() + 15 * 3_600_000),
    },
    other && {
      _id: submissionId(algebra._id, String(other._id)),
      assignmentId: algebra._id,
      registrationId: String(other._id),
      subject: algebra.subject,
      text: "1. x = 2 or x = 3\n2. x = 4 or x = -1\n3. x = 5\n4. x = -3 or x = 1/2\n5. x = 0 or x = 7",
      submittedAt: new Date(algebra.dueAt.getTime() - 2 * 3_600_000),
    },
  ];
  for (const w of work)
    if (w)
      await Submission.updateOne(
        { _id: w._id },
        { $setOnInsert: { ...w, vacation, files: [], late: false } },
        { upsert: true },
      );
  await raiseWorkRevision();
}
