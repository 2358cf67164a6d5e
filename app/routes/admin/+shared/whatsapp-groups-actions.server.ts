import { vacationsServedNow } from "#app/services/content/vacations.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import { groupFormSchema } from "#app/forms/admin-whatsapp-group.schema.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  WHATSAPP_GROUP_ADD_FAILED,
  WHATSAPP_GROUP_ADDED,
  WHATSAPP_GROUP_DELETE_FAILED,
  WHATSAPP_GROUP_DELETED,
  WHATSAPP_GROUP_UPDATE_FAILED,
  WHATSAPP_GROUP_UPDATED,
  classPageExists,
} from "#app/domain/messages.ts";
import {
  classPageTaken,
  createGroup,
  deleteGroup,
  getGroupById,
  updateGroup,
  type GroupInput,
} from "#app/models/whatsapp-group-admin.server.ts";
import { ALL_PROGRAMMES, parentGroupName } from "#app/domain/whatsapp.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";

export const GROUPS_PATH = "/admin/whatsapp-groups";

/** What is stored: a parent group has no subject, so it is named after its programme ("Business Parents"). */
function groupInput(
  value: { subjectName?: string; programme: string; groupType: string; whatsappLink: string },
  existing?: { subjectName: string; programme: string; groupType: string },
): GroupInput {
  // An existing parent group of the same programme keeps its name.
  const keepName =
    existing?.groupType === "parent" && value.groupType === "parent" && existing.programme === value.programme;
  const subjectName = keepName
    ? existing.subjectName
    : value.groupType === "parent"
      ? parentGroupName(value.programme === ALL_PROGRAMMES ? "All Programmes" : programmeLabel(value.programme))
      : (value.subjectName ?? "");
  return { subjectName, programme: value.programme, groupType: value.groupType, whatsappLink: value.whatsappLink };
}

/** The group named in the URL, or 404. */
export async function requireGroup(id: string | undefined) {
  const group = ID_PATTERN.test(String(id ?? "")) ? await getGroupById(String(id)) : null;
  if (!group) throw data("WhatsApp group not found.", { status: 404 });
  return group;
}

/** A second class page for a programme's subject is refused by its field (the student would see two cards). */
async function classPageConflict(
  value: { subjectName?: string; programme: string; groupType: string },
  exceptId?: string,
) {
  if (value.groupType !== "student" || !value.subjectName) return null;
  if (!(await classPageTaken(value.programme, value.subjectName, exceptId))) return null;
  return classPageExists(programmeLabel(value.programme) || value.programme, value.subjectName);
}

export async function handleCreateGroup(formData: FormData, actorId: string) {
  const submission = parseWithZod(formData, { schema: groupFormSchema() });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const conflict = await classPageConflict(submission.value);
  if (conflict)
    return data({ result: submission.reply({ fieldErrors: { subjectName: [conflict] } }) }, { status: 409 });
  try {
    const id = await createGroup(groupInput(submission.value), await vacationsServedNow());
    await audit("whatsapp-group.create", actorId, id);
  } catch {
    return data({ result: submission.reply({ formErrors: [WHATSAPP_GROUP_ADD_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(GROUPS_PATH, { type: "success", title: WHATSAPP_GROUP_ADDED });
}

export async function handleUpdateGroup(groupId: string | undefined, formData: FormData, actorId: string) {
  const group = await requireGroup(groupId);
  const submission = parseWithZod(formData, { schema: groupFormSchema(group) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const conflict = await classPageConflict(submission.value, group._id);
  if (conflict)
    return data({ result: submission.reply({ fieldErrors: { subjectName: [conflict] } }) }, { status: 409 });
  let found: boolean;
  try {
    found = await updateGroup(group._id, groupInput(submission.value, group));
  } catch {
    return data({ result: submission.reply({ formErrors: [WHATSAPP_GROUP_UPDATE_FAILED] }) }, { status: 500 });
  }
  if (!found) throw data("WhatsApp group not found.", { status: 404 });
  await audit("whatsapp-group.update", actorId, group._id);
  return redirectWithToast(GROUPS_PATH, { type: "success", title: WHATSAPP_GROUP_UPDATED });
}

export async function handleDeleteGroup(groupId: string | undefined, actorId: string) {
  const group = await requireGroup(groupId);
  try {
    await deleteGroup(group._id);
    await audit("whatsapp-group.delete", actorId, group._id, {
      subjectName: group.subjectName,
      programme: group.programme,
    });
  } catch {
    return redirectWithToast(GROUPS_PATH, { type: "error", title: WHATSAPP_GROUP_DELETE_FAILED });
  }
  return redirectWithToast(GROUPS_PATH, { type: "success", title: WHATSAPP_GROUP_DELETED });
}
