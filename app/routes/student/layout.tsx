import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useEffect, useRef } from "react";
import { Form, NavLink, Outlet, useFetcher, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { requireRole } from "#app/utils/auth.server.ts";
import { useClientToast } from "#app/components/toaster.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { AUTO_OPEN_BLOCKED, NO_GROUPS_FOR_SUBJECTS } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PAYMENT_STATUS_LABELS, isPaymentStatus } from "#app/domain/money.ts";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import { Badge, type PortalOutletContext } from "#app/routes/student/+shared/components.tsx";
import { CLASS_PAGES_ACTION } from "#app/routes/student/+shared/group-data.ts";
import { NotificationBell } from "#app/components/dashboard/notification-bell.tsx";
import { countUnseenAnnouncements } from "#app/models/communication.server.ts";
import type { action as classPagesAction } from "#app/routes/student/class-pages.ts";
import { Section } from "#app/components/ui/section.tsx";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

/** UX only: every tab's own loader checks the role again. */
export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const { registration, classPages } = await getStudentPortal(request, info);
  const notOpenedYet = Boolean(registration && !registration.classPagesOpenedAt);
  return {
    accountName: info.effectiveUser.fullName,
    wardName: registration?.wardName ?? null,
    // docs/product.md#behaviour: payment is completed when a registration exists, otherwise pending.
    enrolled: Boolean(registration),
    programmeLabel: registration?.programmeLabel ?? null,
    // Fees (docs/decisions/0020): shown beside the enrolment badge, which keeps its spec meaning.
    fees: isPaymentStatus(registration?.paymentStatus) ? PAYMENT_STATUS_LABELS[registration.paymentStatus] : null,
    showAdminTab: info.user.role === "admin",
    impersonating: info.impersonating,
    // An admin viewing as the student must not use up the student's first opening.
    autoOpen: notOpenedYet && !info.impersonating,
    unseenCount: await countUnseenAnnouncements(info.effectiveUser),
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

const TABS = [
  { to: "/student-dashboard", label: "Overview", end: true },
  { to: "/student-dashboard/subjects", label: "Subjects", end: false },
  { to: "/student-dashboard/whatsapp", label: "WhatsApp", end: false },
  { to: "/student-dashboard/schedule", label: "Schedule", end: false },
  // The assignments of the student's subjects live at /assignments (docs/decisions/0030-…).
  { to: "/assignments", label: "Assignments", end: false },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold sm:px-4 ${isActive ? "bg-brand-700 text-white" : "text-gray-800 hover:bg-gray-100"}`;

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
  const {
    accountName,
    wardName,
    enrolled,
    programmeLabel,
    fees,
    showAdminTab,
    impersonating,
    autoOpen,
    joinList,
    unseenCount,
  } = loaderData;
  const { show, element } = useClientToast();
  useAutoOpenClassPages(autoOpen, show);
  const location = useLocation();
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-4 px-4 py-5">
          <div>
            <p className="text-sm font-medium text-brand-700">{SCHOOL_NAME} · Student Portal</p>
            <h1 className="mt-1 text-2xl font-bold text-gray-900">{wardName ?? accountName}</h1>
            <p className="mt-1 text-sm text-gray-700">Signed in as {accountName}</p>
            <p className="mt-2 flex flex-wrap gap-2">
              <Badge tone={enrolled ? "green" : "yellow"}>{enrolled ? "Enrolled" : "Pending"}</Badge>
              {programmeLabel ? <Badge tone="blue">{programmeLabel}</Badge> : null}
              {fees ? (
                <Badge tone={fees === "Paid" || fees === "Overpaid" ? "green" : "yellow"}>{`Fees: ${fees}`}</Badge>
              ) : null}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <NotificationBell unseenCount={unseenCount} />
            <SignOutButton label="Logout" buttonClassName={buttonClass("secondary")} />
          </div>
        </div>
        <nav aria-label="Student portal" className="mx-auto max-w-6xl px-4 pb-3">
          <ul className="flex flex-wrap gap-1 sm:gap-2">
            {TABS.map((tab) => (
              <li key={tab.to} className="shrink-0">
                <NavLink to={tab.to} end={tab.end} className={tabClass} prefetch="intent">
                  {tab.label}
                </NavLink>
              </li>
            ))}
            {showAdminTab ? (
              <li className="shrink-0">
                <NavLink to="/admin" className={tabClass}>
                  Admin
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
      </header>
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
