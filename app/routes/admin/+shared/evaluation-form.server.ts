import { data } from "react-router";
import { findEvaluationForm } from "#app/services/content/evaluations.server.ts";

/** The evaluation form the URL names (`:formId`), or the 404 its loader or action answers. */
export async function requireEvaluationForm(id: string | undefined) {
  const form = await findEvaluationForm(id);
  if (!form) throw data("Evaluation form not found.", { status: 404 });
  return form;
}
