/**
 * Classes of a workable size (docs/decisions/0112-classes-of-a-workable-size.md): who is in which class of a subject,
 * whose roster a lesson of class n has, who teaches a class, and the office's changes to a class. Students are given
 * their class when the classes are first read after they enrolled, in the order they enrolled, and keep it.
 */
import { refuse, type Result } from "#app/domain/result.ts";
import {
  classLabel,
  classNoOf,
  classNoQuery,
  classId,
  CLASSES_MAX,
  CLASS_SIZE_MAX,
  type ClassGroup,
} from "#app/domain/classes.ts";
import { isSubjectOf, programmeLabel, type Programme, type WardForm } from "#app/domain/programmes.ts";
import { isUsableStudentLink } from "#app/domain/whatsapp.ts";
import { getAdminPermissions } from "#app/models/admin-permission.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { ClassPlace, SchoolClass, placeInClasses, type ClassDoc } from "#app/models/class.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { ENROLLED, Registration } from "#app/models/registration.server.ts";
import { byRegistrationsRevision } from "#app/models/revisions.server.ts";
import { getSettings, saveSettings } from "#app/models/settings.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { User } from "#app/models/user.server.ts";

type Actor = { _id: string; role: string };

/**
 * Gives every enrolled student of the group a class (those placed keep theirs) and answers how many classes it has.
 * Done again only after a registration changed (ADR 0096's revision), so a page reading a roster pays two reads.
 */
export async function placeGroup(group: ClassGroup): Promise<number> {
  const size = (await getSettings()).classSize;
  const key = JSON.stringify(["classes", group.vacation, group.programme, group.subject, size]);
  return byRegistrationsRevision(key, async () => {
    const students = await Registration.find({
      vacation: String(group.vacation),
      programme: String(group.programme) as Programme,
      subjects: String(group.subject),
      ...ENROLLED,
    })
      .sort({ createdAt: 1, _id: 1 })
      .select("_id")
      .lean<Array<{ _id: string }>>()
      .exec();
    await placeInClasses(
      group,
      students.map((s) => String(s._id)),
      size,
    );
    return SchoolClass.countDocuments({ ...group, seats: { $gt: 0 } }).exec();
  });
}

type LessonAudience = {
  vacation: string;
  programme: string;
  subject: string;
  forms: string[];
  classNo?: number | null;
};

/** The students on a lesson's roster: enrolled in its vacation, programme, subject and one of its forms, in its class. */
export async function rosterFilter(lesson: LessonAudience) {
  const base = {
    vacation: String(lesson.vacation),
    programme: String(lesson.programme) as Programme,
    subjects: String(lesson.subject),
    wardForm: { $in: lesson.forms.map(String) as WardForm[] },
    ...ENROLLED,
  };
  const group = { vacation: base.vacation, programme: base.programme, subject: base.subjects };
  const n = classNoOf(lesson);
  if ((await placeGroup(group)) <= 1 && n === 1) return base;
  // A class with no lessons of its own yet follows the first class's, so nobody drops off a register meanwhile.
  const own = [...(await classesWithLessons(group))].filter((k) => k !== 1);
  const places = await ClassPlace.find({ ...group, n: n === 1 ? { $nin: own } : n })
    .select("registrationId")
    .lean<Array<{ registrationId: string }>>()
    .exec();
  return { ...base, _id: { $in: places.map((p) => p.registrationId) } };
}

/** The classes of a group that have lessons of their own (a lesson without a class number is the first's). */
export async function classesWithLessons(group: ClassGroup): Promise<Set<number>> {
  const numbers = await Lesson.distinct("classNo", {
    vacation: String(group.vacation),
    programme: String(group.programme),
    subject: String(group.subject),
  }).exec();
  return new Set(numbers.map((k) => (typeof k === "number" ? k : 1)));
}

export type WardClasses = { id: string; vacation: string | null; programme: string; subjects: string[] };

/**
 * A ward's class in each of its subjects. Its places are read first: only a subject it has none in yet places that
 * subject's students (the first class stands for a ward with none, as a withdrawn one keeps its history's lessons).
 */
export async function wardClasses(ward: WardClasses): Promise<Map<string, number>> {
  if (!ward.vacation || !ward.subjects.length) return new Map();
  const vacation = String(ward.vacation);
  const programme = String(ward.programme);
  const read = async () =>
    new Map(
      (
        await ClassPlace.find({ registrationId: String(ward.id), vacation, programme })
          .select("subject n")
          .lean<Array<{ subject: string; n: number }>>()
          .exec()
      ).map((p) => [p.subject, p.n]),
    );
  let places = await read();
  const missing = ward.subjects.map(String).filter((s) => !places.has(s));
  if (missing.length) {
    await Promise.all(missing.map((subject) => placeGroup({ vacation, programme, subject })));
    places = await read();
  }
  return new Map(ward.subjects.map((s) => [s, places.get(s) ?? 1]));
}

/**
 * The class whose lessons and work a ward follows in each subject: its own once that class has lessons of its own, else
 * the first class's (so a class split off before the office set its timetable loses nothing meanwhile).
 */
export async function wardFollowedClasses(ward: WardClasses): Promise<Map<string, number>> {
  const classes = await wardClasses(ward);
  const followed = await Promise.all(
    [...classes].map(async ([subject, n]) => {
      if (n === 1) return [subject, 1] as const;
      const own = await classesWithLessons({
        vacation: String(ward.vacation),
        programme: String(ward.programme),
        subject,
      });
      return [subject, own.has(n) ? n : 1] as const;
    }),
  );
  return new Map(followed);
}

/** The lesson query for a ward's classes: each subject in the class the ward follows of it. */
export async function wardLessonsQuery(ward: WardClasses) {
  const followed = await wardFollowedClasses(ward);
  return { $or: [...followed].map(([subject, n]) => ({ subject, classNo: classNoQuery(n) })) };
}

const classKey = (programme: string, subject: string, n: number) => JSON.stringify([programme, subject, n]);

/** The classes of a vacation that have lessons of their own, by `classKey` (a lesson without a number is the first's). */
async function taughtClasses(vacation: string): Promise<Set<string>> {
  const groups = await Lesson.aggregate<{ _id: { programme: string; subject: string; classNo: number | null } }>([
    { $match: { vacation: String(vacation) } },
    { $group: { _id: { programme: "$programme", subject: "$subject", classNo: "$classNo" } } },
  ]).exec();
  return new Set(groups.map((g) => classKey(g._id.programme, g._id.subject, g._id.classNo ?? 1)));
}

/**
 * The classes these registrations of a vacation follow, as `<registration> <programme> <subject> <n>` (for the many at
 * once: the weekly progress SMS).
 */
export async function followedClassesOf(vacation: string, registrationIds: readonly string[]): Promise<Set<string>> {
  const [places, taught] = await Promise.all([
    ClassPlace.find({ vacation: String(vacation), registrationId: { $in: [...registrationIds] } })
      .select("registrationId programme subject n")
      .lean<Array<{ registrationId: string; programme: string; subject: string; n: number }>>()
      .exec(),
    taughtClasses(vacation),
  ]);
  return new Set(
    places.map((p) => {
      const n = taught.has(classKey(p.programme, p.subject, p.n)) ? p.n : 1;
      return `${p.registrationId} ${p.programme} ${p.subject} ${n}`;
    }),
  );
}

/**
 * Whether this user teaches the subject (an admin holding the admin portal and the subjects permission stands in for
 * any facilitator). The subject's facilitator leads every class of it. Every teaching page and file asks this, so an
 * admin without the portal reads no lesson file and no work handed in.
 */
export async function mayTeach(actor: Actor, subject: string): Promise<boolean> {
  if (actor.role === "admin") {
    const permissions = await getAdminPermissions(actor._id, actor.role);
    return permissions.can_view_portal && permissions.can_access_subjects;
  }
  return Boolean(await Subject.exists({ name: String(subject), facilitatorId: String(actor._id) }));
}

/** Whether this user teaches this class: who may teach its subject, or the facilitator the office gave the class. */
export async function mayTeachClass(
  actor: Actor,
  of: { vacation: string; programme: string; subject: string; classNo?: number | null },
): Promise<boolean> {
  if (await mayTeach(actor, of.subject)) return true;
  if (actor.role !== "facilitator") return false;
  const group = { vacation: String(of.vacation), programme: String(of.programme), subject: String(of.subject) };
  return Boolean(await SchoolClass.exists({ _id: classId(group, classNoOf(of)), facilitatorId: String(actor._id) }));
}

/** The classes a facilitator was given by the office, beyond their subjects' (their lessons join the facilitator's). */
export async function classesGiven(facilitatorId: string, vacation: string) {
  return SchoolClass.find({ facilitatorId: String(facilitatorId), vacation: String(vacation) })
    .select("vacation programme subject n seats")
    .limit(200)
    .lean<Array<Pick<ClassDoc, "vacation" | "programme" | "subject" | "n" | "seats">>>()
    .exec();
}

/** A class's own page, when the office gave it one. */
export async function classPageOf(of: {
  vacation: string;
  programme: string;
  subject: string;
  classNo?: number | null;
}) {
  const group = { vacation: String(of.vacation), programme: String(of.programme), subject: String(of.subject) };
  const cls = await SchoolClass.findById(classId(group, classNoOf(of)))
    .select("classPage")
    .lean<{ classPage: string | null }>()
    .exec();
  return cls?.classPage ?? null;
}

type OwnPage = Pick<ClassDoc, "programme" | "subject" | "n"> & { classPage: string };
// Every portal page shows a ward's class pages: the classes with a page of their own are read once a second per process.
const ownPages = briefCache<OwnPage[]>("own-class-pages");

/**
 * A ward's class pages with its classes' own (docs/decisions/0112-classes-of-a-workable-size.md): where the ward's class
 * of a subject has a page, it replaces the subject's student page, or is added when the subject has none.
 */
export async function withOwnClassPages<
  G extends { _id: string; subjectName: string; programme: string; groupType: string; whatsappLink: string },
>(
  ward: WardClasses,
  groups: G[],
): Promise<Array<Pick<G, "_id" | "subjectName" | "programme" | "groupType" | "whatsappLink">>> {
  if (!ward.vacation) return groups;
  const vacation = String(ward.vacation);
  const pages = (
    await ownPages.get(vacation, () =>
      SchoolClass.find({ vacation, classPage: { $ne: null } })
        .select("programme subject n classPage")
        .limit(2_000)
        .lean<OwnPage[]>()
        .exec(),
    )
  ).filter((p) => p.programme === ward.programme && ward.subjects.includes(p.subject));
  if (!pages.length) return groups;
  const classes = await wardClasses(ward);
  const own = new Map(pages.filter((p) => classes.get(p.subject) === p.n).map((p) => [p.subject, p.classPage]));
  if (!own.size) return groups;
  const replaced = groups.map((g) =>
    g.groupType === "student" && own.has(g.subjectName) ? { ...g, whatsappLink: own.get(g.subjectName)! } : g,
  );
  const covered = new Set(replaced.filter((g) => g.groupType === "student").map((g) => g.subjectName));
  const added = [...own]
    .filter(([subject]) => !covered.has(subject))
    .map(([subject, link]) => ({
      _id: `class-${subject}`,
      subjectName: subject,
      programme: String(ward.programme),
      groupType: "student",
      whatsappLink: link,
    }));
  return [...replaced, ...added].sort((a, b) => a.subjectName.localeCompare(b.subjectName));
}

export type ClassRow = ClassDoc & { facilitatorName: string | null; hasLessons: boolean };

/** A vacation's classes, by programme, subject and number, with their facilitator's name when the office set one. */
export async function classesOf(vacation: string): Promise<ClassRow[]> {
  const rows = await SchoolClass.find({ vacation: String(vacation), seats: { $gt: 0 } })
    .sort({ programme: 1, subject: 1, n: 1 })
    .limit(2_000)
    .lean<ClassDoc[]>()
    .exec();
  const ids = [...new Set(rows.flatMap((r) => (r.facilitatorId ? [r.facilitatorId] : [])))];
  const names = new Map(
    (ids.length
      ? await User.find({ _id: { $in: ids } })
          .select("fullName")
          .lean<Array<{ _id: string; fullName: string }>>()
      : []
    ).map((u) => [String(u._id), u.fullName]),
  );
  const taught = await taughtClasses(vacation);
  return rows.map((r) => ({
    ...r,
    facilitatorName: r.facilitatorId ? (names.get(r.facilitatorId) ?? null) : null,
    hasLessons: taught.has(classKey(r.programme, r.subject, r.n)),
  }));
}

/** A class and its students by name, in the order they enrolled (at most a class size's); null when there is none. */
export async function classRoster(id: string) {
  const found = await SchoolClass.findById(String(id)).lean<ClassDoc>().exec();
  if (!found) return null;
  const group = { vacation: found.vacation, programme: found.programme, subject: found.subject };
  await placeGroup(group);
  const places = await ClassPlace.find({ ...group, n: found.n })
    .select("registrationId")
    .limit(CLASS_SIZE_MAX)
    .lean<Array<{ registrationId: string }>>()
    .exec();
  const students = await Registration.find({ _id: { $in: places.map((p) => p.registrationId) }, ...ENROLLED })
    .sort({ createdAt: 1, _id: 1 })
    .select("wardName wardForm")
    .lean<Array<{ _id: string; wardName: string; wardForm: string }>>()
    .exec();
  return { class: found, students };
}

export type ClassChoice = { value: string; label: string; subject: string; programme: string; n: number };

/**
 * The classes of these subjects in a vacation where a subject of a programme has more than one, for setting work for
 * one class: `<subject>|<programme>|<n>`.
 */
export async function classChoices(vacation: string | null, subjects: readonly string[]): Promise<ClassChoice[]> {
  if (!vacation || !subjects.length) return [];
  const rows = await SchoolClass.find({
    vacation: String(vacation),
    subject: { $in: subjects.map(String) },
    seats: { $gt: 0 },
  })
    .select("programme subject n")
    .sort({ subject: 1, programme: 1, n: 1 })
    .limit(2_000)
    .lean<Array<Pick<ClassDoc, "programme" | "subject" | "n">>>()
    .exec();
  // Only a class with lessons of its own is taught apart; a later class without follows the first (ADR 0112).
  const own = new Map<string, Set<number>>();
  for (const r of rows)
    if (r.n > 1 && !own.has(`${r.subject}|${r.programme}`))
      own.set(
        `${r.subject}|${r.programme}`,
        await classesWithLessons({ vacation, programme: r.programme, subject: r.subject }),
      );
  const taughtApart = (r: (typeof rows)[number]) =>
    r.n === 1 || Boolean(own.get(`${r.subject}|${r.programme}`)?.has(r.n));
  const split = new Set(rows.filter((r) => r.n > 1 && taughtApart(r)).map((r) => `${r.subject}|${r.programme}`));
  return rows
    .filter((r) => split.has(`${r.subject}|${r.programme}`) && taughtApart(r))
    .map((r) => ({
      value: `${r.subject}|${r.programme}|${r.n}`,
      label: `${r.subject}, ${programmeLabel(r.programme)}: ${classLabel(r.n)}`,
      subject: r.subject,
      programme: r.programme,
      n: r.n,
    }));
}

/** Places every enrolled student of a vacation (the office's Classes page), group by group. */
export async function placeVacation(vacation: string) {
  const groups = await Registration.aggregate<{ _id: { programme: string; subject: string } }>([
    { $match: { vacation: String(vacation), ...ENROLLED } },
    { $unwind: "$subjects" },
    { $group: { _id: { programme: "$programme", subject: "$subjects" } } },
  ]).exec();
  for (const g of groups)
    if (isSubjectOf(g._id.programme, g._id.subject))
      await placeGroup({ vacation: String(vacation), programme: g._id.programme, subject: g._id.subject });
}

/**
 * Sets the school's class size, unless a subject of a programme in the vacations teaching or enrolling now has more
 * students than that many classes of it can hold.
 */
export async function setClassSize(
  size: number,
  actorId: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const { teaching, enrolling } = await vacationPointers();
  const vacations = [...new Set([teaching?.name, enrolling?.name].filter((v): v is string => Boolean(v)))];
  const [largest] = vacations.length
    ? await Registration.aggregate<{ count: number }>([
        { $match: { vacation: { $in: vacations }, ...ENROLLED } },
        { $unwind: "$subjects" },
        {
          $group: { _id: { vacation: "$vacation", programme: "$programme", subject: "$subjects" }, count: { $sum: 1 } },
        },
        { $sort: { count: -1 } },
        { $limit: 1 },
      ]).exec()
    : [];
  if (largest && largest.count > size * CLASSES_MAX)
    return {
      ok: false,
      error: `A subject has ${largest.count} students: at most ${CLASSES_MAX} classes of ${size} cannot hold them. Choose at least ${Math.ceil(largest.count / CLASSES_MAX)}.`,
    };
  await saveSettings({ classSize: Math.min(CLASS_SIZE_MAX, size) });
  await audit("classes.size", actorId, "settings", { size });
  return { ok: true };
}

export type ClassChange = { facilitatorId: string | null; classPage: string | null };

/**
 * Sets a class's own facilitator and class page (null: the subject's). The facilitator must be a facilitator's
 * account, and the page a link students can open.
 */
export async function changeClass(
  id: string,
  change: ClassChange,
  actorId: string,
): Promise<Result<object, keyof ClassChange>> {
  const cls = await SchoolClass.findById(String(id)).select("_id").lean().exec();
  if (!cls) return refuse(404, "Class not found");
  if (change.facilitatorId && !(await User.exists({ _id: String(change.facilitatorId), role: "facilitator" })))
    return refuse(400, "Choose one of the school's facilitators", "facilitatorId");
  if (change.classPage && !isUsableStudentLink(change.classPage))
    return refuse(400, "Enter the class page's https link (a WhatsApp group or a meeting link)", "classPage");
  await SchoolClass.updateOne({ _id: cls._id }, { $set: change }).exec();
  ownPages.forget();
  await audit("classes.change", actorId, String(cls._id), change);
  return { ok: true };
}

/**
 * Marks the registration's class pages as opened, atomically: true only for
 * the one call that changed it, so they are opened once per registration.
 */
export async function claimClassPagesOpening(registrationId: string): Promise<boolean> {
  const result = await Registration.updateOne(
    { _id: String(registrationId), classPagesOpenedAt: null },
    { $set: { classPagesOpenedAt: new Date() } },
  );
  return result.modifiedCount === 1;
}
