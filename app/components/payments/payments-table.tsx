import type { ReactNode } from "react";
import type { PaymentView } from "#app/domain/payment-view.ts";
import { DataTable, type DataTableHeader } from "#app/components/ui/data-table.tsx";
import { PaymentStateBadge, ReceiptLink } from "#app/components/payments/badges.tsx";

/** An extra column of a payments table: its header and its cell's content. */
type Column<P> = { header: string; cell: (payment: P) => ReactNode };

/**
 * Every payments table (the admin's list, a registration's payments, a parent's payments): paid on, amount, method,
 * reference, state and receipt, with the columns each place adds — the ward, who paid, why a payment was refused
 * (under its state), the admin's actions.
 */
export function PaymentsTable<P extends PaymentView>({
  payments,
  label,
  emptyText,
  className,
  ward,
  payer,
  stateNote,
  actions,
  stateFirst = false,
}: {
  payments: readonly P[];
  label: string;
  emptyText: string;
  className?: string;
  /** After "Paid on": which ward the payment is for. */
  ward?: (payment: P) => ReactNode;
  /** After the reference: who paid. */
  payer?: Column<P>;
  /** Under the state badge. */
  stateNote?: (payment: P) => ReactNode;
  /** The admin's actions on a payment, on a line of their own under its row (they never push the table wide). */
  actions?: (payment: P) => ReactNode;
  /**
   * State, receipt and amount first: what a parent looks for, on screen on a 360 px phone without scrolling sideways
   * (the rest of the row scrolls).
   */
  stateFirst?: boolean;
}) {
  const headers: DataTableHeader[] = stateFirst
    ? ["State", "Receipt", "Amount", "Paid on", ...(ward ? ["Ward"] : []), "Method", "Reference"]
    : [
        "Paid on",
        ...(ward ? ["Ward"] : []),
        "Amount",
        "Method",
        "Reference",
        ...(payer ? [payer.header] : []),
        "State",
        "Receipt",
      ];
  const state = (p: P) => (
    <td key="state" className="px-3 py-2">
      <PaymentStateBadge state={p.state} label={p.stateLabel} />
      {stateNote?.(p)}
    </td>
  );
  const receipt = (p: P) => (
    <td key="receipt" className="px-3 py-2">
      <ReceiptLink paymentId={p.id} receiptCode={p.receiptCode} />
    </td>
  );
  return (
    <DataTable
      label={label}
      headers={headers}
      rows={payments}
      rowClassName="align-top"
      emptyText={emptyText}
      className={className}
      after={actions}
    >
      {(p) =>
        stateFirst ? (
          <>
            {state(p)}
            {receipt(p)}
            <td className="whitespace-nowrap px-3 py-2">{p.amount}</td>
            <td className="whitespace-nowrap px-3 py-2">{p.paidOn}</td>
            {ward ? <td className="px-3 py-2">{ward(p)}</td> : null}
            <td className="px-3 py-2">{p.method}</td>
            <td className="px-3 py-2 font-mono">{p.reference}</td>
          </>
        ) : (
          <>
            <td className="whitespace-nowrap px-3 py-2">{p.paidOn}</td>
            {ward ? <td className="px-3 py-2">{ward(p)}</td> : null}
            <td className="whitespace-nowrap px-3 py-2">{p.amount}</td>
            <td className="px-3 py-2">{p.method}</td>
            <td className="px-3 py-2 font-mono">{p.reference}</td>
            {payer ? <td className="px-3 py-2">{payer.cell(p)}</td> : null}
            {state(p)}
            {receipt(p)}
          </>
        )
      }
    </DataTable>
  );
}
