import type { RouteHandle } from "#app/utils/route-rules.ts";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { z } from "zod";
import { vacationFilter } from "#app/services/content/vacations.server.ts";
import { FilterForm, FilterSelect } from "#app/components/ui/filter-form.tsx";
import type { Route } from "./+types/registration-view-list";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { NO_REGISTRATIONS } from "#app/domain/messages.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { listRegistrationsOldestFirst } from "#app/models/registration.server.ts";
import { CsvDownloadLink } from "#app/routes/admin/+shared/registrations-csv-link.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { BackLink } from "#app/components/ui/back-link.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

const PER_PAGE = 50;
const QuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1) });
const HEADERS = [
  "Date Registered",
  "Programme",
  "Parent Name",
  "WhatsApp Number",
  "Ward Name",
  "Ward WhatsApp Number",
  "Registered Subjects",
  "Subject Count",
  "Referral Name",
  "Join Student Class Page",
  "Join Parent Group",
] as const;

const yesNo = (v: string | null | undefined) => (v === "yes" ? "Yes" : v === "no" ? "No" : "");

/** docs/product.md#screens registration view list: admin-guarded, oldest first, paginated in the database. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const { page } = QuerySchema.parse(Object.fromEntries(url.searchParams));
  const vacation = await vacationFilter(url.searchParams.get("vacation"));
  const { items, total } = await listRegistrationsOldestFirst(page, PER_PAGE, vacation.name);
  return {
    vacation: vacation.value,
    vacationOptions: vacation.options,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / PER_PAGE)),
    rows: items.map((r) => ({
      id: String(r._id),
      cells: [
        formatDateTime(r.createdAt),
        programmeLabel(r.programme),
        r.parentName,
        r.whatsappNumber,
        r.wardName,
        r.wardWhatsapp,
        (r.subjects ?? []).join(", "),
        String(r.subjectCount ?? ""),
        r.referralName,
        yesNo(r.joinStudentGroups),
        yesNo(r.joinParentGroup),
      ],
    })),
  };
}

export default function RegistrationViewList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, vacation, vacationOptions } = loaderData;
  return (
    <AdminPage
      title="Registration List"
      className="mx-auto max-w-7xl px-4 py-6"
      above={
        <div className="flex items-center justify-between gap-3">
          <BackLink to="/admin/registrations">Back to Admin Portal</BackLink>
          <SignOutButton />
        </div>
      }
      description={
        <>
          Total registrations: <strong data-testid="view-list-total">{total}</strong>
        </>
      }
      actions={
        <CsvDownloadLink
          href={`/registration-view-list/export?vacation=${encodeURIComponent(vacation)}`}
          variant="primary"
        >
          Download CSV
        </CsvDownloadLink>
      }
    >
      <FilterForm label="Registration list" submitLabel="Show">
        <FilterSelect id="list-vacation" name="vacation" label="Vacation" value={vacation} options={vacationOptions} />
      </FilterForm>
      <DataTable
        label="Registrations table (scrolls sideways)"
        caption="Registrations, oldest first"
        headers={HEADERS}
        rows={rows}
        emptyText={NO_REGISTRATIONS}
      >
        {(r) => (
          <>
            {r.cells.map((c, i) => (
              <td key={HEADERS[i]} className={`px-3 py-2 text-gray-900 ${i === 0 ? "whitespace-nowrap" : ""}`}>
                {c}
              </td>
            ))}
          </>
        )}
      </DataTable>
      <Pagination page={page} pageCount={pageCount} />
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Registration List | Admin | ${SCHOOL_NAME}` }];
}
