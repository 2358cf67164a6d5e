/**
 * The office's registrations list (app/routes/admin/registrations.tsx): one page of the vacation shown, searched and
 * filtered as the URL says, its counts by programme, and where new enrolments go; a page past the last goes to the last.
 */
import { redirect } from "react-router";
import { programmeLabel } from "#app/domain/programmes.ts";
import { formatDate } from "#app/domain/dates.ts";
import { REGISTRATIONS_PER_PAGE, RegistrationsQuerySchema } from "#app/forms/admin-registrations.schema.ts";
import { countRegistrationsByProgramme, listAdminRegistrations } from "#app/models/registration.server.ts";
import { balanceView } from "#app/domain/payment-view.ts";
import { vacationFilter } from "#app/services/content/vacations.server.ts";

export async function registrationsPage(url: URL) {
  const query = RegistrationsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const vacation = await vacationFilter(query.vacation);
  const [{ items, total }, counts] = await Promise.all([
    listAdminRegistrations({
      q: query.q,
      vacation: vacation.name,
      programme: query.programme ?? null,
      payment: query.payment ?? null,
      page: query.page,
      perPage: REGISTRATIONS_PER_PAGE,
    }),
    countRegistrationsByProgramme(vacation.name),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / REGISTRATIONS_PER_PAGE));
  if (items.length === 0 && query.page > pageCount) {
    const next = new URLSearchParams(url.searchParams);
    next.set("page", String(pageCount));
    throw redirect(`/admin/registrations?${next}`);
  }
  return {
    q: query.q,
    vacation: vacation.value,
    vacationName: vacation.name,
    vacationOptions: vacation.options,
    enrolmentsGoTo: vacation.enrolmentsGoTo,
    enrolmentsAlsoHere: vacation.enrolmentsAlsoHere,
    // The exports follow the vacation shown.
    exportQuery: `?vacation=${encodeURIComponent(vacation.value)}`,
    filtered: Boolean(query.vacation),
    programme: query.programme ?? "",
    payment: query.payment ?? "",
    page: query.page,
    pageCount,
    total,
    perPage: REGISTRATIONS_PER_PAGE,
    counts,
    rows: items.map((r) => ({
      id: String(r._id),
      parentName: r.parentName,
      wardName: r.wardName,
      programme: programmeLabel(r.programme),
      subjects: (r.subjects ?? []).join(", "),
      date: formatDate(r.createdAt),
      fees: balanceView(r),
    })),
  };
}
