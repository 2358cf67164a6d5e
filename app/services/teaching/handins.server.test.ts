import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { performanceText } from "#app/domain/performance.ts";
import { HANDIN_QUOTA_BYTES } from "#app/domain/work.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { diskHandinStore, handinStore } from "#app/models/infra/handin-store.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { Submission, removeWorkOf } from "#app/models/submission.server.ts";
import {
  HANDIN_REFUSALS,
  assignmentWork,
  handIn,
  markWork,
  setWorkWindow,
  pendingReviews,
  performanceOfRegistrations,
  subjectsPerformance,
  workOf,
} from "#app/services/teaching/handins.server.ts";
import { UPLOAD_TYPES, type ReceivedFile } from "#app/utils/uploads.server.ts";

useTestDatabase("handins_test", { init: [Assignment, AuditLog, Registration, Subject, Submission] });

const V = "Handins vacation";
const teacher = { _id: "fac-h", role: "facilitator" };
const hour = 3_600_000;
let n = 0;

/** A student account and its registration for these subjects. */
async function student(
  subjects = ["Mathematics", "Physics"],
  vacation = V,
  enrolledAt = new Date(Date.now() - 7 * 86_400_000),
) {
  n += 1;
  const user = { _id: `stu-${n}`, role: "student", phone: `+2335500${String(n).padStart(5, "0")}` };
  const reg = await Registration.create(
    // Enrolled a week ago by default: the work due since is theirs (askedOfWard).
    registrationDoc(900 + n, {
      vacation,
      subjects,
      studentUserId: user._id,
      wardName: `Pupil ${n}`,
      createdAt: enrolledAt,
    }),
  );
  return { user, reg: reg.toObject() as { _id: string; subjects: string[]; vacation: string } };
}

async function assignment(fields: Record<string, unknown> = {}) {
  const a = await Assignment.create({
    facilitatorId: teacher._id,
    subject: "Mathematics",
    title: `Exercise ${++n}`,
    vacation: V,
    maxScore: 20,
    ...fields,
  });
  return String(a._id);
}

/** A phone photo: 4000 × 3000 JPEG carrying camera and GPS EXIF. */
async function phonePhoto(): Promise<ReceivedFile> {
  const bytes = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#d8d0c0" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Tecno", Model: "Spark 10" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "5/1 33/1 0/1" },
    })
    .toBuffer();
  return { bytes, type: UPLOAD_TYPES.jpg, size: bytes.byteLength, clientName: "IMG_2031.jpg" };
}

describe("handing work in", () => {
  it("downscales a phone photo to 1,600 px with no metadata; again with a note keeps the photo, new files replace it", async () => {
    await Subject.create({ name: "Mathematics", facilitatorId: teacher._id });
    const { user, reg } = await student();
    const id = await assignment({ dueAt: new Date(Date.now() + 24 * hour) });
    const photo = await phonePhoto();
    expect((await sharp(photo.bytes).metadata()).exif).toBeDefined();

    expect(await handIn(user, id, { text: "", files: [photo] })).toEqual({ ok: true, late: false });
    const first = (await Submission.findOne({ assignmentId: id }).lean())!;
    expect(first.files).toHaveLength(1);
    const key = first.files[0].key;
    const stored = await streamBytes(key);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1600, 1200, "jpeg"]);
    expect(meta.exif).toBeUndefined();
    expect(first.files[0]).toMatchObject({ name: "IMG_2031.jpg", type: "image/jpeg", size: stored.byteLength });
    expect(stored.byteLength).toBeLessThan(photo.size);

    // Again with a note and no file chosen: the note is added, the photo stays.
    expect(await handIn(user, id, { text: "x = 3", files: [] })).toEqual({ ok: true, late: false });
    const second = (await Submission.findOne({ assignmentId: id }).lean())!;
    expect([second.text, second.files.map((f) => f.key)]).toEqual(["x = 3", [key]]);
    expect(await handinStore().length(key)).not.toBeNull();
    // Again with a new photo: it replaces the one before, which is removed.
    expect(await handIn(user, id, { text: "x = 3", files: [await phonePhoto()] })).toEqual({ ok: true, late: false });
    const third = (await Submission.findOne({ assignmentId: id }).lean())!;
    expect(third.files).toHaveLength(1);
    expect(third.files[0].key).not.toBe(key);
    expect(await handinStore().length(key)).toBeNull();
    expect(await Submission.countDocuments({ registrationId: reg._id })).toBe(1);
  });

  it("refuses what is not its own, nothing at all, an unreadable photo, and work over the quota, storing nothing", async () => {
    const { user } = await student(["Physics"]);
    const maths = await assignment();
    expect(await handIn(user, maths, { text: "hi", files: [] })).toMatchObject({ ok: false, status: 404 });
    // Another vacation's assignment is not this registration's either.
    const old = await assignment({ subject: "Physics", vacation: "An older vacation" });
    expect(await handIn(user, old, { text: "hi", files: [] })).toMatchObject({ ok: false, status: 404 });

    const physics = await assignment({ subject: "Physics" });
    expect(await handIn(user, physics, { text: "", files: [] })).toMatchObject({
      ok: false,
      field: "text",
      message: HANDIN_REFUSALS.empty,
    });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(
      await handIn(user, physics, {
        text: "",
        files: [{ bytes: broken, type: UPLOAD_TYPES.jpg, size: broken.byteLength, clientName: "page.jpg" }],
      }),
    ).toMatchObject({ ok: false, field: "files", message: "page.jpg could not be read as a photo." });

    // A PDF is kept as it came; over the quota, counted with the student's other work, it is refused.
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(HANDIN_QUOTA_BYTES / 2, 0x20)]);
    const asPdf = { bytes: pdf, type: UPLOAD_TYPES.pdf, size: pdf.byteLength, clientName: "work.pdf" };
    expect(await handIn(user, physics, { text: "", files: [asPdf] })).toMatchObject({ ok: true });
    const another = await assignment({ subject: "Physics" });
    expect(await handIn(user, another, { text: "", files: [asPdf, asPdf] })).toMatchObject({
      ok: false,
      status: 413,
      message: HANDIN_REFUSALS.quota,
    });
    expect(await Submission.exists({ assignmentId: another })).toBeNull();
    expect(await Submission.countDocuments({ assignmentId: { $in: [maths, old] } })).toBe(0);
  });

  it("finds the registration of the assignment's vacation when the ward is enrolled for the next one too", async () => {
    const { user } = await student(["Mathematics"]);
    await Registration.create(
      registrationDoc(990, { vacation: "The next vacation", subjects: ["Mathematics"], studentUserId: user._id }),
    );
    const id = await assignment();
    expect(await handIn(user, id, { text: "from this vacation", files: [] })).toMatchObject({ ok: true });
    const owner = await Registration.findOne({ studentUserId: user._id, vacation: V }).lean();
    expect(await Submission.exists({ _id: `${id}.${owner!._id}` })).not.toBeNull();
  });

  it("marks work after the due time late, and refuses it when the assignment takes no late work", async () => {
    const { user } = await student();
    const taken = await assignment({ dueAt: new Date(Date.now() - hour) });
    expect(await handIn(user, taken, { text: "late", files: [] })).toEqual({ ok: true, late: true });
    const refused = await assignment({ dueAt: new Date(Date.now() + hour) });
    // The facilitator brings the due time forward and refuses late work; another facilitator may not.
    const earlier = { due: new Date(Date.now() - hour), refuseLate: true };
    expect(await setWorkWindow(refused, { _id: "other-fac", role: "facilitator" }, earlier)).toEqual({
      ok: false,
      status: 403,
    });
    expect(await setWorkWindow(refused, teacher, earlier)).toEqual({ ok: true });
    expect(await handIn(user, refused, { text: "late", files: [] })).toMatchObject({
      ok: false,
      status: 409,
      message: HANDIN_REFUSALS.closed,
    });
    const items = await workOf((await Registration.findOne({ studentUserId: user._id }).lean())!);
    expect(Object.fromEntries(items.map((w) => [w.assignment._id, w.status]))).toMatchObject({
      [taken]: "late",
      [refused]: "missing",
    });
    // A ward enrolled only now is not asked for the work due before: neither missing nor to do.
    const latecomer = await student(undefined, undefined, new Date());
    const itemsOfLatecomer = await workOf((await Registration.findOne({ studentUserId: latecomer.user._id }).lean())!);
    expect(itemsOfLatecomer.map((w) => w.assignment._id)).not.toContain(refused);
  });
});

describe("marking", () => {
  it("takes a score from 0 to the maximum, keeps a corrected mark with an audit entry, and closes the hand-in", async () => {
    const { user, reg } = await student();
    const id = await assignment();
    await handIn(user, id, { text: "my answer", files: [] });
    const work = `${id}.${reg._id}`;
    expect(
      await markWork(work, { _id: "someone-else", role: "facilitator" }, { score: 5, comment: null, seen: new Date() }),
    ).toMatchObject({ ok: false, status: 403 });
    expect(await markWork(work, teacher, { score: 21, comment: null, seen: await seenOf(work) })).toMatchObject({
      ok: false,
      field: "score",
      message: "Give a score from 0 to 20.",
    });
    // Handed in again after the marker opened it: the mark is not put on work they did not see.
    const opened = await seenOf(work);
    await new Promise((r) => setTimeout(r, 5));
    await handIn(user, id, { text: "my better answer", files: [] });
    expect(await markWork(work, teacher, { score: 5, comment: null, seen: opened })).toMatchObject({
      ok: false,
      status: 409,
      message: HANDIN_REFUSALS.changed,
    });
    const pendingBefore = await pendingReviews(["Mathematics"]);
    expect(pendingBefore).toBeGreaterThan(0);
    expect(await markWork(work, teacher, { score: 14, comment: "Good", seen: await seenOf(work) })).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(await pendingReviews(["Mathematics"])).toBe(pendingBefore - 1);
    expect(await markWork(work, teacher, { score: 14, comment: "Good", seen: await seenOf(work) })).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(
      await markWork(work, teacher, { score: 16, comment: "Better on a second look", seen: await seenOf(work) }),
    ).toMatchObject({
      ok: true,
      changed: true,
    });
    const marked = (await Submission.findById(work).lean())!;
    expect(marked).toMatchObject({ score: 16, percent: 80, comment: "Better on a second look" });
    expect(marked.markChanges).toMatchObject([{ score: 14, comment: "Good", markedBy: teacher._id }]);
    // Every mark is audited, the first one too, with the ward it concerns.
    expect(await AuditLog.findOne({ action: "submission.mark", targetId: work }).lean()).toMatchObject({
      actorId: teacher._id,
      asUserId: null,
      details: { to: { score: 14 } },
      registrationIds: [marked.registrationId],
    });
    expect(await AuditLog.findOne({ action: "submission.mark-change", targetId: work }).lean()).toMatchObject({
      details: { from: { score: 14 }, to: { score: 16 } },
    });
    // An admin viewing as the facilitator: the admin gave the mark, as the facilitator, and the earlier giver is kept.
    expect(
      await markWork(
        work,
        { ...teacher, viewingAdminId: "admin-at-the-keyboard" },
        { score: 16, comment: "Checked", seen: await seenOf(work) },
      ),
    ).toMatchObject({ ok: true, changed: true });
    const corrected = (await Submission.findById(work).lean())!;
    expect([corrected.markedBy, corrected.markedAs]).toEqual(["admin-at-the-keyboard", teacher._id]);
    expect(corrected.markChanges.at(-1)).toMatchObject({ comment: "Better on a second look", markedBy: teacher._id });
    expect(
      await AuditLog.findOne({
        action: "submission.mark-change",
        targetId: work,
        "details.to.comment": "Checked",
      }).lean(),
    ).toMatchObject({ actorId: "admin-at-the-keyboard", asUserId: teacher._id });
    expect(await handIn(user, id, { text: "again", files: [] })).toMatchObject({
      ok: false,
      message: HANDIN_REFUSALS.marked,
    });

    const view = await assignmentWork(id, teacher);
    expect(view.ok && view.rows.map((r) => [r.wardName, r.score, r.marked])).toEqual([[`Pupil ${n - 1}`, 16, true]]);
  });
});

describe("performance", () => {
  it("is the average percentage of marked work per subject and overall; missing and unmarked work are not averaged in", async () => {
    const { user, reg } = await student();
    const a = await assignment({ maxScore: 10 });
    const b = await assignment({ maxScore: 20 });
    const c = await assignment({ subject: "Physics", maxScore: 100 });
    await assignment({ dueAt: new Date(Date.now() - hour) }); // missing: not a 0
    const unmarked = await assignment();
    for (const id of [a, b, c, unmarked]) await handIn(user, id, { text: "done", files: [] });
    await markWork(`${a}.${reg._id}`, teacher, { score: 9, comment: null, seen: await seenOf(`${a}.${reg._id}`) });
    await markWork(`${b}.${reg._id}`, teacher, { score: 14, comment: null, seen: await seenOf(`${b}.${reg._id}`) });
    await Subject.updateOne({ name: "Physics" }, { $set: { facilitatorId: teacher._id } }, { upsert: true });
    await markWork(`${c}.${reg._id}`, teacher, { score: 50, comment: null, seen: await seenOf(`${c}.${reg._id}`) });

    const figures = (await performanceOfRegistrations([reg._id])).get(reg._id)!;
    expect(performanceText(figures.bySubject.get("Mathematics")!)).toBe("80% (Excellent)");
    expect(performanceText(figures.bySubject.get("Physics")!)).toBe("50% (Needs Improvement)");
    expect(figures.overall).toEqual({ marked: 3, percent: 70 });
    const classFigures = await subjectsPerformance(["Mathematics", "Physics"], V);
    expect(classFigures.students).toBeGreaterThan(0);
    expect(classFigures.bands.map((band) => band.label)).toEqual(["Excellent", "Good", "Average", "Needs Improvement"]);
    expect(classFigures.bands.reduce((sum, band) => sum + band.students, 0)).toBe(classFigures.students);
  });
});

describe("a registration deleted", () => {
  it("takes its work and the work's files with it, one or every orphan at once", async () => {
    const photo = await phonePhoto();
    const [one, two] = [await student(), await student()];
    const id = await assignment();
    for (const s of [one, two]) await handIn(s.user, id, { text: "", files: [photo] });
    const keys = (await Submission.find({ assignmentId: id }).lean()).map((w) => w.files[0].key);
    await Registration.deleteOne({ _id: one.reg._id });
    await removeWorkOf([one.reg._id]);
    expect(await Submission.countDocuments({ assignmentId: id })).toBe(1);
    await Registration.deleteOne({ _id: two.reg._id });
    await removeWorkOf("orphaned");
    expect(await Submission.countDocuments({ assignmentId: id })).toBe(0);
    for (const key of keys) expect(await handinStore().length(key)).toBeNull();
  });
});

describe("the hand-in store on disk", () => {
  it("writes whole files under their key only, and refuses keys that leave its folder", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "handins-"));
    const store = diskHandinStore(root);
    await store.put("reg1/assign1-abc.jpg", Buffer.from("bytes"));
    expect(await store.length("reg1/assign1-abc.jpg")).toBe(5);
    expect(fs.readdirSync(path.join(root, "reg1"))).toEqual(["assign1-abc.jpg"]);
    await expect(store.put("../escape/x.jpg", Buffer.from("no"))).rejects.toThrow("Invalid hand-in key");
    expect(await store.length("../../etc/passwd")).toBeNull();
    const range = await store.stream("reg1/assign1-abc.jpg", { start: 1, end: 3 });
    expect(Buffer.from(await new Response(range).arrayBuffer()).toString()).toBe("yte");
    await store.remove("reg1/assign1-abc.jpg");
    expect(await store.length("reg1/assign1-abc.jpg")).toBeNull();
  });
});

/** When the work was handed in, as the marking page shows it. */
async function seenOf(id: string): Promise<Date> {
  return (await Submission.findById(id).lean())!.submittedAt;
}

async function streamBytes(key: string): Promise<Buffer> {
  const stream = await handinStore().stream(key);
  return Buffer.from(await new Response(stream).arrayBuffer());
}
