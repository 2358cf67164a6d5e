import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/assignment-delete";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { safeRedirect } from "#app/utils/redirect.ts";
import { removeUpload } from "#app/utils/uploads.server.ts";
import { deleteOwnedAssignment, getOwnedAssignment } from "#app/models/assignment.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { hasHandedInWork } from "#app/services/teaching/handins.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { ID_PATTERN } from "#app/domain/ids.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

const BACK_PATHS = ["/facilitator-dashboard/assignments", "/dashboard/assignments", "/assignments"];
const DeleteSchema = z.object({ redirectTo: z.string().max(200).optional() });

function backPath(value: unknown) {
  const to = safeRedirect(typeof value === "string" ? value : null, BACK_PATHS[0]);
  return BACK_PATHS.includes(to) ? to : BACK_PATHS[0];
}

async function findOwned(request: Request, params: { assignmentId?: string }) {
  const info = await requireRole(request, handle.rules.access.roles);
  const id = String(params.assignmentId);
  const assignment = ID_PATTERN.test(id) ? await getOwnedAssignment(id, info.effectiveUser._id) : null;
  // Someone else's assignment is "not found", never "forbidden".
  if (!assignment) throw data("Not found", { status: 404 });
  return { ...info, assignment };
}

/** The no-JavaScript confirmation page (with JavaScript a modal posts straight to the action). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { assignment } = await findOwned(request, params);
  return { title: assignment.title, back: backPath(url.searchParams.get("redirectTo")) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { assignment, ...info } = await findOwned(request, params);
  const parsed = DeleteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Invalid request.", { status: 400 });
  // Work handed in keeps its assignment: its marks and files would otherwise lose what they answer.
  if (await hasHandedInWork(assignment._id))
    return redirectWithToast(backPath(parsed.data.redirectTo), {
      type: "error",
      title: "Work has been handed in for this assignment",
      description: "It stays, with its marks.",
    });
  await deleteOwnedAssignment(assignment._id, info.effectiveUser._id);
  if (assignment.filePath) await removeUpload(assignment.filePath);
  await audit("assignment.delete", actorOf(info), assignment._id, {
    title: assignment.title,
    subject: assignment.subject,
  });
  return redirectWithToast(backPath(parsed.data.redirectTo), {
    type: "success",
    title: "Assignment deleted successfully",
  });
}

export default function DeleteAssignment({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Delete assignment">
      <div className="max-w-lg rounded-xl border border-red-200 bg-white p-6">
        <p className="text-gray-900">
          Delete <strong>{loaderData.title}</strong>? The assignment and its file are removed for good. This cannot be
          undone.
        </p>
        <Form method="post" className="mt-5 flex gap-2">
          <input type="hidden" name="redirectTo" value={loaderData.back} />
          <Button type="submit" variant="danger">
            Delete
          </Button>
          <Link to={loaderData.back} className={buttonClass("secondary")}>
            Cancel
          </Link>
        </Form>
      </div>
    </DashboardPage>
  );
}
