import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/assignment-file";
import { requireUser } from "#app/utils/auth.server.ts";
import { storedFileResponse } from "#app/utils/uploads.server.ts";
import { mayReadAssignment } from "#app/services/teaching/content-access.server.ts";
import { getAssignmentById } from "#app/models/assignment.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * An assignment's file for whoever may read it (app/services/teaching/content-access.server.ts):
 * the students registered for its subject, the facilitator who uploaded it,
 * admins. Anyone else gets 404, as if it did not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const info = await requireUser(request);
  const id = String(params.assignmentId ?? "");
  const assignment = ID_PATTERN.test(id) ? await getAssignmentById(id) : null;
  if (!assignment || !(await mayReadAssignment(info, assignment))) throw data("Not found", { status: 404 });
  if (!assignment.filePath || !assignment.fileType) throw data("Not found", { status: 404 });
  const file = { key: assignment.filePath, type: assignment.fileType, name: assignment.fileName ?? "assignment" };
  return storedFileResponse(request, file, { disposition: "attachment" });
}
