import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/class-pages";
import { requireRole } from "#app/utils/auth.server.ts";
import { safeRedirect } from "#app/utils/redirect.ts";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import { claimClassPagesOpening } from "#app/services/teaching/classes.server.ts";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

const ClassPagesSchema = z.object({
  intent: z.enum(["auto-open", "dismiss"]),
  redirectTo: z.string().max(300).optional(),
});

export function loader() {
  return redirect("/student-dashboard");
}

/**
 * Records that the class pages of the student's registration were opened
 * (docs/product.md#behaviour: once per registration). 'auto-open' (JS) answers with the links to
 * open, only to the one request that claimed it; 'dismiss' (a plain form)
 * hides the 'Join your class pages' list.
 */
export async function action({ request }: Route.ActionArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const formData = await request.formData();
  const parsed = ClassPagesSchema.safeParse({
    intent: formData.get("intent"),
    redirectTo: formData.get("redirectTo") ?? undefined,
  });
  if (!parsed.success) throw data("Invalid request.", { status: 400 });
  if (info.impersonating) throw data("Class pages are not opened while viewing as someone else.", { status: 403 });
  const { registration, classPages } = await getStudentPortal(request, info);
  if (!registration) throw data("No registration found.", { status: 404 });
  const links = classPages.flatMap((g) => (g.link ? [{ subject: g.subjectName, link: g.link }] : []));
  switch (parsed.data.intent) {
    case "dismiss":
      return dismiss(registration.id, parsed.data.redirectTo);
    case "auto-open":
      return autoOpen(registration.id, links);
  }
}

/** The student closed the notice: the pages will not open by themselves again. */
async function dismiss(registrationId: string, redirectTo: string | undefined) {
  await claimClassPagesOpening(registrationId);
  const to = safeRedirect(redirectTo, "/student-dashboard");
  return redirect(to.startsWith("/student-dashboard") ? to : "/student-dashboard");
}

/** The class pages, opened once: the first visit after they exist claims the opening. */
async function autoOpen(registrationId: string, links: Array<{ subject: string; link: string }>) {
  // Nothing to open yet: leave it unclaimed so the pages open once they exist.
  if (links.length === 0) return { status: "none" as const, links: [] };
  if (!(await claimClassPagesOpening(registrationId))) return { status: "already" as const, links: [] };
  return { status: "opened" as const, links };
}
