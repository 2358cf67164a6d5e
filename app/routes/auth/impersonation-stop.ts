import type { RouteHandle } from "#app/utils/route-rules.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/impersonation-stop";
import { requireUser } from "#app/utils/auth.server.ts";
import { setImpersonation } from "#app/utils/session-cookie.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { audit } from "#app/models/audit-log.server.ts";

export const handle = { rules: { access: "signed-in", maintenance: "open" } } satisfies RouteHandle;

/** A GET stops nothing (state changes are POSTs only). */
export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireUser(request);
  return redirect(info.user.role === "admin" ? "/admin" : "/");
}

/** 'Exit Impersonation': clears it, records it and returns the admin to /admin. */
export async function action({ request }: Route.ActionArgs) {
  const info = await requireUser(request);
  if (!info.impersonating) return redirect(info.user.role === "admin" ? "/admin" : "/");
  await setImpersonation(info.sessionId, null);
  await audit("impersonation.stop", info.user._id, info.effectiveUser._id);
  return redirectWithToast("/admin", { type: "info", title: "Impersonation ended" });
}
