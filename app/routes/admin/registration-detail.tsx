import { readableReference } from "#app/domain/registration-reference.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/registration-detail";
import { pastVacationLock, registrationDetailPage } from "#app/routes/admin/+shared/registration-detail-page.server.ts";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PaymentStatusBadge } from "#app/components/payments/badges.tsx";
import { PaymentsTable } from "#app/components/payments/payments-table.tsx";
import { getRegistrationDetail } from "#app/models/registration-admin.server.ts";
import { ACCESS_RESTRICTED_MESSAGE, ACCESS_RESTRICTED_TITLE } from "#app/domain/messages.ts";
import { Section } from "#app/components/ui/section.tsx";
import { AttendanceTable } from "#app/components/dashboard/attendance-table.tsx";
import {
  changeAmountDue,
  decidePayment,
  editDetails,
  linkAccount,
  recordOfficePayment,
  reinstate,
  unlinkAccount,
  withdraw,
} from "#app/routes/admin/+shared/registration-intents.server.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import {
  LinkedAccounts,
  EditForm,
  WithdrawForm,
  PANEL,
  type ActionReply,
} from "#app/routes/admin/+shared/registration-detail-forms.tsx";
import {
  AdjustDueForm,
  PaymentActions,
  RecordPaymentForm,
} from "#app/routes/admin/+shared/registration-payment-forms.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { permissions } = await requireAdmin(request, handle.rules.access.admin);
  const reg = await getRegistrationDetail(String(params.id));
  if (!reg) throw data("Registration not found", { status: 404 });
  return registrationDetailPage(reg, url, permissions.can_manage_payments);
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { user, permissions } = await requireAdmin(request, handle.rules.access.admin);
  const id = String(params.id);
  const reg = await getRegistrationDetail(id);
  if (!reg) throw data("Registration not found", { status: 404 });

  const formData = await request.formData();
  const intent = intentOf(formData);
  // Which accounts see it is not the vacation's record; the rest of a past vacation's record needs it named.
  if (intent !== "link-account" && intent !== "unlink-account" && !(await pastVacationLock(reg, url)).unlocked)
    throw data(
      `This registration belongs to ${reg.vacation}, a past vacation: open it with its vacation named to change it.`,
      { status: 409 },
    );
  const here = `/admin/registrations/${id}${url.search}`;
  const args = { reg, id, actorId: user._id, formData, here };
  // The intents that change money also need can_manage_payments.
  const money = () => {
    if (!permissions.can_manage_payments)
      throw data({ title: ACCESS_RESTRICTED_TITLE, message: ACCESS_RESTRICTED_MESSAGE }, { status: 403 });
  };
  switch (intent) {
    case "withdraw":
      return withdraw(args);
    case "reinstate":
      return reinstate(args);
    case "edit":
      return editDetails(args);
    case "link-account":
      return linkAccount(args);
    case "unlink-account":
      return unlinkAccount(args);
    case "record":
      money();
      return recordOfficePayment(args);
    case "adjust-due":
      money();
      return changeAmountDue(args);
    case "confirm":
    case "reject":
    case "void":
      money();
      return decidePayment(args);
    default:
      return unknownIntent();
  }
}

export default function RegistrationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { registration: r, payments, trail, linked, lock } = loaderData;
  // A past vacation's record: read-only until opened with its vacation named.
  const canManage = loaderData.canManage && lock.unlocked;
  const reply = actionData as ActionReply | undefined;
  return (
    <AdminPage
      title={r.wardName}
      back={{ to: "/admin/registrations", label: "Back to registrations" }}
      description={
        <>
          Registration {readableReference(r.reference)}
          {r.vacation ? ` · ${r.vacation}` : ""}
        </>
      }
    >
      {lock.past ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {r.vacation} is a past vacation.{" "}
          {lock.unlocked ? (
            "You are changing its record: every change is in the audit trail."
          ) : (
            <Link to={`?vacation=${encodeURIComponent(r.vacation)}`} className="font-semibold underline">
              Change a record of {r.vacation}
            </Link>
          )}
        </p>
      ) : null}

      <Section id="fees-heading" title="Fees and payments" className={PANEL}>
        <dl className="mt-3 grid gap-3 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-gray-700">Amount due{r.feeSeason ? ` (${r.feeSeason})` : ""}</dt>
            <dd className="text-lg font-semibold">{r.balance.amountDue}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Paid (confirmed)</dt>
            <dd className="text-lg font-semibold">{r.balance.amountPaid}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Balance</dt>
            <dd className="text-lg font-semibold">{r.balance.balance || "—"}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Status</dt>
            <dd>
              <PaymentStatusBadge status={r.balance.status} label={r.balance.statusLabel} />
            </dd>
          </div>
        </dl>

        <h3 className="mt-6 font-semibold text-gray-900">Payments</h3>
        <PaymentsTable
          payments={payments}
          label="Payments"
          emptyText="No payments yet."
          className="mt-2 rounded-lg border border-gray-200"
          payer={{ header: "From", cell: (p) => `${p.source}${p.payerPhone ? ` · ${p.payerPhone}` : ""}` }}
          stateNote={(p) => (p.reason ? <p className="mt-1 text-xs text-gray-700">{p.reason}</p> : null)}
          actions={canManage ? (p) => <PaymentActions payment={p} reply={reply} /> : undefined}
        />

        {canManage ? (
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <RecordPaymentForm lastResult={reply?.form === "record" ? reply.result : undefined} />
            <AdjustDueForm
              lastResult={reply?.form === "adjust-due" ? reply.result : undefined}
              current={r.amountDueInput}
            />
          </div>
        ) : (
          <p className="mt-4 text-sm text-gray-700">
            You can see payments; recording them needs the Manage payments permission.
          </p>
        )}
      </Section>

      <Section id="details-heading" title="Registration details" className={PANEL}>
        <dl className="mt-3">
          {r.fields.map(([term, value]) => (
            <div key={term} className="grid gap-1 border-b border-gray-100 py-2 sm:grid-cols-3">
              <dt className="text-sm font-medium text-gray-700">{term}</dt>
              <dd className="text-gray-900 sm:col-span-2">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="attendance-heading" title="Attendance" className={PANEL}>
        <AttendanceTable
          label={`${r.wardName}: attendance by subject`}
          subjects={loaderData.attendance.subjects}
          overall={loaderData.attendance.overall}
        />
        <p className="mt-3 text-sm">
          <a href={`/wards/${r.id}/report.pdf`} className="font-semibold text-brand-700 underline">
            Download the report (PDF)
          </a>
          : attendance, marks and comments of the vacation.
        </p>
      </Section>

      <LinkedAccounts linked={linked} lastResult={reply?.form === "link-account" ? reply.result : undefined} />

      {lock.unlocked ? (
        <>
          <EditForm values={r.edit} lastResult={reply?.form === "edit" ? reply.result : undefined} />

          <Section id="withdraw-heading" title={r.withdrawn ? "Withdrawn" : "Withdraw the ward"} className={PANEL}>
            <WithdrawForm withdrawn={r.withdrawn} lastResult={reply?.form === "withdraw" ? reply.result : undefined} />
          </Section>
        </>
      ) : null}

      <Section id="audit-heading" title="Audit trail" className={PANEL}>
        {trail.length ? (
          <ol className="mt-3 space-y-2">
            {trail.map((t) => (
              <li key={t.id} className="text-sm">
                <span className="font-medium">{t.when}</span> · {t.who}: {t.what}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-gray-700">No changes recorded yet.</p>
        )}
      </Section>
    </AdminPage>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.registration.wardName ?? "Registration"} | Admin | ${SCHOOL_NAME}` }];
}
