import { registrationFormValues } from "#app/services/people/enrolment.server.ts";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "#app/forms/parse.ts";
import { duplicateRegistrationMessage } from "#app/domain/registration.ts";
import { RegistrationSchema } from "#app/forms/registration.schema.ts";
import {
  findDuplicateRegistration,
  registrationDetails,
  updateRegistrationDetails,
  type RegistrationDoc,
} from "#app/models/registration.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { programmeLabel, subjectsFor } from "#app/domain/programmes.ts";
import { adjustAmountDue, amountDueAtEnrolment } from "#app/services/money/payments.server.ts";

/** The fields a parent most often gets wrong, which the office may correct. */
export const EDITABLE_FIELDS = [
  "parentName",
  "whatsappNumber",
  "alternativeNumber",
  "wardName",
  "wardWhatsapp",
  "currentSchool",
  "wardForm",
  "specificClass",
  "programme",
  "subjects",
] as const;
type Editable = (typeof EDITABLE_FIELDS)[number];

/** What the correction form starts from: the editable fields' stored values. */
export function editableValues(reg: RegistrationDoc): Record<string, string | string[]> {
  const values = registrationFormValues(reg);
  return Object.fromEntries(EDITABLE_FIELDS.map((key) => [key, values[key]]));
}

/**
 * Applies an admin's corrections with the enrolment form's own schema: the
 * submitted fields are merged into the stored registration and the whole is
 * validated as a new registration would be; the duplicate rule (same ward name
 * and WhatsApp number in the programme) excludes the registration itself.
 * Every changed field is audited with its old and new value. A change of programme
 * sets the amount due to the vacation's fee for the new programme and subjects; a
 * change of subjects alone does not (it is adjusted separately, with a reason).
 */
export async function editRegistration(
  reg: RegistrationDoc,
  formData: FormData,
  actorId: string,
): Promise<{ ok: true; changed: string[] } | { ok: false; status: number; result: SubmissionResult<string[]> }> {
  const merged = new FormData();
  const stored = registrationFormValues(reg);
  for (const [key, value] of Object.entries(stored)) {
    if ((EDITABLE_FIELDS as readonly string[]).includes(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) if (v != null && v !== "") merged.append(key, String(v));
  }
  for (const key of EDITABLE_FIELDS) {
    for (const v of formData.getAll(key)) if (typeof v === "string" && v !== "") merged.append(key, v);
  }
  // "Show subjects" (a programme chosen without JavaScript): the form again with every value kept, the subjects of the
  // chosen programme, nothing saved and no error shown.
  if (formData.get("show") === "subjects") {
    const programme = String(merged.get("programme") ?? "");
    const initialValue: Record<string, string | string[]> = {};
    for (const key of EDITABLE_FIELDS) {
      const values = merged.getAll(key).map(String);
      initialValue[key] =
        key === "subjects" ? values.filter((s) => subjectsFor(programme).includes(s)) : (values[0] ?? "");
    }
    return { ok: false, status: 200, result: { initialValue, error: {}, state: { validated: {} } } as never };
  }
  const subjects = merged.getAll("subjects");
  merged.set("subjectCount", String(subjects.length));
  const submission = parseWithZod(merged, { schema: RegistrationSchema });
  // Only the editable fields' values and errors go back to the form.
  const reply = (extra?: { formErrors?: string[] }) => {
    const r = submission.reply(extra);
    const keep = (o: Record<string, unknown> | null | undefined) =>
      o
        ? Object.fromEntries(
            Object.entries(o).filter(([k]) => (EDITABLE_FIELDS as readonly string[]).includes(k) || k === ""),
          )
        : o;
    return { ...r, initialValue: keep(r.initialValue as never) as never, error: keep(r.error as never) as never };
  };
  if (submission.status !== "success") return { ok: false, status: 400, result: reply() };
  const v = submission.value;
  const next = { ...registrationDetails(v), programme: v.programme };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of EDITABLE_FIELDS as readonly Editable[]) {
    const before = (reg as Record<string, unknown>)[key] ?? null;
    const after = (next as Record<string, unknown>)[key] ?? null;
    if (JSON.stringify(before) !== JSON.stringify(after)) changes[key] = { from: before, to: after };
  }
  if (Object.keys(changes).length === 0) return { ok: true, changed: [] };
  const duplicateReply = () => ({
    ok: false as const,
    status: 409,
    result: reply({ formErrors: [duplicateRegistrationMessage(v.wardName, v.programme)] }),
  });
  const dup = await findDuplicateRegistration({
    vacation: String(reg.vacation),
    programme: v.programme,
    wardWhatsappNormalized: next.wardWhatsappNormalized,
    wardNameKey: next.wardNameKey,
  });
  if (dup && String(dup._id) !== String(reg._id)) return duplicateReply();
  try {
    await updateRegistrationDetails(String(reg._id), next);
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return duplicateReply();
    throw error;
  }
  await audit("registration.edit", actorId, String(reg._id), { changes });
  // Another programme is another fee: the vacation's fee for it and the subjects chosen (audited with its reason).
  if (changes.programme && reg.vacation) {
    const { amountDue } = await amountDueAtEnrolment(String(reg.vacation), v.programme, next.subjectCount);
    if (amountDue != null && amountDue !== reg.amountDue)
      await adjustAmountDue(
        String(reg._id),
        amountDue,
        `Programme changed from ${programmeLabel(reg.programme)} to ${programmeLabel(v.programme)}`,
        actorId,
      );
  }
  return { ok: true, changed: Object.keys(changes) };
}
