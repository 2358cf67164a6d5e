import { Schema, type InferSchemaType } from "mongoose";
import { GROUP_TYPES } from "#app/domain/whatsapp.ts";
import { idField } from "#app/models/ids.server.ts";
import { isCurrentVacation } from "#app/models/vacation.server.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

const log = logFor("class-pages");

const whatsappGroupSchema = new Schema(
  {
    _id: idField,
    subjectName: { type: String, required: true, trim: true, maxlength: 100 },
    /** A programme value (science, arts, …); free text is tolerated for legacy parent groups. */
    programme: { type: String, required: true, trim: true, maxlength: 60 },
    groupType: { type: String, required: true, enum: GROUP_TYPES },
    whatsappLink: { type: String, required: true, trim: true, maxlength: 500 },
    /** The vacations it serves (docs/decisions/0095): a page renewed for the next vacation gains its name. */
    vacations: { type: [String], default: [] },
  },
  { timestamps: true, collection: "whatsapp_groups" },
);
whatsappGroupSchema.index({ programme: 1, subjectName: 1 });
whatsappGroupSchema.index({ groupType: 1, programme: 1 });
whatsappGroupSchema.index({ createdAt: -1 });

export type WhatsappGroupDoc = InferSchemaType<typeof whatsappGroupSchema> & { _id: string; createdAt: Date };
export const WhatsappGroup = defineModel<WhatsappGroupDoc>("WhatsappGroup", whatsappGroupSchema);

export const GROUP_FIELDS = "_id subjectName programme groupType whatsappLink vacations createdAt";

/**
 * docs/product.md#integrations: the registration's programme and subjects, ordered by subject; optionally one type only.
 * Only the pages serving the registration's vacation, and only while that vacation teaches or takes enrolments: a
 * registration of a past vacation is offered none (docs/decisions/0095).
 */
export async function getGroupsForSubjects(
  { programme, subjects, vacation }: { programme: string; subjects?: string[] | null; vacation?: string | null },
  groupType?: string,
) {
  const wanted = new Set((subjects ?? []).map((subject) => String(subject).trim())); // as the stored names are
  if (!(await isCurrentVacation(vacation))) return [];
  return (await programmeGroups(programme)).filter(
    (g) =>
      wanted.has(g.subjectName) &&
      (!groupType || g.groupType === groupType) &&
      (g.vacations ?? []).includes(String(vacation)),
  );
}

/**
 * Renews class pages for a vacation: every page serving `from` serves `to` too (none when `from` is null), and so does
 * every page that serves no vacation yet (added before the first vacation existed).
 */
export async function renewClassPages(from: string | null, to: string) {
  const none = { $or: [{ vacations: { $exists: false } }, { vacations: { $size: 0 } }] };
  const { modifiedCount } = await WhatsappGroup.updateMany(from ? { $or: [{ vacations: String(from) }, none] } : none, {
    $addToSet: { vacations: String(to) },
  });
  forgetClassPages();
  return modifiedCount;
}

// A programme's class pages are the same for every student of it, and every portal page shows them: read once a second
// per process. An admin's change reaches every page at once (forgetClassPages).
const byProgramme = briefCache<WhatsappGroupDoc[]>("class-pages");
const PROGRAMME_GROUPS_MAX = 1_000;

function programmeGroups(programme: string) {
  return byProgramme.get(String(programme), async () => {
    const groups = await WhatsappGroup.find({ programme: String(programme) })
      .select(GROUP_FIELDS)
      .sort({ subjectName: 1 })
      .limit(PROGRAMME_GROUPS_MAX)
      .lean<WhatsappGroupDoc[]>();
    if (groups.length === PROGRAMME_GROUPS_MAX)
      log.warn(`class pages: ${programme} has ${PROGRAMME_GROUPS_MAX} or more; the portals show the first by subject`);
    return groups;
  });
}

/** After a class page is added, changed or removed. */
export function forgetClassPages() {
  byProgramme.forget();
  parentGroupOf.forget();
}

/**
 * The class pages and subject groups (every group but the parents') of the given subjects, all subjects when
 * `subjectNames` is null (an admin), that serve `vacation`: what a facilitator shares with their classes
 * (docs/product.md#facilitator-portal).
 */
export async function groupsOfSubjects(subjectNames: readonly string[] | null, vacation: string) {
  if (subjectNames?.length === 0) return [];
  return WhatsappGroup.find({
    groupType: { $ne: "parent" },
    vacations: String(vacation),
    ...(subjectNames ? { subjectName: { $in: subjectNames.map(String) } } : {}),
  })
    .select(GROUP_FIELDS)
    .sort({ subjectName: 1, programme: 1, groupType: 1 })
    .limit(GROUPS_OF_SUBJECTS_MAX + 1)
    .lean<WhatsappGroupDoc[]>();
}
export const GROUPS_OF_SUBJECTS_MAX = 500;

/** docs/product.md#integrations: with no user or no registration, everything ordered by programme then subject. */
export async function getAllGroups() {
  return WhatsappGroup.find({})
    .select(GROUP_FIELDS)
    .sort({ programme: 1, subjectName: 1 })
    .limit(500)
    .lean<WhatsappGroupDoc[]>();
}

export async function getParentGroups() {
  return WhatsappGroup.find({ groupType: "parent" })
    .select(GROUP_FIELDS)
    .sort({ programme: 1 })
    .lean<WhatsappGroupDoc[]>();
}

/**
 * docs/product.md#integrations parent fallback lookup, preceded by one step of our own: the parent
 * group of exactly this programme, newest first. Then as written in the spec: parent groups are those of
 * type parent or whose subject name contains 'parent' (the type is an enum, so
 * "type contains 'parent'" is "type is parent"). For a programme containing
 * 'science', the newest science parent group; otherwise the newest parent group
 * whose programme does not contain 'science' (any programme — the spec does not
 * narrow it further). Then the newest whose programme contains 'general' or
 * 'all', then the newest parent group of any programme. One result or null.
 */
export function findParentGroupForProgramme(programme: string | null | undefined) {
  // The same for every family of the programme, and up to four reads with patterns that no index answers: kept a
  // second per process with the programme's class pages, and forgotten with them.
  return parentGroupOf.get(String(programme ?? ""), () => lookUpParentGroup(programme));
}
const parentGroupOf = briefCache<WhatsappGroupDoc | null>("parent-class-pages");

async function lookUpParentGroup(programme: string | null | undefined) {
  const isParent = { $or: [{ groupType: "parent" }, { subjectName: { $regex: "parent", $options: "i" } }] };
  const science = /science/i.test(String(programme ?? ""));
  const exact = String(programme ?? "").trim();
  const attempts: Record<string, unknown>[] = [
    // Beyond the spec: the programme's own parents group first, so an Arts parent is never sent to the Business group.
    ...(exact ? [{ $and: [isParent, { programme: exact }] }] : []),
    {
      $and: [
        isParent,
        science ? { programme: { $regex: "science", $options: "i" } } : { programme: { $not: /science/i } },
      ],
    },
    { $and: [isParent, { programme: { $regex: "general|all", $options: "i" } }] },
    isParent,
  ];
  for (const filter of attempts) {
    const group = await WhatsappGroup.findOne(filter)
      .select(GROUP_FIELDS)
      .sort({ createdAt: -1 })
      .lean<WhatsappGroupDoc>();
    if (group) return group;
  }
  return null;
}
