/**
 * A parent's Payment History (app/routes/dashboard/payments.tsx): each ward's balance, its open checkout, what
 * "Pay with Mobile Money" offers it, the payments waiting for the school, how to pay, and every payment.
 */
import { howToPayOf, publicFees } from "#app/components/fees-table.tsx";
import {
  amountAwaiting,
  checkoutLimits,
  defaultCheckoutAmount,
  onlinePaymentRules,
  type OnlinePaymentRules,
} from "#app/domain/checkout.ts";
import { formatCedis, pesewasToInput } from "#app/domain/money.ts";
import { balanceView, paymentView } from "#app/domain/payment-view.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { getFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { listPaymentsForRegistrations } from "#app/models/payment.server.ts";
import { getParentRegistrations, type RegistrationDoc } from "#app/models/registration.server.ts";
import { activeGateway } from "#app/services/money/gateway/gateways.server.ts";

/**
 * What "Pay with Mobile Money" offers for a ward, or null (no gateway, no fee, nothing owed, one already open): the
 * balance less the payments awaiting confirmation.
 */
function checkoutOffer(r: RegistrationDoc, rules: OnlinePaymentRules | null, open: boolean, awaiting: number) {
  const limits = rules && !open ? checkoutLimits(r.amountDue, r.amountPaid, rules, awaiting) : null;
  if (!limits) return null;
  return {
    registrationId: String(r._id),
    defaultAmount: pesewasToInput(defaultCheckoutAmount(limits)),
    min: formatCedis(limits.min),
    max: rules?.allowOverpayment ? null : formatCedis(limits.max),
  };
}

export async function familyPayments(effectiveUser: Parameters<typeof getParentRegistrations>[0]) {
  const registrations = await getParentRegistrations(effectiveUser);
  // Each ward's registrations across vacations: each pays under its own vacation's rules.
  const vacations = [...new Set(registrations.map((r) => r.vacation ?? ""))];
  const [payments, schedules, gateway] = await Promise.all([
    listPaymentsForRegistrations(registrations.map((r) => String(r._id))),
    Promise.all(vacations.map((v) => getFeeSchedule(v))),
    activeGateway(),
  ]);
  const scheduleOf = (r: RegistrationDoc) => schedules[vacations.indexOf(r.vacation ?? "")] ?? null;
  const rulesOf = (r: RegistrationDoc) => (gateway ? onlinePaymentRules(scheduleOf(r)) : null);
  const wardNames = new Map(registrations.map((r) => [String(r._id), r.wardName]));
  const order = { pending: 0, confirmed: 1, rejected: 2, voided: 3 } as const;
  // The ward's open checkout (one at most): its pending gateway payment, which the parent continues or cancels.
  const openCheckout = (r: RegistrationDoc) => {
    const p = payments.find(
      (p) => String(p._id) === String(r.openCheckout ?? "") && p.state === "pending" && p.method === "gateway-momo",
    );
    return p ? { id: String(p._id), amount: formatCedis(p.amount), flagged: Boolean(p.flag) } : null;
  };
  // How to pay: the newest registration's vacation (registrations come newest first).
  const fees = publicFees(registrations[0] ? scheduleOf(registrations[0]) : null);
  return {
    testGateway: gateway?.name === "test",
    wards: registrations.map((r) => {
      const open = openCheckout(r);
      const awaiting = amountAwaiting(payments, String(r._id));
      return {
        id: String(r._id),
        wardName: r.wardName,
        programme: programmeLabel(r.programme),
        vacation: r.vacation ?? "",
        ...balanceView(r),
        open,
        // Money reported or on its way that the balance does not count yet (an open checkout says so itself).
        awaiting: awaiting > 0 && !open ? formatCedis(awaiting) : null,
        rest: r.amountDue == null ? null : formatCedis(Math.max(0, r.amountDue - (r.amountPaid ?? 0) - awaiting)),
        checkout: checkoutOffer(r, rulesOf(r), Boolean(open), awaiting),
      };
    }),
    howToPay: howToPayOf(fees),
    payments: [...payments]
      .sort((a, b) => order[a.state] - order[b.state])
      .map((p) => ({ ...paymentView(p), wardName: wardNames.get(p.registrationId) ?? "" })),
  };
}
