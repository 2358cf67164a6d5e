import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/impersonation-start";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { setImpersonation } from "#app/utils/session-cookie.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { homePathForRole } from "#app/domain/roles.ts";
import { User } from "#app/models/user.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";

export const handle = { rules: { access: { admin: "can_edit_users" }, maintenance: "open" } } satisfies RouteHandle;

const Schema = z.object({ userId: z.string().regex(ID_PATTERN) });

/** A GET (e.g. a bookmarked URL) starts nothing: back to User Management. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  return redirect("/admin/users");
}

/** 'View as' (docs/product.md#behaviour): admins with can_edit_users, non-admin targets only. POST only. */
export async function action({ request }: Route.ActionArgs) {
  const { user, sessionId } = await requireAdmin(request, handle.rules.access.admin);
  const parsed = Schema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!parsed.success) throw data("Choose a user to view as.", { status: 400 });
  const target = await User.findById(parsed.data.userId).select("_id role fullName").lean();
  if (!target) throw data("User not found.", { status: 404 });
  if (target.role === "admin") throw data("Admins cannot be impersonated.", { status: 403 });
  await setImpersonation(sessionId, target._id);
  await audit("impersonation.start", user._id, target._id, { role: target.role });
  // "View as" lands where the user would after signing in (docs/product.md#behaviour).
  return redirectWithToast(homePathForRole(target.role), {
    type: "success",
    title: "Impersonation Started",
    description: `Viewing as ${target.role} - ${target.fullName}`,
  });
}
