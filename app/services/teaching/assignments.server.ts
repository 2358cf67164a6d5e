/**
 * Work a facilitator sets: where it may go and setting it. A facilitator posts only to the subjects the office gave
 * them (Admin → Subjects), since every student of the subject gets it; an admin working here may post to any subject
 * the school teaches. Work may be set for one class of a subject split into classes
 * (docs/decisions/0112-classes-of-a-workable-size.md). Handing work in and marking it: handins.server.ts.
 */
import type { z } from "zod";
import { ALL_SUBJECTS } from "#app/domain/programmes.ts";
import { NO_SUBJECTS_YET, assignmentKind, type AssignmentFieldsSchema } from "#app/forms/assignment.schema.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { audit, type Actor } from "#app/models/audit-log.server.ts";
import { listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { classChoices } from "#app/services/teaching/classes.server.ts";
import { refuse, type Result } from "#app/domain/result.ts";
import { fileNameFor, removeUpload, storeUpload, type ReceivedFile } from "#app/utils/uploads.server.ts";

/** The subjects (the user's own first) and classes the user may set work for, in the vacation it goes to. */
export async function assignmentChoices(user: { _id: string; role: string }) {
  const own = (await listFacilitatorSubjects(user._id)).map((s) => s.name);
  const others = user.role === "admin" ? ALL_SUBJECTS.filter((s) => !own.includes(s)) : [];
  const { teaching, enrolling } = await vacationPointers();
  const vacation = teaching?.name ?? enrolling?.name ?? null;
  const classes = await classChoices(vacation, [...own, ...others]);
  return { own, others, classes, vacation };
}

type AssignmentFields = z.output<typeof AssignmentFieldsSchema>;

/**
 * Sets the work for the actor's students, with its file when there is one: refused by its field for a subject the
 * actor does not teach, a class of another subject, or a due time already past. The file is stored first and removed
 * again when the assignment cannot be written.
 */
export async function setAssignment(
  actor: Actor,
  fields: AssignmentFields,
  file: ReceivedFile | null,
  now = new Date(),
): Promise<Result<{ assignmentId: string }, "subject" | "forClass" | "due">> {
  const choices = await assignmentChoices(actor);
  const subjects = [...choices.own, ...choices.others];
  if (!subjects.includes(fields.subject))
    return refuse(400, subjects.length ? "Please choose a subject from the list" : NO_SUBJECTS_YET, "subject");
  const chosenClass = fields.forClass ? choices.classes.find((c) => c.value === fields.forClass) : undefined;
  if (fields.forClass && (!chosenClass || chosenClass.subject !== fields.subject))
    return refuse(400, "Choose a class of this subject, or every class", "forClass");
  if (fields.due && fields.due.getTime() <= now.getTime())
    return refuse(400, "The due time has passed: choose a later one", "due");

  const filePath = file ? await storeUpload(actor._id, file.bytes, file.type.ext, "assignment") : null;
  let created: { _id: string; title: string; subject: string };
  try {
    created = await Assignment.create({
      facilitatorId: actor._id,
      subject: fields.subject,
      title: fields.title,
      description: fields.description || null,
      vacation: choices.vacation,
      programme: chosenClass?.programme ?? null,
      classNo: chosenClass?.n ?? null,
      dueAt: fields.due,
      maxScore: fields.maxScore,
      refuseLate: fields.due ? fields.refuseLate : false,
      ...(file && filePath
        ? {
            kind: assignmentKind(file.type.mime),
            fileName: fileNameFor(file.clientName, file.type.mime, "assignment"),
            filePath,
            fileType: file.type.mime,
            fileSize: file.size,
          }
        : {}),
    });
  } catch (error) {
    if (filePath) await removeUpload(filePath);
    throw error;
  }
  // After the try: the assignment and its file stand, whatever becomes of the audit write.
  await audit("assignment.upload", actor, created._id, { title: created.title, subject: created.subject });
  return { ok: true, assignmentId: created._id };
}
