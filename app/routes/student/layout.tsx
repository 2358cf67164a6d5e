import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useEffect, useRef } from "react";
import { Form, Outlet, useFetcher, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { requireRole } from "#app/utils/auth.server.ts";
import { useClientToast } from "#app/components/toaster.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { AUTO_OPEN_BLOCKED, NO_GROUPS_FOR_SUBJECTS } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import type { PortalOutletContext } from "#app/routes/student/+shared/components.tsx";
import { StudentPortalHeader } from "#app/routes/student/+shared/frame.tsx";
import { studentFrameData } from "#app/routes/student/+shared/frame.server.ts";
import { CLASS_PAGES_ACTION } from "#app/routes/student/+shared/group-data.ts";
import type { action as classPagesAction } from "#app/routes/student/class-pages.ts";
import { Section } from "#app/components/ui/section.tsx";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

/** UX only: every tab's own loader checks the role again. */
export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const { registration, classPages } = await getStudentPortal(request, info);
  const notOpenedYet = Boolean(registration && !registration.classPagesOpenedAt);
  return {
    ...(await studentFrameData(info, registration)),
    impersonating: info.impersonating,
    // An admin viewing as the student must not use up the student's first opening.
    autoOpen: notOpenedYet && !info.impersonating,
    joinList: notOpenedYet
      ? classPages.filter((g) => g.link).map((g) => ({ id: g.id, subject: g.subjectName, link: g.link! }))
      : [],
  };
}

/** Keep this view (and its 'Join your class pages' list) after the automatic opening is recorded. */
export function shouldRevalidate({ formAction, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === CLASS_PAGES_ACTION && formData?.get("intent") === "auto-open") return false;
  return defaultShouldRevalidate;
}

type ShowToast = ReturnType<typeof useClientToast>["show"];

/**
 * docs/product.md#behaviour: on the first portal load with a registration, open each usable class
 * page once, a toast per group 200 ms apart. The server claims the opening
 * atomically first, so it happens once per registration, whatever the tabs.
 */
function useAutoOpenClassPages(autoOpen: boolean, show: ShowToast) {
  const fetcher = useFetcher<typeof classPagesAction>({ key: "class-pages-auto-open" });
  const started = useRef(false);
  const handled = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (!autoOpen || started.current) return;
    started.current = true;
    void submit({ intent: "auto-open" }, { method: "post", action: CLASS_PAGES_ACTION });
  }, [autoOpen, submit]);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current || fetcher.state !== "idle") return;
    handled.current = true;
    if (result.status === "none") {
      show({ type: "info", title: "WhatsApp Groups", description: NO_GROUPS_FOR_SUBJECTS });
      return;
    }
    if (result.status !== "opened") return;
    let blocked = false;
    result.links.forEach((group, i) => {
      window.setTimeout(() => {
        if (blocked) return;
        const opened = window.open(group.link, "_blank");
        if (!opened) {
          blocked = true;
          show({
            type: "error",
            title: AUTO_OPEN_BLOCKED,
            description: "Use the 'Join your class pages' links on this page instead.",
          });
          return;
        }
        opened.opener = null;
        show({ type: "success", title: "Joining Group", description: `Opening WhatsApp for ${group.subject}` });
      }, i * 200);
    });
  }, [fetcher.data, fetcher.state, show]);
}

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
  const { impersonating, autoOpen, joinList, ...frame } = loaderData;
  const { show, element } = useClientToast();
  useAutoOpenClassPages(autoOpen, show);
  const location = useLocation();
  return (
    <>
      <StudentPortalHeader {...frame} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {joinList.length > 0 ? (
          <Section
            id="join-class-pages"
            title="Join your class pages"
            className="mb-6 rounded-xl border-2 border-green-700 bg-green-50 p-5"
          >
            <p className="mt-1 text-sm text-gray-800">
              Tap each link to join the WhatsApp class page of your subject. Each one opens WhatsApp in a new tab.
            </p>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {joinList.map((g) => (
                <li key={g.id}>
                  <a
                    href={g.link}
                    target="_blank"
                    rel="noopener"
                    className="font-semibold text-green-800 underline underline-offset-2"
                  >
                    Join the {g.subject} class page
                  </a>
                </li>
              ))}
            </ul>
            {impersonating ? null : (
              <Form method="post" action={CLASS_PAGES_ACTION} className="mt-4">
                <input type="hidden" name="intent" value="dismiss" />
                <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                <button type="submit" className={buttonClass("secondary")}>
                  I have joined them: hide this list
                </button>
              </Form>
            )}
          </Section>
        ) : null}
        <Outlet context={{ showToast: show } satisfies PortalOutletContext} />
      </main>
      {element}
    </>
  );
}

export function meta() {
  return [{ title: `Student Portal | ${SCHOOL_NAME}` }];
}
