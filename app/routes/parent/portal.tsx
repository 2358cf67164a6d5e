import { readableReference } from "#app/domain/registration-reference.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/portal";
import { parentPortal } from "#app/routes/parent/+shared/portal-page.server.ts";
import { requireRole } from "#app/utils/auth.server.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { PortalHeader } from "#app/components/dashboard/portal-header.tsx";
import { ClassPageCard, ParentGroupCard } from "#app/components/dashboard/group-card.tsx";
import { EmptyState } from "#app/components/dashboard/page.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PaymentStatusBadge } from "#app/components/payments/badges.tsx";
import { TimetableList } from "#app/components/dashboard/timetable-list.tsx";
import { enrolAgainPath } from "#app/domain/vacations.ts";

export const handle = { rules: { access: { roles: ["parent", "admin"] } } } satisfies RouteHandle;

/**
 * The parent portal (docs/product.md#screens: the specification's 'Parent Portal Coming Soon' placeholder is
 * replaced by what is here, docs/product.md#deliberate-changes): the parent's
 * wards' registrations with their class pages and the parents' group. Shows
 * the effective user; the Admin Portal tab only for a real admin.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return parentPortal(user, effectiveUser);
}

export default function ParentPortal({ loaderData }: Route.ComponentProps) {
  const { name, role, isAdmin, wards, unseenCount, toAnswer, offers, history } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <PortalHeader portal="Parent Portal" name={name} role={role} unseenCount={unseenCount} />
      <nav aria-label="Parent portal tabs" className="mt-4">
        <ul className="flex gap-1 border-b border-gray-200">
          <li>
            <Link
              to="/parent-dashboard"
              aria-current="page"
              className="block border-b-2 border-brand-700 px-4 py-3 text-sm font-semibold text-brand-800"
            >
              Overview
            </Link>
          </li>
          {role === "parent" ? (
            <li>
              <Link
                to="/dashboard/evaluations"
                className="block border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-gray-700 hover:text-gray-900"
              >
                Evaluation Forms
                {toAnswer > 0 ? (
                  <span className="ml-2 inline-block rounded-full bg-red-700 px-2 text-xs font-bold text-white">
                    {toAnswer}
                    <span className="sr-only"> to answer</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ) : null}
          {isAdmin ? (
            <li>
              <Link
                to="/admin"
                className="block border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-gray-700 hover:text-gray-900"
              >
                Admin Portal
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <main id="main" className="mt-6 space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 id="wards-heading" className="text-2xl font-bold text-gray-900">
              Your wards
            </h1>
            <p className="mt-1 text-gray-700">Registrations, fees, class pages and timetables.</p>
          </div>
          {wards.length ? (
            <p className="flex flex-wrap gap-2">
              <Link to="/link-registration" className={buttonClass("secondary")}>
                Link another registration
              </Link>
              <Link to="/registration" className={buttonClass("ghost", "underline")}>
                Register a ward
              </Link>
            </p>
          ) : null}
        </div>
        {offers.length ? (
          <section aria-labelledby="enrol-again-heading" className="rounded-xl border border-brand-200 bg-brand-50 p-5">
            <h2 id="enrol-again-heading" className="text-lg font-semibold text-gray-900">
              {offers.every((o) => o.vacation === offers[0].vacation)
                ? `Enrol again for ${offers[0].vacation}`
                : "Enrol again"}
            </h2>
            <p className="mt-1 text-sm text-gray-800">The last enrolment&apos;s answers are filled in for you.</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {offers.map((o) => (
                <li key={`${o.registrationId} ${o.vacation}`}>
                  <Link to={enrolAgainPath(o)} className={buttonClass("primary")}>
                    Enrol {o.wardName} for {o.vacation}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="wards-heading">
          {wards.length ? (
            <ul className="space-y-6">
              {wards.map((w) => (
                <li key={w.id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h2 className="text-lg font-semibold text-gray-900">{w.wardName}</h2>
                      <p className="text-sm text-gray-700">
                        {w.vacation ? `${w.vacation} · ` : ""}
                        {programmeLabel(w.programme)} · {w.subjects.length} subjects · reference{" "}
                        <span className="font-mono">{readableReference(w.reference)}</span>
                      </p>
                    </div>
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      Enrolled
                    </span>
                  </div>
                  <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-800">
                    <span>
                      <span className="font-semibold text-gray-900">Attendance:</span> {w.attendance}
                    </span>
                    <Link to={`/parent-dashboard/wards/${w.id}`} className="font-semibold text-brand-700 underline">
                      Progress of {w.wardName}
                    </Link>
                  </p>
                  {w.fees.feeSet ? (
                    <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-800">
                      <PaymentStatusBadge status={w.fees.status} label={w.fees.statusLabel} />
                      <span>
                        Due {w.fees.amountDue} · paid {w.fees.amountPaid} · balance {w.fees.balance}
                      </span>
                      <Link to="/dashboard/payments" className="font-semibold text-brand-700 underline">
                        Payment History
                      </Link>
                    </p>
                  ) : null}
                  <h3 className="mt-4 font-semibold text-gray-900">Class pages</h3>
                  {w.classPages.length ? (
                    <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                      {w.classPages.map((g) => (
                        <ClassPageCard key={g._id} group={g} headingLevel={4} />
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-gray-700">WhatsApp groups being set up</p>
                  )}
                  <h3 className="mt-4 font-semibold text-gray-900">Parents' group</h3>
                  <div className="mt-2">
                    <ParentGroupCard group={w.parentGroup} headingLevel={4} />
                  </div>
                  {w.evaluations.length ? (
                    <>
                      <h3 className="mt-4 font-semibold text-gray-900">Evaluation forms</h3>
                      <ul className="mt-2 space-y-1 text-sm">
                        {w.evaluations.map((f) => (
                          <li key={f.id}>
                            <Link
                              to={`/dashboard/evaluations/${f.id}/${w.id}`}
                              className="font-semibold text-brand-700 underline"
                            >
                              {f.title}
                            </Link>{" "}
                            <span className="text-gray-700">
                              · {f.answered ? "answered (you can still change it)" : "not answered yet"} · open until{" "}
                              {f.closesAt}
                            </span>
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                  <div className="mt-4">
                    <TimetableList
                      timetables={w.timetables}
                      headingId={`timetables-${w.id}`}
                      heading="Timetables"
                      headingLevel={3}
                    />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>
              {history.length
                ? "None of your wards is enrolled for this vacation yet. "
                : "No registration is linked to your account or phone number yet. "}
              <Link to="/registration" className={buttonClass("ghost", "underline")}>
                Register a ward
              </Link>{" "}
              or{" "}
              <Link to="/link-registration" className={buttonClass("ghost", "underline")}>
                link a registration with its claim code
              </Link>
            </EmptyState>
          )}
        </section>
        {history.length ? (
          <section aria-labelledby="history-heading" className="rounded-xl border border-gray-200 bg-white p-5">
            <h2 id="history-heading" className="text-lg font-semibold text-gray-900">
              Earlier vacations
            </h2>
            <ul className="mt-3 divide-y divide-gray-200">
              {history.map((h) => (
                <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                  <span>
                    <strong className="text-gray-900">{h.wardName}</strong> · {h.vacation} · {h.programme} ·{" "}
                    <Link to={`/registration/${h.reference}`} className="font-mono text-brand-700 underline">
                      {readableReference(h.reference)}
                    </Link>
                  </span>
                  {h.fees.feeSet ? (
                    <span className="flex items-center gap-2">
                      <PaymentStatusBadge status={h.fees.status} label={h.fees.statusLabel} />
                      balance {h.fees.balance}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm">
              <Link to="/dashboard/payments" className="font-semibold text-brand-700 underline">
                Payments and receipts of every vacation
              </Link>
            </p>
          </section>
        ) : null}
      </main>
    </div>
  );
}

export function meta() {
  return [{ title: `Parent Portal | ${SCHOOL_NAME}` }];
}
