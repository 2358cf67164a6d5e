import { paymentStatusClass, type PaymentStatus } from "#app/domain/money.ts";
import { paymentStateClass } from "#app/domain/payment-view.ts";
import type { PaymentState } from "#app/domain/money.ts";

export function PaymentStatusBadge({ status, label }: { status: PaymentStatus | null; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${status ? paymentStatusClass(status) : "bg-gray-200 text-gray-900"}`}
    >
      {label}
    </span>
  );
}

export function PaymentStateBadge({ state, label }: { state: PaymentState; label: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${paymentStateClass(state)}`}>
      {label}
    </span>
  );
}

/** A confirmed payment's receipt number, linking to its PDF (the route checks who may download it). */
export function ReceiptLink({ paymentId, receiptCode }: { paymentId: string; receiptCode: string | null }) {
  if (!receiptCode) return null;
  return (
    <a
      href={`/payments/${paymentId}/receipt.pdf`}
      className="font-semibold text-brand-700 underline"
      aria-label={`Download receipt ${receiptCode} (PDF)`}
    >
      {/* On a narrow screen it breaks after a hyphen only, never inside "CHRISTMAS" or "000123". */}
      {receiptCode.split("-").map((part, i, all) => (
        <span key={i}>
          {part}
          {i < all.length - 1 ? (
            <>
              -<wbr />
            </>
          ) : null}
        </span>
      ))}
    </a>
  );
}
