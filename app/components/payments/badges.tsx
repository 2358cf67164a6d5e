import { paymentStatusClass, type PaymentStatus } from "#app/domain/money.ts";
import { paymentStateClass } from "#app/domain/payment-view.ts";
import type { PaymentState } from "#app/domain/money.ts";

export function PaymentStatusBadge({ status, label }: { status: PaymentStatus | null; label: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${status ? paymentStatusClass(status) : "bg-gray-200 text-gray-900"}`}>{label}</span>
  );
}

export function PaymentStateBadge({ state, label }: { state: PaymentState; label: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${paymentStateClass(state)}`}>{label}</span>;
}
