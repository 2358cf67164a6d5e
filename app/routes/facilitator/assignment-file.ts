import { data } from "react-router";
import type { Route } from "./+types/assignment-file";
import { requireRole } from "#app/utils/auth.server.ts";
import { contentDisposition, readUpload } from "#app/utils/uploads.server.ts";
import { getAssignmentById, getOwnedAssignment } from "#models/assignment.server.ts";

const ID = /^[a-z0-9]{10,40}$/;

/** An assignment's file: only for the facilitator who uploaded it, or an admin. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, effectiveUser } = await requireRole(request, ["facilitator", "admin"]);
  const id = String(params.assignmentId);
  if (!ID.test(id)) throw data("Not found", { status: 404 });
  const assignment = user.role === "admin" ? await getAssignmentById(id) : await getOwnedAssignment(id, effectiveUser._id);
  if (!assignment) throw data("Not found", { status: 404 });
  const bytes = await readUpload(assignment.filePath);
  if (!bytes) throw data("Not found", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      // The stored type was detected from the bytes at upload; nothing else is ever served.
      "Content-Type": assignment.fileType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition("inline", assignment.fileName),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
      "Cache-Control": "private, no-store",
    },
  });
}
