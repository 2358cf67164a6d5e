import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Link } from "react-router";
import { vacationFilter } from "#app/services/content/vacations.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { decidePayment } from "#app/routes/admin/+shared/registration-intents.server.ts";
import type { ActionReply } from "#app/routes/admin/+shared/registration-detail-forms.tsx";
import { PaymentActions } from "#app/routes/admin/+shared/registration-payment-forms.tsx";
import type { Route } from "./+types/payments";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { METHOD_OPTIONS, PAYMENTS_PER_PAGE, PaymentsQuerySchema, STATE_OPTIONS } from "#app/forms/payments.schema.ts";
import { paymentView } from "#app/domain/payment-view.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { PaymentsTable } from "#app/components/payments/payments-table.tsx";
import { adminPaymentFilter, getPayment, listAdminPayments, registrationNames } from "#app/models/payment.server.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { RecordFilters, RecordsSection } from "#app/components/ui/filter-form.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_manage_payments" } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const query = PaymentsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const vacation = await vacationFilter(query.vacation);
  const filter = await adminPaymentFilter({ ...query, vacation: vacation.name });
  const { items, total } = await listAdminPayments(filter, query.page, PAYMENTS_PER_PAGE);
  const names = await registrationNames(items.map((p) => p.registrationId));
  const exportParams = new URLSearchParams(url.searchParams);
  exportParams.delete("page");
  exportParams.set("vacation", vacation.value);
  return {
    vacationOptions: vacation.options,
    query: {
      vacation: vacation.value,
      vacationAsked: query.vacation ?? "",
      q: query.q,
      state: query.state ?? "",
      method: query.method ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
    },
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAYMENTS_PER_PAGE)),
    total,
    exportHref: `/admin/payments/export?${exportParams}`,
    rows: items.map((p) => {
      const reg = names.get(String(p.registrationId));
      return {
        ...paymentView(p),
        registrationId: String(p.registrationId),
        wardName: reg?.wardName ?? "(deleted registration)",
        parentName: reg?.parentName ?? "",
      };
    }),
  };
}

/**
 * Confirm, refuse or void a payment from the list (docs/payments.md), under the rules of the registration's page: a
 * gateway payment is checked with the gateway first, a refusal or a void needs a reason, and each is audited.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "confirm":
    case "reject":
    case "void": {
      const paymentId = String(formData.get("paymentId") ?? "");
      const payment = ID_PATTERN.test(paymentId) ? await getPayment(paymentId) : null;
      if (!payment) throw data("Payment not found", { status: 404 });
      return decidePayment({
        id: String(payment.registrationId),
        actorId: user._id,
        formData,
        here: `/admin/payments${url.search}`,
      });
    }
    default:
      return unknownIntent();
  }
}

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, query, total, page, pageCount, exportHref, vacationOptions } = loaderData;
  const reply = actionData as ActionReply | undefined;
  const filtered = Boolean(query.q || query.state || query.method || query.from || query.to || query.vacationAsked);
  return (
    <AdminPage
      title="Payments"
      actions={
        <>
          <div className="flex flex-wrap gap-3">
            <Link to="/admin/payments/reconciliation" className={buttonClass("secondary")}>
              Reconciliation
            </Link>
            <a href={exportHref} className={buttonClass("primary")} download>
              Export CSV
            </a>
          </div>
        </>
      }
    >
      <RecordFilters
        path="/admin/payments"
        label="Payments"
        idPrefix="pay"
        filtered={filtered}
        search={{ label: "Search payments", placeholder: "Reference, phone or ward", value: query.q }}
        selects={[
          { name: "vacation", label: "Vacation", value: query.vacation, options: vacationOptions },
          { name: "state", label: "State", all: "All states", value: query.state, options: STATE_OPTIONS },
          { name: "method", label: "Method", all: "All methods", value: query.method, options: METHOD_OPTIONS },
        ]}
        period={{ from: { label: "Paid from", value: query.from }, to: { label: "Paid to", value: query.to } }}
      />

      <RecordsSection
        id="pay-list"
        title="Pending first, then newest"
        count={total === 1 ? "1 payment" : `${total} payments`}
      >
        <PaymentsTable
          payments={rows}
          label="Payments table (scrolls sideways)"
          emptyText="No payments match."
          className=""
          ward={(p) => (
            <>
              <Link to={`/admin/registrations/${p.registrationId}`} className="font-semibold text-brand-700 underline">
                {p.wardName}
              </Link>
              <p className="text-xs text-gray-700">{p.parentName}</p>
            </>
          )}
          payer={{ header: "Payer phone", cell: (p) => p.payerPhone }}
          actions={(p) => <PaymentActions payment={p} reply={reply} />}
          stateNote={(p) => (p.reason ? <p className="mt-1 text-xs text-gray-800">{p.reason}</p> : null)}
        />
        <Pagination page={page} pageCount={pageCount} className="border-t border-gray-200 p-4" />
      </RecordsSection>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Payments | Admin | ${SCHOOL_NAME}` }];
}
