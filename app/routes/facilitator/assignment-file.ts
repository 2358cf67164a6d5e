import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/assignment-file";
import { hasAdminPermission, requireUser } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { getLatestOwnedRegistration } from "#app/models/registration.server.ts";
import { storedFileResponse } from "#app/utils/uploads.server.ts";
import { getAssignmentById, getOwnedAssignment } from "#app/models/assignment.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";

// Students enrolled in the subject read it too: the guard (readableAssignment) decides per file.
export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * An assignment's file: for the facilitator who uploaded it, admins holding the subjects permission, and the
 * students registered for its subject. Anyone else gets the same 404 as for a file that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const info = await requireUser(request);
  const id = String(params.assignmentId);
  if (!ID_PATTERN.test(id)) throw data("Not found", { status: 404 });
  const assignment = await readableAssignment(info, id);
  if (!assignment) throw data("Not found", { status: 404 });
  if (!assignment.filePath || !assignment.fileType) throw data("Not found", { status: 404 });
  const file = { key: assignment.filePath, type: assignment.fileType, name: assignment.fileName ?? "assignment" };
  return storedFileResponse(request, file, { disposition: "inline" });
}

async function readableAssignment(info: Awaited<ReturnType<typeof requireUser>>, id: string) {
  const role = effectiveRole(info.effectiveUser.role);
  if (await hasAdminPermission(info, "can_access_subjects")) return getAssignmentById(id);
  if (role === "facilitator") return getOwnedAssignment(id, info.effectiveUser._id);
  if (role === "student") {
    const [assignment, registration] = await Promise.all([
      getAssignmentById(id),
      getLatestOwnedRegistration(info.effectiveUser),
    ]);
    return assignment && registration?.subjects?.includes(assignment.subject) ? assignment : null;
  }
  return null;
}
