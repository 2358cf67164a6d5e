import { formatDate, formatDateTime } from "#app/domain/dates.ts";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATUS_LABELS,
  formatCedis,
  isPaymentStatus,
  type PaymentMethod,
  type PaymentState,
} from "#app/domain/money.ts";

type PaymentLike = {
  _id: string;
  amount: number;
  method: PaymentMethod;
  reference?: string | null;
  paidOn: Date | string;
  payerPhone?: string | null;
  note?: string | null;
  state: PaymentState;
  source: string;
  receiptCode?: string | null;
  rejectedReason?: string | null;
  voidedReason?: string | null;
  createdAt: Date | string;
  /** Paid through the gateway: the payer's network, and a flag when the gateway's figures differ. */
  network?: string | null;
  flag?: { reason?: string | null } | null;
};

/** A payment as pages show it: text only, formatted once on the server. */
export function paymentView(p: PaymentLike) {
  return {
    id: String(p._id),
    amount: formatCedis(p.amount),
    method: `${PAYMENT_METHOD_LABELS[p.method] ?? p.method}${p.network ? `, ${p.network}` : ""}`,
    reference: p.reference ?? "",
    paidOn: formatDate(p.paidOn),
    payerPhone: p.payerPhone ?? "",
    note: p.note ?? "",
    state: p.state,
    stateLabel: PAYMENT_STATE_LABELS[p.state] ?? p.state,
    source: p.source === "parent" ? "Parent" : p.source === "gateway" ? "Gateway" : "Office",
    /** Made through a payment gateway: the office's Confirm asks the gateway first (ADR 0091). */
    viaGateway: p.method === "gateway-momo",
    receiptCode: p.receiptCode ?? null,
    reason:
      p.state === "rejected"
        ? (p.rejectedReason ?? "")
        : p.state === "voided"
          ? (p.voidedReason ?? "")
          : p.flag?.reason
            ? `Needs checking by the office: ${p.flag.reason}`
            : "",
    submittedAt: formatDateTime(p.createdAt),
  };
}
export type PaymentView = ReturnType<typeof paymentView>;

/** Amount due, paid, balance and status of a registration, formatted. */
export function balanceView(r: {
  amountDue?: number | null;
  amountPaid?: number | null;
  paymentStatus?: string | null;
}) {
  const due = r.amountDue ?? null;
  const paid = r.amountPaid ?? 0;
  return {
    feeSet: due != null,
    amountDue: due == null ? "Fee not set" : formatCedis(due),
    amountPaid: formatCedis(paid),
    balance: due == null ? "" : formatCedis(due - paid),
    status: isPaymentStatus(r.paymentStatus) ? r.paymentStatus : null,
    statusLabel: isPaymentStatus(r.paymentStatus) ? PAYMENT_STATUS_LABELS[r.paymentStatus] : "Fee not set",
  };
}

export function paymentStateClass(state: PaymentState): string {
  switch (state) {
    case "confirmed":
      return "bg-green-100 text-green-900";
    case "pending":
      return "bg-amber-100 text-amber-900";
    default:
      return "bg-gray-200 text-gray-900";
  }
}
