import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import { CATALOGUE_SUBJECT_RENAME, SUBJECT_NAME_TAKEN, SubjectFormSchema } from "#app/forms/admin-subject.schema.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  SUBJECT_CREATED,
  SUBJECT_DELETE_FAILED,
  SUBJECT_DELETED,
  SUBJECT_SAVE_FAILED,
  SUBJECT_UPDATED,
} from "#app/domain/messages.ts";
import {
  createSubject,
  deleteSubject,
  findSubjectNamed,
  getSubjectById,
  updateSubject,
} from "#app/models/subject.server.ts";
import { ALL_SUBJECTS } from "#app/domain/programmes.ts";
import { renameSubjectEverywhere } from "#app/models/subject-rename.server.ts";

import { User } from "#app/models/user.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";

export const SUBJECTS_PATH = "/admin/subjects";

export async function requireSubject(id: string | undefined) {
  const subject = ID_PATTERN.test(String(id ?? "")) ? await getSubjectById(String(id)) : null;
  if (!subject) throw data("Subject not found.", { status: 404 });
  return subject;
}

/**
 * Parses the form; the facilitator must be a facilitator's id (or empty, saved as null).
 * Names are unique ignoring case and surrounding spaces; a subject of the programme
 * catalogue keeps its name (docs/decisions/0031-whatsapp-groups-and-subject-catalogue.md).
 */
async function parseSubject(
  formData: FormData,
  keepFacilitatorId: string | null = null,
  current: { _id: string; name: string } | null = null,
) {
  const submission = await parseWithZod(formData, {
    schema: SubjectFormSchema.superRefine(async (value, ctx) => {
      if (await findSubjectNamed(value.name, current?._id)) {
        ctx.addIssue({ code: "custom", path: ["name"], message: SUBJECT_NAME_TAKEN });
      } else if (current && current.name !== value.name && ALL_SUBJECTS.includes(current.name)) {
        ctx.addIssue({ code: "custom", path: ["name"], message: CATALOGUE_SUBJECT_RENAME });
      }
      const id = value.facilitatorId;
      if (!id || id === keepFacilitatorId) return;
      const exists = await User.exists({ _id: String(id), role: "facilitator" });
      if (!exists)
        ctx.addIssue({ code: "custom", path: ["facilitatorId"], message: "Choose a facilitator from the list" });
    }),
    async: true,
  });
  return submission;
}

export async function handleCreateSubject(formData: FormData, actorId: string) {
  const submission = await parseSubject(formData);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { name, description, facilitatorId } = submission.value;
  try {
    const id = await createSubject({ name, description: description || null, facilitatorId: facilitatorId || null });
    await audit("subject.create", actorId, id);
  } catch {
    return data({ result: submission.reply({ formErrors: [SUBJECT_SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(SUBJECTS_PATH, { type: "success", title: SUBJECT_CREATED });
}

export async function handleUpdateSubject(subjectId: string | undefined, formData: FormData, actorId: string) {
  const subject = await requireSubject(subjectId);
  const submission = await parseSubject(formData, subject.facilitatorId ?? null, subject);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { name, description, facilitatorId } = submission.value;
  let found: boolean;
  try {
    found = await updateSubject(subject._id, {
      name,
      description: description || null,
      facilitatorId: facilitatorId || null,
    });
  } catch {
    return data({ result: submission.reply({ formErrors: [SUBJECT_SAVE_FAILED] }) }, { status: 500 });
  }
  if (!found) throw data("Subject not found.", { status: 404 });
  // A renamed subject takes its registrations, class pages and assignments with it.
  if (name !== subject.name) await renameSubjectEverywhere(subject.name, name);
  await audit(
    "subject.update",
    actorId,
    subject._id,
    name !== subject.name ? { from: subject.name, to: name } : undefined,
  );
  return redirectWithToast(SUBJECTS_PATH, { type: "success", title: SUBJECT_UPDATED });
}

export async function handleDeleteSubject(subjectId: string | undefined, actorId: string) {
  const subject = await requireSubject(subjectId);
  try {
    await deleteSubject(subject._id);
    await audit("subject.delete", actorId, subject._id, { name: subject.name });
  } catch {
    return redirectWithToast(SUBJECTS_PATH, { type: "error", title: SUBJECT_DELETE_FAILED });
  }
  return redirectWithToast(SUBJECTS_PATH, { type: "success", title: SUBJECT_DELETED });
}
