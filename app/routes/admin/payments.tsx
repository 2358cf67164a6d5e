import { Form, Link } from "react-router";
import type { Route } from "./+types/payments";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { METHOD_OPTIONS, PAYMENTS_PER_PAGE, PaymentsQuerySchema, STATE_OPTIONS } from "#app/forms/payments.schema.ts";
import { paymentView } from "#app/domain/payment-view.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { PaymentStateBadge } from "#app/components/payments/badges.tsx";
import { adminPaymentFilter, listAdminPayments, registrationNames } from "#models/payment.server.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "can_manage_payments");
  const url = new URL(request.url);
  const query = PaymentsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const filter = await adminPaymentFilter(query);
  const { items, total } = await listAdminPayments(filter, query.page, PAYMENTS_PER_PAGE);
  const names = await registrationNames(items.map((p) => p.registrationId));
  const exportParams = new URLSearchParams(url.searchParams);
  exportParams.delete("page");
  return {
    query: { q: query.q, state: query.state ?? "", method: query.method ?? "", from: query.from ?? "", to: query.to ?? "" },
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAYMENTS_PER_PAGE)),
    total,
    exportHref: `/admin/payments/export${exportParams.size ? `?${exportParams}` : ""}`,
    rows: items.map((p) => {
      const reg = names.get(String(p.registrationId));
      return { ...paymentView(p), registrationId: String(p.registrationId), wardName: reg?.wardName ?? "(deleted registration)", parentName: reg?.parentName ?? "" };
    }),
  };
}

const selectClass = "block rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900";

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { rows, query, total, page, pageCount, exportHref } = loaderData;
  const filtered = Boolean(query.q || query.state || query.method || query.from || query.to);
  return (
    <main id="main" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Payments</h1>
        <a href={exportHref} className={buttonClass("primary")} download>
          Export CSV
        </a>
      </div>

      <Form method="get" action="/admin/payments" role="search" aria-label="Payments" className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4">
        <div className="min-w-56 flex-1">
          <label htmlFor="pay-q" className="mb-1 block text-sm font-medium text-gray-900">
            Search payments
          </label>
          <input id="pay-q" type="search" name="q" defaultValue={query.q} key={query.q} maxLength={100} placeholder="Reference, phone or ward" className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900" />
        </div>
        <div>
          <label htmlFor="pay-state" className="mb-1 block text-sm font-medium text-gray-900">
            State
          </label>
          <select id="pay-state" name="state" defaultValue={query.state} key={query.state} className={selectClass}>
            <option value="">All states</option>
            {STATE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pay-method" className="mb-1 block text-sm font-medium text-gray-900">
            Method
          </label>
          <select id="pay-method" name="method" defaultValue={query.method} key={query.method} className={selectClass}>
            <option value="">All methods</option>
            {METHOD_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pay-from" className="mb-1 block text-sm font-medium text-gray-900">
            Paid from
          </label>
          <input id="pay-from" type="date" name="from" defaultValue={query.from} key={query.from} className={selectClass} />
        </div>
        <div>
          <label htmlFor="pay-to" className="mb-1 block text-sm font-medium text-gray-900">
            Paid to
          </label>
          <input id="pay-to" type="date" name="to" defaultValue={query.to} key={query.to} className={selectClass} />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Filter
        </button>
        {filtered ? (
          <Link to="/admin/payments" className={buttonClass("ghost")}>
            Clear
          </Link>
        ) : null}
      </Form>

      <section aria-labelledby="pay-list" className="rounded-xl border border-gray-200 bg-white">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-200 p-4">
          <h2 id="pay-list" className="text-lg font-semibold text-gray-900">
            Pending first, then newest
          </h2>
          <p className="text-sm text-gray-700" aria-live="polite">
            {total === 1 ? "1 payment" : `${total} payments`}
          </p>
        </div>
        <DataTable
          label="Payments table (scrolls sideways)"
          headers={["Paid on", "Ward", "Amount", "Method", "Reference", "Payer phone", "State", "Receipt"]}
          rowCount={rows.length}
          emptyText="No payments match."
          className=""
        >
          {rows.map((p) => (
            <tr key={p.id} className="align-top">
              <td className="whitespace-nowrap px-3 py-2">{p.paidOn}</td>
              <td className="px-3 py-2">
                <Link to={`/admin/registrations/${p.registrationId}`} className="font-semibold text-brand-700 underline">
                  {p.wardName}
                </Link>
                <p className="text-xs text-gray-700">{p.parentName}</p>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{p.amount}</td>
              <td className="px-3 py-2">{p.method}</td>
              <td className="px-3 py-2 font-mono">{p.reference}</td>
              <td className="px-3 py-2">{p.payerPhone}</td>
              <td className="px-3 py-2">
                <PaymentStateBadge state={p.state} label={p.stateLabel} />
              </td>
              <td className="px-3 py-2">
                {p.receiptCode ? (
                  <a href={`/payments/${p.id}/receipt.pdf`} className="font-semibold text-brand-700 underline" aria-label={`Receipt ${p.receiptCode} (PDF)`}>
                    {p.receiptCode}
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
        <Pagination page={page} pageCount={pageCount} className="border-t border-gray-200 p-4" />
      </section>
    </main>
  );
}

export function meta() {
  return [{ title: `Payments | Admin | ${SCHOOL_NAME}` }];
}
