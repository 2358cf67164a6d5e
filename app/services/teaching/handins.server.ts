/**
 * Work handed in and marked (docs/decisions/0108-work-handed-in-and-marked.md): a student hands in typed text, photos
 * of handwritten pages or a PDF for an assignment of their subjects; the subject's facilitator marks it out of the
 * assignment's maximum with a comment; performance is the average percentage of marked work.
 */
import type { Refused } from "#app/domain/result.ts";
import { createId } from "@paralleldrive/cuid2";
import { MongoServerError } from "mongodb";
import { WARD_FORMS } from "#app/domain/programmes.ts";
import { perWardAndSubject, type PerWard } from "#app/domain/per-ward.ts";
import {
  performanceBands,
  performanceFigure,
  performanceOf,
  percentOf,
  type Performance,
} from "#app/domain/performance.ts";
import { HANDIN_QUOTA_BYTES, askedOfWard, handinTiming, workStatus, type WorkStatus } from "#app/domain/work.ts";
import {
  Assignment,
  getAssignmentById,
  listAssignmentsForSubjects,
  type AssignmentListItem,
} from "#app/models/assignment.server.ts";
import { actingOf, audit, type Actor } from "#app/models/audit-log.server.ts";
import { byWorkRevision, raiseWorkRevision } from "#app/models/revisions.server.ts";
import { handinStore } from "#app/models/infra/handin-store.server.ts";
import {
  ENROLLED,
  Registration,
  getOwnedRegistrations,
  ownedRegistrationsFilter,
  type RegistrationDoc,
} from "#app/models/registration.server.ts";
import { Submission, submissionId, type SubmissionDoc, type SubmissionFile } from "#app/models/submission.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { mayTeach, mayTeachClass, rosterFilter, wardFollowedClasses } from "#app/services/teaching/classes.server.ts";
import { ROSTER_MAX } from "#app/services/teaching/register.server.ts";
import { downscalePhoto } from "#app/utils/images.server.ts";
import { fileNameFor, type ReceivedFile } from "#app/utils/uploads.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("handins");

type Owner = { _id: string; role: string; phone: string; phoneVerifiedAt?: Date | null };
type AssignmentRow = AssignmentListItem & { filePath: string | null };
type WardRegistration = Pick<RegistrationDoc, "subjects" | "vacation" | "withdrawnAt" | "programme"> & {
  _id: string;
  /** When the ward enrolled: work due before it is not asked of them (`askedOfWard`). */
  createdAt?: Date | string | null;
};

/**
 * The kept figures of work (ADR 0111) are computed again after a hand-in, a mark or a removal. Never thrown: the work is
 * saved by then, and failing the request would take back files a saved submission names or skip its audit.
 */
const workChanged = () =>
  raiseWorkRevision().catch((error: unknown) => log.error({ err: error }, "the work revision was not raised"));

export type Refusal = Refused<"text" | "files" | "score">;

export const HANDIN_REFUSALS = {
  closed: "The due time has passed: this assignment no longer takes work.",
  marked: "Your work has been marked: it cannot be handed in again.",
  empty: "Type your answer, or add photos or a PDF.",
  viewingAs: "Handing work in is the student's own act: stop viewing as them to hand it in.",
  quota: `Your work handed in this vacation is over ${HANDIN_QUOTA_BYTES / 1024 / 1024} MB: hand in fewer or smaller files.`,
  changed: "This work changed while you had it open (handed in again, or marked by someone else): look at it again.",
};

/** Whether a registration does an assignment: one of its subjects, of its vacation (or set before vacations). */
function doesAssignment(assignment: AssignmentRow, registration: WardRegistration): boolean {
  if (registration.withdrawnAt) return false;
  if (!(registration.subjects ?? []).includes(assignment.subject)) return false;
  return !assignment.vacation || assignment.vacation === registration.vacation;
}

/** An assignment set for one class (ADR 0112): the class of its programme's subject it is for. */
const classOfAssignment = (a: Pick<AssignmentRow, "vacation" | "programme" | "subject" | "classNo">) =>
  a.classNo && a.programme && a.vacation
    ? { vacation: a.vacation, programme: a.programme, subject: a.subject, classNo: a.classNo }
    : null;

/** Of these assignments of a registration, those it does: every one for the whole subject, and its class's (the one it follows). */
async function forWardsClass<A extends Pick<AssignmentRow, "vacation" | "programme" | "subject" | "classNo">>(
  assignments: A[],
  registration: WardRegistration,
): Promise<A[]> {
  if (!assignments.some(classOfAssignment)) return assignments;
  const classes = await wardFollowedClasses({
    id: String(registration._id),
    vacation: registration.vacation ?? null,
    programme: String(registration.programme),
    subjects: registration.subjects ?? [],
  });
  return assignments.filter((a) => {
    const cls = classOfAssignment(a);
    return !cls || (cls.programme === registration.programme && classes.get(cls.subject) === cls.classNo);
  });
}

/** Whether this user teaches the students of an assignment: its subject's facilitator, or its class's (ADR 0112). */
async function mayTeachAssignment(
  actor: Actor,
  assignment: Pick<AssignmentRow, "vacation" | "programme" | "subject" | "classNo">,
) {
  const cls = classOfAssignment(assignment);
  return cls ? mayTeachClass(actor, cls) : mayTeach(actor, assignment.subject);
}

/** A student's registrations still enrolled, newest first (a ward enrolled for the next vacation has two). */
async function enrolledRegistrations(user: Owner): Promise<RegistrationDoc[]> {
  return (await getOwnedRegistrations(user)).filter((r) => !r.withdrawnAt);
}

/**
 * The work of the student signed in: their assignments of the vacations teaching or taking enrolments now (else of
 * their latest registration), newest first.
 */
export async function studentWork(user: Owner, now = new Date()): Promise<{ items: WorkItem[]; registered: boolean }> {
  const registrations = await enrolledRegistrations(user);
  const { teaching, enrolling } = await vacationPointers(now);
  const current = registrations.filter((r) => r.vacation && [teaching?.name, enrolling?.name].includes(r.vacation));
  const shown = current.length ? current : registrations.slice(0, 1);
  const seen = new Set<string>();
  const items = (await Promise.all(shown.map((r) => workOf(r, now))))
    .flat()
    .filter((w) => !seen.has(w.assignment._id) && Boolean(seen.add(w.assignment._id)))
    .sort((a, b) => new Date(b.assignment.createdAt).getTime() - new Date(a.assignment.createdAt).getTime());
  return { items, registered: shown.some((r) => (r.subjects ?? []).length > 0) };
}

const SUBMISSION_FIELDS =
  "assignmentId registrationId subject text files submittedAt late score percent comment markedAt";

/**
 * One assignment for the student signed in, with what they handed in: null when it is not theirs to do. The
 * registration that does it is the newest of theirs of its subject and vacation.
 */
export async function studentAssignment(user: Owner, assignmentId: string, now = new Date()) {
  const [registrations, assignment] = await Promise.all([enrolledRegistrations(user), getAssignmentById(assignmentId)]);
  let registration: RegistrationDoc | undefined;
  for (const r of assignment ? registrations : [])
    if (doesAssignment(assignment!, r) && (await forWardsClass([assignment!], r)).length) {
      registration = r;
      break;
    }
  if (!assignment || !registration) return null;
  const submission = await Submission.findById(submissionId(assignment._id, registration._id))
    .select(SUBMISSION_FIELDS)
    .lean<SubmissionDoc>();
  return {
    assignment,
    registration,
    submission,
    timing: handinTiming(assignment, now),
    status: workStatus(assignment, submission, now),
  };
}

export type WorkItem = {
  assignment: AssignmentListItem;
  submission: Pick<SubmissionDoc, "submittedAt" | "late" | "score" | "percent" | "comment" | "markedAt"> | null;
  status: WorkStatus;
};

/** A registration's assignments (its subjects, its vacation) with where each stands, newest first. */
export async function workOf(registration: WardRegistration, now = new Date()): Promise<WorkItem[]> {
  if (registration.withdrawnAt) return [];
  const [assignments, submissions] = await Promise.all([
    listAssignmentsForSubjects(registration.subjects ?? [], 200, registration.vacation ?? null).then((found) =>
      forWardsClass(found, registration),
    ),
    Submission.find({ registrationId: String(registration._id) })
      .select(SUBMISSION_FIELDS)
      .lean<SubmissionDoc[]>(),
  ]);
  const byAssignment = new Map(submissions.map((s) => [s.assignmentId, s]));
  return assignments.flatMap((assignment) => {
    const submission = byAssignment.get(assignment._id) ?? null;
    if (!askedOfWard(assignment, registration.createdAt, submission !== null)) return [];
    return [{ assignment, submission, status: workStatus(assignment, submission, now) }];
  });
}

type Prepared = { bytes: Uint8Array; type: string; ext: string; name: string };

/** Photos downscaled and stripped, PDFs as they came; a photo that cannot be read refuses the whole hand-in. */
async function prepare(files: readonly ReceivedFile[]): Promise<Prepared[] | Refusal> {
  const prepared: Prepared[] = [];
  for (const [index, file] of files.entries()) {
    if (file.type.mime === "application/pdf") {
      prepared.push({
        bytes: file.bytes,
        type: file.type.mime,
        ext: "pdf",
        name: fileNameFor(file.clientName, file.type.mime, "work"),
      });
      continue;
    }
    const photo = await downscalePhoto(file.bytes);
    if (!photo)
      return {
        ok: false,
        status: 400,
        field: "files",
        message: `${file.clientName || `Photo ${index + 1}`} could not be read as a photo.`,
      };
    prepared.push({
      bytes: photo.bytes,
      type: "image/jpeg",
      ext: "jpg",
      name: fileNameFor(file.clientName, "image/jpeg", "page"),
    });
  }
  return prepared;
}

/**
 * Whether the student may hand work in for this assignment now: theirs, not marked, still open. The route asks before
 * it reads a byte of the upload (docs/decisions/0116-bodies-before-the-app.md); `handIn` asks again once it has it.
 */
export async function mayHandIn(
  user: Owner,
  assignmentId: string,
  now = new Date(),
): Promise<{ ok: true; found: NonNullable<Awaited<ReturnType<typeof studentAssignment>>> } | Refusal> {
  const found = await studentAssignment(user, assignmentId, now);
  if (!found) return { ok: false, status: 404, message: "This assignment is not one of yours." };
  if (found.submission?.markedAt) return { ok: false, status: 409, message: HANDIN_REFUSALS.marked };
  if (!found.timing.open) return { ok: false, status: 409, message: HANDIN_REFUSALS.closed };
  return { ok: true, found };
}

/**
 * Hands work in, or in again until it is marked. The files are stored before the submission names them and the ones
 * it replaced are removed after (read back from the write itself), so a crash leaves at worst a file nothing names.
 * Work after the due time is marked late, or refused when the assignment takes none.
 */
export async function handIn(
  user: Owner,
  assignmentId: string,
  input: { text: string; files: readonly ReceivedFile[] },
  now = new Date(),
): Promise<{ ok: true; late: boolean } | Refusal> {
  const open = await mayHandIn(user, assignmentId, now);
  if (!open.ok) return open;
  const { assignment, registration } = open.found;
  const id = submissionId(assignment._id, registration._id);
  // Handing in again with no file chosen keeps the files handed in before: adding a note never drops the photos.
  const earlier = input.files.length
    ? null
    : await Submission.findById(id).select("files").lean<{ files: SubmissionFile[] }>();
  const keepFiles = Boolean(earlier?.files.length);
  if (!input.text && !input.files.length && !keepFiles)
    return { ok: false, status: 400, field: "text", message: HANDIN_REFUSALS.empty };
  const prepared = await prepare(input.files);
  if (!Array.isArray(prepared)) return prepared;

  const others = await Submission.find({ registrationId: registration._id, _id: { $ne: id } })
    .select("files.size")
    .lean<Array<{ files: Array<{ size: number }> }>>();
  const used = others.flatMap((s) => s.files).reduce((sum, f) => sum + f.size, 0);
  if (used + prepared.reduce((sum, f) => sum + f.bytes.byteLength, 0) > HANDIN_QUOTA_BYTES)
    return { ok: false, status: 413, field: "files", message: HANDIN_REFUSALS.quota };

  const store = handinStore();
  const files: SubmissionFile[] = [];
  try {
    for (const f of prepared) {
      const key = `${registration._id}/${assignment._id}-${createId()}.${f.ext}`;
      await store.put(key, f.bytes);
      files.push({ key, name: f.name, type: f.type, size: f.bytes.byteLength });
    }
    const late = handinTiming(assignment, now).late;
    const before = await Submission.findOneAndUpdate(
      { _id: id, markedAt: null },
      {
        $set: {
          assignmentId: assignment._id,
          registrationId: registration._id,
          subject: assignment.subject,
          vacation: assignment.vacation ?? registration.vacation ?? null,
          text: input.text,
          ...(keepFiles ? {} : { files }),
          submittedAt: now,
          late,
        },
      },
      { upsert: true, returnDocument: "before", runValidators: true },
    ).lean<SubmissionDoc>();
    await workChanged();
    // The assignment deleted while this was on its way (a delete refuses once work is handed in): take the work back.
    if (!(await Assignment.exists({ _id: assignment._id }))) {
      await Submission.deleteOne({ _id: id, submittedAt: now });
      await workChanged();
      for (const f of files) await store.remove(f.key).catch(() => undefined);
      return { ok: false, status: 404, message: "This assignment no longer exists." };
    }
    if (!keepFiles) for (const f of before?.files ?? []) await store.remove(f.key).catch(() => undefined);
    return { ok: true, late };
  } catch (error) {
    for (const f of files) await store.remove(f.key).catch(() => undefined);
    // Marked between the read and this write: the upsert met the marked one's id.
    if (error instanceof MongoServerError && error.code === 11000)
      return { ok: false, status: 409, message: HANDIN_REFUSALS.marked };
    throw error;
  }
}

/**
 * Changes an assignment's due time and whether late work is taken (its subject's facilitator, or an admin with the
 * subjects permission). Work already handed in keeps the "late" it was given then.
 */
export async function setWorkWindow(
  assignmentId: string,
  actor: Actor,
  input: { due: Date | null; refuseLate: boolean },
): Promise<{ ok: true } | { ok: false; status: 403 | 404 }> {
  const assignment = await getAssignmentById(assignmentId);
  if (!assignment) return { ok: false, status: 404 };
  // The subject's facilitator sets the due time, a class's own facilitator does not (ADR 0112).
  if (!(await mayTeach(actor, assignment.subject))) return { ok: false, status: 403 };
  await Assignment.updateOne(
    { _id: assignment._id },
    { $set: { dueAt: input.due, refuseLate: input.due ? input.refuseLate : false } },
  );
  await audit("assignment.due", actor, assignment._id, {
    title: assignment.title,
    due: input.due,
    refuseLate: input.refuseLate,
  });
  return { ok: true };
}

/** Whether any work was handed in for an assignment (it is then not deleted). */
export async function hasHandedInWork(assignmentId: string): Promise<boolean> {
  return Boolean(await Submission.exists({ assignmentId: String(assignmentId) }));
}

export type SubmissionRow = {
  id: string;
  wardName: string;
  submittedAt: Date;
  late: boolean;
  score: number | null;
  marked: boolean;
  files: number;
};

/**
 * An assignment's work for its subject's facilitator (or an admin with the subjects permission): what was handed in,
 * in the order it came, and who on the roster has handed in nothing.
 */
export async function assignmentWork(assignmentId: string, actor: Actor) {
  const assignment = await getAssignmentById(assignmentId);
  if (!assignment) return { ok: false as const, status: 404 as const };
  if (!(await mayTeachAssignment(actor, assignment))) return { ok: false as const, status: 403 as const };
  const vacation = assignment.vacation ?? (await vacationPointers()).teaching?.name ?? null;
  const cls = classOfAssignment(assignment);
  // A class's assignment is for that class's students; any other, for every student of the subject.
  const students = cls
    ? await rosterFilter({ ...cls, forms: [...WARD_FORMS] })
    : { subjects: assignment.subject, ...(vacation ? { vacation } : {}), ...ENROLLED };
  const [submissions, roster] = await Promise.all([
    Submission.find({ assignmentId: assignment._id })
      .select("registrationId submittedAt late score markedAt files.size")
      .sort({ submittedAt: 1 })
      .lean<SubmissionDoc[]>(),
    Registration.find(students)
      .select("_id wardName")
      .sort({ wardNameKey: 1, _id: 1 })
      .limit(ROSTER_MAX)
      .lean<Array<{ _id: string; wardName: string }>>(),
  ]);
  const names = new Map(roster.map((r) => [String(r._id), r.wardName]));
  const unlisted = submissions.map((s) => s.registrationId).filter((id) => !names.has(id));
  if (unlisted.length) {
    const rows = await Registration.find({ _id: { $in: unlisted } })
      .select("_id wardName")
      .lean<Array<{ _id: string; wardName: string }>>();
    for (const r of rows) names.set(String(r._id), r.wardName);
  }
  const handedIn = new Set(submissions.map((s) => s.registrationId));
  const rows: SubmissionRow[] = submissions.map((s) => ({
    id: s._id,
    wardName: names.get(s.registrationId) ?? "A student no longer enrolled",
    submittedAt: s.submittedAt,
    late: s.late,
    score: s.score,
    marked: Boolean(s.markedAt),
    files: s.files.length,
  }));
  return {
    ok: true as const,
    assignment,
    rows,
    missing: roster.filter((r) => !handedIn.has(String(r._id))).map((r) => r.wardName),
  };
}

/** One piece of work for marking, with the assignment, the student's name and the next one still to mark. */
export async function workToMark(id: string, actor: Actor) {
  const submission = await Submission.findById(String(id)).lean<SubmissionDoc>();
  if (!submission) return { ok: false as const, status: 404 as const };
  const assignment = await getAssignmentById(submission.assignmentId);
  if (!assignment) return { ok: false as const, status: 404 as const };
  if (!(await mayTeachAssignment(actor, assignment))) return { ok: false as const, status: 403 as const };
  const [registration, next] = await Promise.all([
    Registration.findById(submission.registrationId).select("wardName").lean<{ wardName: string }>(),
    nextToMark(submission.assignmentId, submission._id),
  ]);
  return { ok: true as const, submission, assignment, wardName: registration?.wardName ?? "", next };
}

/** The next work of an assignment still without a mark, other than this one, in the order it came. */
async function nextToMark(assignmentId: string, after: string): Promise<string | null> {
  const next = await Submission.findOne({ assignmentId, markedAt: null, _id: { $ne: after } })
    .sort({ submittedAt: 1 })
    .select("_id")
    .lean<{ _id: string }>();
  return next?._id ?? null;
}

/**
 * Marks work, or corrects its mark: the earlier mark is kept in `markChanges`, and every mark, first or corrected, is
 * audited with who gave it (the admin, as the facilitator viewed, while an admin views as one). The score is from 0 to
 * the assignment's maximum. Two markers at once: the second is told, nothing is lost.
 */
export async function markWork(
  id: string,
  actor: Actor,
  input: { score: number; comment: string | null; seen: Date },
  now = new Date(),
): Promise<{ ok: true; next: string | null; changed: boolean } | Refusal> {
  const found = await workToMark(id, actor);
  if (!found.ok)
    return {
      ok: false,
      status: found.status,
      message: found.status === 403 ? "Only the subject's facilitator marks its work." : "This work does not exist.",
    };
  const { submission, assignment, next } = found;
  const max = assignment.maxScore ?? 100;
  if (input.score > max) return { ok: false, status: 400, field: "score", message: `Give a score from 0 to ${max}.` };
  const mark = {
    score: input.score,
    percent: percentOf(input.score, max),
    comment: input.comment,
    markedBy: actingOf(actor).by,
    markedAs: actingOf(actor).as,
    markedAt: now,
  };
  if (submission.markedAt && submission.score === input.score && (submission.comment ?? null) === input.comment)
    return { ok: true, next, changed: false };
  // The work as the marker saw it: handed in again since, the mark would land on work they did not see.
  if (submission.submittedAt.getTime() !== input.seen.getTime())
    return { ok: false, status: 409, message: HANDIN_REFUSALS.changed };
  const updated = await Submission.updateOne(
    { _id: submission._id, markedAt: submission.markedAt ?? null, submittedAt: submission.submittedAt },
    submission.markedAt
      ? {
          $set: mark,
          $push: {
            markChanges: {
              score: submission.score,
              comment: submission.comment,
              markedBy: submission.markedBy,
              markedAs: submission.markedAs ?? null,
              markedAt: submission.markedAt,
            },
          },
        }
      : { $set: mark },
  );
  if (updated.matchedCount === 0) return { ok: false, status: 409, message: HANDIN_REFUSALS.changed };
  await workChanged();
  await audit(
    submission.markedAt ? "submission.mark-change" : "submission.mark",
    actor,
    submission._id,
    {
      assignment: assignment.title,
      subject: submission.subject,
      max,
      ...(submission.markedAt ? { from: { score: submission.score, comment: submission.comment } } : {}),
      to: { score: input.score, comment: input.comment },
    },
    [submission.registrationId],
  );
  return { ok: true, next, changed: true };
}

/** Whether this user may open a piece of work's files: its student and parent, and who may mark it. */
export async function mayReadWork(
  user: Owner,
  submission: Pick<SubmissionDoc, "registrationId" | "subject" | "assignmentId">,
) {
  if (user.role === "admin" || user.role === "facilitator") {
    const assignment = await getAssignmentById(submission.assignmentId);
    return assignment ? mayTeachAssignment(user, assignment) : mayTeach(user, submission.subject);
  }
  return Boolean(await Registration.exists({ _id: submission.registrationId, ...ownedRegistrationsFilter(user) }));
}

/** Work of these subjects still to mark (the facilitator's "Pending Reviews"). */
export async function pendingReviews(subjects: readonly string[]): Promise<number> {
  if (!subjects.length) return 0;
  const names = subjects.map(String);
  // Kept until work is handed in, marked or removed: a vacation's work is hundreds of thousands of submissions.
  return byWorkRevision(JSON.stringify(["pending", names]), () =>
    Submission.countDocuments({ subject: { $in: names }, markedAt: null }).exec(),
  );
}

export type PerformanceFigures = PerWard<Performance>;

/** Performance per registration (optionally over some subjects): the average percentage of its marked work. */
export async function performanceOfRegistrations(
  registrationIds: readonly string[],
  subjects?: readonly string[],
): Promise<Map<string, PerformanceFigures>> {
  if (!registrationIds.length) return new Map();
  const filter: Record<string, unknown> = {
    registrationId: { $in: registrationIds.map(String) },
    markedAt: { $ne: null },
  };
  if (subjects) filter.subject = { $in: subjects.map(String) };
  // Summed where the marks are, as the subjects' performance is.
  const rows = await Submission.aggregate<{ _id: { r: string; s: string }; sum: number; n: number }>([
    { $match: filter },
    { $group: { _id: { r: "$registrationId", s: "$subject" }, sum: { $sum: "$percent" }, n: { $sum: 1 } } },
  ]);
  return perWardAndSubject(
    rows.map(({ _id, sum, n }) => ({ registrationId: _id.r, subject: _id.s, tally: { count: n, sum } })),
    performanceFigure,
  );
}

/**
 * The performance of a facilitator's students over their subjects in a vacation: the average of the students'
 * averages, and the share of students in each band (students with no marked work left out).
 */
export async function subjectsPerformance(subjects: readonly string[], vacation: string | null) {
  if (!subjects.length) return { students: 0, average: null, bands: performanceBands([]) };
  return byWorkRevision(JSON.stringify(["performance", vacation, subjects.map(String)]), () =>
    computeSubjectsPerformance(subjects, vacation),
  );
}

async function computeSubjectsPerformance(subjects: readonly string[], vacation: string | null) {
  // Summed per student where the marks are: a vacation of a school's marks is hundreds of thousands of submissions.
  const rows = await Submission.aggregate<{ _id: string; sum: number; marked: number }>([
    {
      $match: {
        subject: { $in: subjects.map(String) },
        markedAt: { $ne: null },
        ...(vacation ? { vacation: String(vacation) } : {}),
      },
    },
    { $group: { _id: "$registrationId", sum: { $sum: "$percent" }, marked: { $sum: 1 } } },
  ]);
  // As performanceOf rounds a student's average of their marks.
  const averages = rows.map((r) => performanceFigure({ count: r.marked, sum: r.sum }).percent!);
  return { students: averages.length, average: performanceOf(averages).percent, bands: performanceBands(averages) };
}
