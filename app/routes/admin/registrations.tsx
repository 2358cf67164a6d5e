import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useEffect, useState } from "react";
import { data, Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/registrations";
import { registrationsPage } from "#app/routes/admin/+shared/registrations-page.server.ts";
import { DeleteAllFields } from "#app/routes/admin/+shared/delete-all-fields.tsx";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { PROGRAMME_OPTIONS, PROGRAMMES, programmeLabel } from "#app/domain/programmes.ts";
import { NO_REGISTRATIONS_MATCHING } from "#app/domain/messages.ts";
import { DeleteRegistrationSchema } from "#app/forms/admin-registrations.schema.ts";
import { Button, ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import {
  deleteRegistrationAndRedirect,
  registrationsReturnUrl,
} from "#app/routes/admin/+shared/registrations.server.ts";
import { ConfirmDialog } from "#app/routes/admin/+shared/registrations-dialog.tsx";
import { CsvDownloadLink } from "#app/routes/admin/+shared/registrations-csv-link.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from "#app/domain/money.ts";
import { PaymentStatusBadge } from "#app/components/payments/badges.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { FilterForm, FilterSearch, FilterSelect } from "#app/components/ui/filter-form.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  return registrationsPage(url);
}

export async function action({ request, url }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  const parsed = DeleteRegistrationSchema.safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) throw data("Choose a registration to delete.", { status: 400 });
  return deleteRegistrationAndRedirect(
    user._id,
    parsed.data.id,
    registrationsReturnUrl(`${url.pathname}${url.search}`),
  );
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { rows, counts, total, page, pageCount, q, programme, payment, perPage } = loaderData;
  const { vacation, vacationName, vacationOptions, exportQuery, filtered, enrolmentsGoTo, enrolmentsAlsoHere } =
    loaderData;
  const hydrated = useHydrated();
  const location = useLocation();
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);
  // A finished delete reloads the list: close the dialogs.
  useEffect(() => {
    setToDelete(null);
    setDeleteAllOpen(false);
  }, [loaderData]);
  const returnTo = `${location.pathname}${location.search}`;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);

  return (
    <AdminPage
      title="Registration Management"
      actions={
        <>
          <ButtonLink to="/registration-view-list" variant="secondary">
            View List
          </ButtonLink>
          <CsvDownloadLink href={`/admin/registrations/export${exportQuery}`} variant="primary">
            Export CSV
          </CsvDownloadLink>
          {hydrated ? (
            <Button variant="danger" onClick={() => setDeleteAllOpen(true)}>
              Delete All
            </Button>
          ) : (
            <ButtonLink to="/admin/registrations/delete-all" variant="danger">
              Delete All
            </ButtonLink>
          )}
        </>
      }
    >
      <p className="text-gray-800" data-testid="vacation-shown">
        {vacationName ? (
          <>
            Showing <strong>{vacationName}</strong>
          </>
        ) : (
          "Showing every vacation"
        )}
        {enrolmentsGoTo ? (
          <>
            {". "}New enrolments {enrolmentsAlsoHere ? "also " : ""}go to {enrolmentsGoTo}:{" "}
            <Link
              to={`/admin/registrations?vacation=${encodeURIComponent(enrolmentsGoTo)}${loaderData.q ? `&q=${encodeURIComponent(loaderData.q)}` : ""}`}
              className="font-semibold text-brand-700 underline"
            >
              {loaderData.q ? `search ${enrolmentsGoTo}` : `show ${enrolmentsGoTo}`}
            </Link>
            .
          </>
        ) : null}
      </p>
      <Section id="reg-stats" title="Enrolment counts" headingClassName="sr-only">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
          <li className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
            <p className="text-sm font-medium text-gray-700">Total Enrolled</p>
            <p className="mt-1 text-2xl font-bold text-gray-900" data-testid="count-total">
              {counts.total}
            </p>
          </li>
          {PROGRAMMES.map((p) => (
            <li key={p} className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <p className="text-sm font-medium text-gray-700">{programmeLabel(p)}</p>
              <p className="mt-1 text-2xl font-bold text-gray-900" data-testid={`count-${p}`}>
                {counts.byProgramme[p]}
              </p>
              <CsvDownloadLink
                href={`/admin/registrations/export/${p}${exportQuery}`}
                label={`Download CSV for ${programmeLabel(p)}`}
                className="mt-2 !min-h-9 !px-2 !py-1 text-xs"
              >
                Download CSV
              </CsvDownloadLink>
            </li>
          ))}
        </ul>
      </Section>

      <FilterForm
        action="/admin/registrations"
        label="Registrations"
        clear={q || programme || payment || filtered ? { to: "/admin/registrations" } : null}
      >
        <FilterSelect id="reg-vacation" name="vacation" label="Vacation" value={vacation} options={vacationOptions} />
        <FilterSearch
          id="reg-search"
          label="Search registrations"
          value={q}
          placeholder="Name, phone, reference, programme or subject"
        />
        <FilterSelect
          id="reg-programme"
          name="programme"
          label="Programme"
          value={programme}
          all="All Programmes"
          options={PROGRAMME_OPTIONS}
        />
        <FilterSelect
          id="reg-payment"
          name="payment"
          label="Payment"
          value={payment}
          all="All payment states"
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
        />
      </FilterForm>

      <section aria-labelledby="reg-list" className="rounded-xl border border-gray-200 bg-white">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-200 p-4">
          <h2 id="reg-list" className="text-lg font-semibold text-gray-900">
            Registrations
          </h2>
          <p className="text-sm text-gray-700" aria-live="polite">
            {total === 0 ? "0 registrations" : `Showing ${first}–${last} of ${total}`}
          </p>
        </div>
        <DataTable
          label="Registrations table (scrolls sideways)"
          caption="Registrations, newest first"
          headers={["Parent Name", "Ward Name", "Programme", "Subjects", "Status", "Fees", "Date", "Actions"]}
          rows={rows}
          emptyText={NO_REGISTRATIONS_MATCHING}
          className=""
          dense
        >
          {(r) => (
            <>
              <td className="px-2 py-3 font-medium text-gray-900 [overflow-wrap:anywhere]">{r.parentName}</td>
              <td className="px-2 py-3 text-gray-900 [overflow-wrap:anywhere]">
                <Link to={`/admin/registrations/${r.id}`} className="font-semibold text-brand-700 underline">
                  {r.wardName}
                </Link>
              </td>
              <td className="px-2 py-3 text-gray-800">{r.programme}</td>
              <td className="min-w-36 max-w-48 px-2 py-3 text-gray-800">{r.subjects}</td>
              <td className="px-2 py-3">
                <span className="rounded-full bg-green-100 px-2 py-1 text-xs font-semibold text-green-800">
                  Enrolled
                </span>
              </td>
              {/* The fees' standing and the balance in one column: the table fits a 1280 px screen with its actions. */}
              <td className="px-2 py-3">
                <PaymentStatusBadge status={r.fees.status} label={r.fees.statusLabel} />
                <span className="mt-1 block whitespace-nowrap text-gray-800">
                  <span className="sr-only">balance </span>
                  {r.fees.balance}
                </span>
              </td>
              <td className="whitespace-nowrap px-2 py-3 text-gray-800">{r.date}</td>
              {/* The actions stay on screen on a phone: the column sticks to the right edge while the rest scrolls. */}
              <td className="sticky right-0 bg-white px-2 py-3 shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.3)]">
                {hydrated ? (
                  <Button
                    variant="ghost"
                    className="!text-red-700"
                    onClick={() => setToDelete(r)}
                    aria-label={`Delete registration of ${r.wardName}`}
                  >
                    Delete
                  </Button>
                ) : (
                  <Link
                    to={`/admin/registrations/${r.id}/delete?returnTo=${encodeURIComponent(returnTo)}`}
                    className={buttonClass("ghost", "!text-red-700")}
                    aria-label={`Delete registration of ${r.wardName}`}
                  >
                    Delete
                  </Link>
                )}
              </td>
            </>
          )}
        </DataTable>
        <Pagination page={page} pageCount={pageCount} className="border-t border-gray-200 p-4" />
      </section>

      <ConfirmDialog
        isOpen={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete registration"
      >
        <p className="text-gray-800">Delete the registration of {toDelete?.wardName}?</p>
        <Form method="post" action={returnTo} className="mt-5 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={toDelete?.id ?? ""} />
          <Button variant="secondary" onClick={() => setToDelete(null)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" autoFocus>
            Confirm
          </Button>
        </Form>
      </ConfirmDialog>

      <ConfirmDialog isOpen={deleteAllOpen} onOpenChange={setDeleteAllOpen} title="Delete all registrations">
        <DeleteAllFields onCancel={() => setDeleteAllOpen(false)} />
      </ConfirmDialog>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Registrations | Admin | ${SCHOOL_NAME}` }];
}
