import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/assignment-file";
import { requireUser } from "#app/utils/auth.server.ts";
import { contentDisposition, uploadResponse } from "#app/utils/uploads.server.ts";
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
  const response = await uploadResponse(request, assignment.filePath, {
    // The stored type was detected from the bytes at upload; nothing else is ever served.
    "Content-Type": assignment.fileType,
    "Content-Disposition": contentDisposition("attachment", assignment.fileName ?? "assignment", assignment.fileType),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  });
  if (!response) throw data("File not found", { status: 404 });
  return response;
}
