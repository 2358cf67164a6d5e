import { formatCedis, MAX_AMOUNT_PESEWAS } from "#app/domain/money.ts";
import { DEFAULT_MIN_ONLINE_PAYMENT, type FeeSchedule } from "#app/domain/fees.ts";

/** The Mobile Money networks of Ghana a prompt can go to, as the parent knows them. */
export const MOMO_NETWORKS = ["mtn", "telecel", "airteltigo"] as const;
export type MomoNetwork = (typeof MOMO_NETWORKS)[number];
export const MOMO_NETWORK_LABELS: Record<MomoNetwork, string> = {
  mtn: "MTN MoMo",
  telecel: "Telecel Cash",
  airteltigo: "AirtelTigo Money",
};

/**
 * The caller's network as an aggregator names it for a USSD session: Hubtel's `Operator` ("mtn", "vodafone",
 * "airteltigo"…), Africa's Talking's `networkCode` (Ghana's 620 01 MTN, 620 02 Telecel, 620 03 and 620 06
 * AirtelTigo); null when it says nothing the portal knows.
 */
export function momoNetworkOf(named: string | null | undefined): MomoNetwork | null {
  const name = (named ?? "").trim().toLowerCase();
  if (name === "62001" || /^mtn/.test(name)) return "mtn";
  if (name === "62002" || /voda|telecel/.test(name)) return "telecel";
  if (name === "62003" || name === "62006" || /tigo|airtel/.test(name)) return "airteltigo";
  return null;
}

const PREFIXES: Record<string, MomoNetwork> = {
  "24": "mtn",
  "25": "mtn",
  "53": "mtn",
  "54": "mtn",
  "55": "mtn",
  "59": "mtn",
  "20": "telecel",
  "50": "telecel",
  "26": "airteltigo",
  "27": "airteltigo",
  "56": "airteltigo",
  "57": "airteltigo",
};

/**
 * The network a Ghanaian number (+233…) was issued by, from its prefix: a guess where nothing says better (an SMS
 * carries no network, and a number may have moved to another network since), null for one the portal does not know.
 */
export function networkOfNumber(phone: string): MomoNetwork | null {
  return phone.startsWith("+233") ? (PREFIXES[phone.slice(4, 6)] ?? null) : null;
}

/**
 * What a parent may pay from the portal for one ward (docs/payments.md): the balance by default; less, down to the
 * school's smallest online payment (or the whole balance when that is smaller); more only when the school allows
 * overpayment. All in pesewas, computed on the server from the registration.
 */
export type CheckoutLimits = { balance: number; min: number; max: number };

/**
 * What a ward's payments waiting for the school's confirmation add up to (pesewas): money the parent has already sent
 * or reported, which the balance does not count yet. The portal offers the rest, so that nobody pays twice while the
 * office checks a payment (app/services/money/payments.server.ts holds the rule for the money paths).
 */
export function amountAwaiting(
  payments: readonly { registrationId: string; state: string; amount: number }[],
  registrationId: string,
): number {
  let sum = 0;
  for (const p of payments) if (p.registrationId === registrationId && p.state === "pending") sum += p.amount;
  return sum;
}
export type OnlinePaymentRules = { minOnlinePayment: number; allowOverpayment: boolean };

/** The fee settings that bound an online payment (the defaults before a schedule is set). */
export function onlinePaymentRules(schedule: FeeSchedule | null): OnlinePaymentRules {
  return {
    minOnlinePayment: schedule?.minOnlinePayment ?? DEFAULT_MIN_ONLINE_PAYMENT,
    allowOverpayment: schedule?.allowOverpayment ?? false,
  };
}

/** Null when there is nothing to pay (no fee set, or nothing owed and overpayment not allowed). */
export function checkoutLimits(
  amountDue: number | null | undefined,
  amountPaid: number | null | undefined,
  fees: OnlinePaymentRules,
  /** Payments waiting for confirmation (`amountAwaiting`): the balance offered is what is left after them. */
  awaiting = 0,
): CheckoutLimits | null {
  if (amountDue == null) return null;
  const balance = amountDue - (amountPaid ?? 0) - awaiting;
  if (balance <= 0 && !fees.allowOverpayment) return null;
  const min = balance > 0 ? Math.min(fees.minOnlinePayment, balance) : fees.minOnlinePayment;
  return { balance, min, max: fees.allowOverpayment ? MAX_AMOUNT_PESEWAS : balance };
}

/** The amount to pay when the parent leaves the field as it is: the balance, or the minimum when nothing is owed. */
export function defaultCheckoutAmount(limits: CheckoutLimits): number {
  return limits.balance > 0 ? limits.balance : limits.min;
}

/** Why an amount cannot be paid, or null when it can. */
export function checkoutAmountError(limits: CheckoutLimits, amount: number): string | null {
  if (amount < limits.min) return `Pay at least ${formatCedis(limits.min)} at a time.`;
  if (amount > limits.max) return `Pay at most the balance, ${formatCedis(limits.max)}.`;
  return null;
}
