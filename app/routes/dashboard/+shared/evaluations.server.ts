import { data } from "react-router";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { answerSlots, openState } from "#app/domain/evaluations.ts";
import { getParentRegistrations } from "#app/models/registration.server.ts";
import { formAsksWard, getEvaluationForm, toAudience, toQuestions } from "#app/models/evaluation.server.ts";

type Parent = Parameters<typeof getParentRegistrations>[0];

/** The parent's own wards, in the shape the evaluation rules need. */
export async function parentWards(parent: Parent) {
  const registrations = await getParentRegistrations(parent);
  return registrations.map((r) => ({
    _id: String(r._id),
    wardName: r.wardName,
    programme: r.programme,
    subjects: r.subjects ?? [],
    parentName: r.parentName,
    vacation: r.vacation ?? null,
    // One person across vacations (a ward enrolled again has two registrations): the forms list it once.
    key: `${r.wardWhatsappNormalized ?? ""} ${r.wardNameKey ?? r.wardName.toLowerCase()}`,
  }));
}

/**
 * The form and ward of an answer page: the form must exist and the ward must be the parent's own (else 404,
 * like any record that is not theirs); whether the form is open and for this ward is the caller's to show.
 */
export async function requireFormAndWard(
  parent: Parent,
  formId: string | undefined,
  registrationId: string | undefined,
) {
  const form = ID_PATTERN.test(String(formId ?? "")) ? await getEvaluationForm(String(formId)) : null;
  if (!form) throw data("Evaluation form not found.", { status: 404 });
  const ward = ID_PATTERN.test(String(registrationId ?? ""))
    ? (await parentWards(parent)).find((w) => w._id === registrationId)
    : undefined;
  if (!ward) throw data("This ward is not linked to your account.", { status: 404 });
  const audience = toAudience(form);
  const questions = toQuestions(form);
  return {
    form,
    ward,
    state: openState(form),
    forWard: formAsksWard(form, ward),
    slots: answerSlots(questions, audience, ward),
  };
}
