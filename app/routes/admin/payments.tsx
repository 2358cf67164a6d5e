import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import { vacationFilter } from "#app/services/vacations.server.ts";
import type { Route } from "./+types/payments";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { METHOD_OPTIONS, PAYMENTS_PER_PAGE, PaymentsQuerySchema, STATE_OPTIONS } from "#app/forms/payments.schema.ts";
import { paymentView } from "#app/domain/payment-view.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { PaymentsTable } from "#app/components/payments/payments-table.tsx";
import { adminPaymentFilter, listAdminPayments, registrationNames } from "#app/models/payment.server.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { RecordFilters, RecordsSection } from "#app/components/ui/filter-form.tsx";

export const handle = { rules: { access: { admin: "can_manage_payments" } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, "can_manage_payments");
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

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { rows, query, total, page, pageCount, exportHref, vacationOptions } = loaderData;
  const filtered = Boolean(query.q || query.state || query.method || query.from || query.to || query.vacationAsked);
  return (
    <main id="main" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Payments</h1>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/payments/reconciliation" className={buttonClass("secondary")}>
            Reconciliation
          </Link>
          <a href={exportHref} className={buttonClass("primary")} download>
            Export CSV
          </a>
        </div>
      </div>

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
          stateNote={(p) => (p.reason ? <p className="mt-1 text-xs text-gray-800">{p.reason}</p> : null)}
        />
        <Pagination page={page} pageCount={pageCount} className="border-t border-gray-200 p-4" />
      </RecordsSection>
    </main>
  );
}

export function meta() {
  return [{ title: `Payments | Admin | ${SCHOOL_NAME}` }];
}
