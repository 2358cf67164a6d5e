import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/payment-receipt";
import { requireUser } from "#app/utils/auth.server.ts";
import { maySeeRegistrationPayments } from "#app/services/money/payment-access.server.ts";
import { pdfResponse, renderPdf } from "#app/utils/pdf-render.server.ts";
import { fileSlug } from "#app/utils/schedule-pdf.server.ts";
import { PAYMENT_METHOD_LABELS } from "#app/domain/money.ts";
import { formatDate } from "#app/domain/dates.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { getPayment } from "#app/models/payment.server.ts";
import { getRegistrationDetail } from "#app/models/registration-admin.server.ts";
import { getSettings, schoolContacts } from "#app/models/settings.server.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/** The PDF receipt of a confirmed (or later voided) payment; anyone who may not see it gets 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const info = await requireUser(request);
  const notFound = () => data("Receipt not found", { status: 404 });
  const payment = await getPayment(String(params.paymentId));
  if (!payment || !payment.receiptCode) throw notFound();
  if (!(await maySeeRegistrationPayments(info, payment.registrationId))) throw notFound();
  const reg = await getRegistrationDetail(payment.registrationId);
  if (!reg) throw notFound();
  const pdf = await renderPdf({
    kind: "receipt",
    input: {
      receiptCode: payment.receiptCode,
      season: payment.season,
      wardName: reg.wardName,
      parentName: reg.parentName,
      programmeLabel: programmeLabel(reg.programme),
      amount: payment.amount,
      method: PAYMENT_METHOD_LABELS[payment.method],
      reference: payment.reference ?? null,
      paidOn: formatDate(payment.paidOn),
      confirmedOn: formatDate(payment.confirmedAt),
      balanceAfter: payment.balanceAfter ?? null,
      voided: payment.state === "voided",
      contacts: schoolContacts(await getSettings().catch(() => null)),
    },
  });
  return pdfResponse(
    pdf,
    `attachment; filename="receipt-${fileSlug(payment.receiptCode)}-${fileSlug(reg.wardName)}.pdf"`,
  );
}
