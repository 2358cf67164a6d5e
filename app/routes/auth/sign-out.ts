import type { RouteHandle } from "#app/utils/route-rules.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { destroyUserSession } from "#app/utils/session-cookie.server.ts";
import { toastHeader } from "#app/utils/toast.server.ts";
import { safeRedirect } from "#app/utils/redirect.ts";

export const handle = { rules: { access: "public", maintenance: "open" } } satisfies RouteHandle;

export function loader() {
  return redirect("/");
}

/** Sign-out is a POST (a GET must never change state): it deletes the Session document. */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(request));
  headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Signed out successfully" }));
  return redirect(safeRedirect(formData.get("redirectTo"), "/portal"), { headers });
}
