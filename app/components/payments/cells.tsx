import type { ReactNode } from "react";
import type { PaymentView } from "#app/domain/payment-view.ts";
import { PaymentStateBadge, ReceiptLink } from "./badges.tsx";

/** The amount, method and reference cells of a payments table row, in that order. */
export function PaymentAmountCells({ payment }: { payment: Pick<PaymentView, "amount" | "method" | "reference"> }) {
  return (
    <>
      <td className="whitespace-nowrap px-3 py-2">{payment.amount}</td>
      <td className="px-3 py-2">{payment.method}</td>
      <td className="px-3 py-2 font-mono">{payment.reference}</td>
    </>
  );
}

/** The state cell (with `children` under the badge: why a payment was refused) and the receipt cell. */
export function PaymentOutcomeCells({
  payment,
  children,
}: {
  payment: Pick<PaymentView, "id" | "state" | "stateLabel" | "receiptCode">;
  children?: ReactNode;
}) {
  return (
    <>
      <td className="px-3 py-2">
        <PaymentStateBadge state={payment.state} label={payment.stateLabel} />
        {children}
      </td>
      <td className="px-3 py-2">
        <ReceiptLink paymentId={payment.id} receiptCode={payment.receiptCode} />
      </td>
    </>
  );
}
