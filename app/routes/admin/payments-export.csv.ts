import type { RouteHandle } from "#app/utils/route-rules.ts";
import { vacationFilter } from "#app/services/content/vacations.server.ts";
import type { Route } from "./+types/payments-export.csv";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { csvPhone, csvResponse, type CsvColumn } from "#app/utils/csv.server.ts";
import { PaymentsQuerySchema } from "#app/forms/payments.schema.ts";
import { fileDate, formatDate, formatDateTime } from "#app/domain/dates.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS, pesewasToInput } from "#app/domain/money.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { adminPaymentFilter, streamAdminPayments, type PaymentExportRow } from "#app/models/payment.server.ts";

export const handle = { rules: { access: { admin: "can_manage_payments" } } } satisfies RouteHandle;

type Row = PaymentExportRow;

const COLUMNS: ReadonlyArray<CsvColumn<Row>> = [
  { header: "Submitted", value: (p) => formatDateTime(p.createdAt) },
  { header: "Paid On", value: (p) => formatDate(p.paidOn) },
  { header: "Ward Name", value: (p) => p.registration?.wardName ?? "" },
  { header: "Parent Name", value: (p) => p.registration?.parentName ?? "" },
  { header: "Parent WhatsApp", value: (p) => csvPhone(p.registration?.whatsappNumber) },
  { header: "Programme", value: (p) => (p.registration ? programmeLabel(p.registration.programme) : "") },
  { header: "Season", value: (p) => p.season },
  { header: "Amount (GH₵)", value: (p) => pesewasToInput(p.amount) },
  { header: "Method", value: (p) => PAYMENT_METHOD_LABELS[p.method] },
  { header: "Reference", value: (p) => p.reference },
  { header: "Payer Phone", value: (p) => csvPhone(p.payerPhone) },
  { header: "State", value: (p) => PAYMENT_STATE_LABELS[p.state] },
  { header: "Receipt", value: (p) => p.receiptCode },
  {
    header: "Reason",
    value: (p) => (p.state === "rejected" ? p.rejectedReason : p.state === "voided" ? p.voidedReason : ""),
  },
  { header: "Note", value: (p) => p.note },
];

/** GET /admin/payments/export: the filtered payments as CSV (streamed), pending first. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const query = PaymentsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const vacation = await vacationFilter(query.vacation);
  const filter = await adminPaymentFilter({ ...query, vacation: vacation.name });
  return csvResponse(`payments_${fileDate(new Date())}.csv`, streamAdminPayments(filter), COLUMNS);
}
