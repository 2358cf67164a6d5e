import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/work-file";
import { requireUser } from "#app/utils/auth.server.ts";
import { storedFileResponse } from "#app/utils/uploads.server.ts";
import { handinStore } from "#app/models/infra/handin-store.server.ts";
import { Submission, type SubmissionDoc } from "#app/models/submission.server.ts";
import { mayReadWork } from "#app/services/teaching/handins.server.ts";

// The student, their parent and who marks it read it: the guard (mayReadWork) decides per piece of work.
export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * One file of work handed in (docs/decisions/0108-work-handed-in-and-marked.md): a downscaled photo (JPEG) or a PDF,
 * served with its stored type, `nosniff` and a CSP that runs nothing. Anyone who may not read it gets the same 404 as
 * for a file that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireUser(request);
  const index = Number(params.file);
  const submission = /^[a-z0-9.]{1,100}$/.test(String(params.submissionId))
    ? await Submission.findById(String(params.submissionId))
        .select("registrationId subject assignmentId files")
        .lean<Pick<SubmissionDoc, "registrationId" | "subject" | "assignmentId" | "files">>()
    : null;
  const file = Number.isInteger(index) && index >= 0 ? submission?.files[index] : undefined;
  if (!submission || !file || !(await mayReadWork(effectiveUser, submission))) throw data("Not found", { status: 404 });
  return storedFileResponse(request, file, { disposition: "inline", source: handinStore() });
}
