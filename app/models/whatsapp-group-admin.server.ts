import { vacationPointers } from "#app/models/vacation.server.ts";
import { GROUP_TYPES, isUsableGroupLink, type GroupType } from "#app/domain/whatsapp.ts";
import { ENROLLED, Registration } from "#app/models/registration.server.ts";
import {
  GROUP_FIELDS,
  WhatsappGroup,
  forgetClassPages,
  type WhatsappGroupDoc,
} from "#app/models/whatsapp-group.server.ts";

/** Admin WhatsApp Group Management queries (docs/product.md#screens, #integrations). Kept beside the model, in their own file. */

export function escapeRegex(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export type GroupFilters = { q?: string; programme?: string; groupType?: string };

export const ADMIN_GROUP_LIST_LIMIT = 500;

/** Search (subject or programme, case-insensitive substring) and exact filters, in the database. */
export async function listGroupsForAdmin(filters: GroupFilters) {
  const and: Record<string, unknown>[] = [];
  if (filters.q) {
    const rx = { $regex: escapeRegex(String(filters.q)), $options: "i" };
    and.push({ $or: [{ subjectName: rx }, { programme: rx }] });
  }
  if (filters.programme) and.push({ programme: String(filters.programme) });
  if (filters.groupType) and.push({ groupType: String(filters.groupType) });
  return WhatsappGroup.find(and.length ? { $and: and } : {})
    .select(GROUP_FIELDS)
    .sort({ programme: 1, subjectName: 1 })
    .limit(ADMIN_GROUP_LIST_LIMIT)
    .lean<WhatsappGroupDoc[]>();
}

/** Stat cards: Total Groups and Class Pages (type student). */
/** Total groups, and class pages: the programme-and-subject pairs that have a class page with a usable link. */
export async function countGroupStats() {
  const [total, classPages] = await Promise.all([WhatsappGroup.countDocuments({}), listClassPageKeys()]);
  return { total, classPages: classPages.size };
}

async function teachingVacationMatch(): Promise<Record<string, string>> {
  const { teaching } = await vacationPointers();
  return teaching ? { vacation: teaching.name } : {};
}

/**
 * Students per group: registrations with the group's programme and subject.
 * One aggregate over the registrations of the shown programmes and subjects.
 * Keys are `${programme}\u0000${subject}`.
 */
export async function countStudentsByProgrammeSubject(
  groups: Array<{ programme: string; subjectName: string }>,
  /** The vacation whose wards count; the one teaching when not given. */
  vacation?: string,
) {
  const counts = new Map<string, number>();
  if (!groups.length) return counts;
  const programmes = [...new Set(groups.map((g) => String(g.programme)))];
  const subjects = [...new Set(groups.map((g) => String(g.subjectName)))];
  const rows = await Registration.aggregate<{ _id: { programme: string; subject: string }; count: number }>([
    // This vacation's wards (the one teaching), withdrawn ones left out, as the facilitators' rosters count them.
    {
      $match: {
        ...(vacation ? { vacation: String(vacation) } : await teachingVacationMatch()),
        programme: { $in: programmes },
        subjects: { $in: subjects },
        ...ENROLLED,
      },
    },
    { $project: { programme: 1, subjects: 1 } },
    { $unwind: "$subjects" },
    { $match: { subjects: { $in: subjects } } },
    { $group: { _id: { programme: "$programme", subject: "$subjects" }, count: { $sum: 1 } } },
  ]);
  for (const row of rows) counts.set(`${row._id.programme}\u0000${row._id.subject}`, row.count);
  return counts;
}

export function studentCountKey(programme: string, subject: string) {
  return `${programme}\u0000${subject}`;
}

export async function getGroupById(id: string) {
  return WhatsappGroup.findById(String(id)).select(GROUP_FIELDS).lean<WhatsappGroupDoc>();
}

export type GroupInput = { subjectName: string; programme: string; groupType: string; whatsappLink: string };

function isGroupType(value: string): value is GroupType {
  return (GROUP_TYPES as readonly string[]).includes(value);
}

function clean(input: GroupInput) {
  return {
    subjectName: String(input.subjectName),
    programme: String(input.programme),
    groupType: isGroupType(input.groupType) ? input.groupType : "student",
    whatsappLink: String(input.whatsappLink),
  };
}

/** A new class page serves the vacations given (the one teaching and the one taking enrolments, as the admin adds it). */
export async function createGroup(input: GroupInput, vacations: readonly string[]) {
  const doc = await WhatsappGroup.create({ ...clean(input), vacations: [...vacations] });
  forgetClassPages();
  return doc._id;
}

/** Returns false when the group no longer exists. */
export async function updateGroup(id: string, input: GroupInput) {
  const result = await WhatsappGroup.updateOne({ _id: String(id) }, { $set: clean(input) }, { runValidators: true });
  forgetClassPages();
  return result.matchedCount > 0;
}

export async function deleteGroup(id: string) {
  const result = await WhatsappGroup.deleteOne({ _id: String(id) });
  forgetClassPages();
  return result.deletedCount > 0;
}

/** The (programme, subject) pairs that have a class page, as studentCountKey keys. */
/** The programme-and-subject pairs with a class page a student can join (a stored link obeys the rule new ones do). */
export async function listClassPageKeys() {
  const rows = await WhatsappGroup.find({ groupType: "student" })
    .select("programme subjectName whatsappLink")
    .limit(5000)
    .lean<{ programme: string; subjectName: string; whatsappLink: string }[]>();
  return new Set(
    rows
      .filter((r) => isUsableGroupLink("student", r.whatsappLink))
      .map((r) => studentCountKey(r.programme, r.subjectName)),
  );
}

/** Whether another class page of the programme has this subject (one class page per programme and subject). */
export async function classPageTaken(programme: string, subjectName: string, exceptId?: string) {
  const filter: Record<string, unknown> = {
    groupType: "student",
    programme: String(programme),
    subjectName: String(subjectName),
  };
  if (exceptId) filter._id = { $ne: String(exceptId) };
  return Boolean(await WhatsappGroup.exists(filter));
}
