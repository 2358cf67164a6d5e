import { briefCache } from "#app/models/infra/brief-cache.server.ts";

/**
 * The facilitators' names of a set of subjects, by subject (every student's schedule shows them): the same few subject
 * sets for the whole school, kept a second per process (docs/decisions/0085) and forgotten by any write of a subject or
 * an account, so a facilitator given or renamed shows on this machine at once.
 */
export const facilitatorNamesBySubjects = briefCache<ReadonlyMap<string, string>>("facilitator-names");

export async function forgetFacilitatorNames() {
  facilitatorNamesBySubjects.forget();
}
