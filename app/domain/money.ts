/**
 * Money in Ghana cedis, held as integer pesewas (1 GH₵ = 100 pesewas) from
 * the form field to the database and back: text is parsed digit by digit,
 * never through a float, so 0.1 + 0.2-style amounts add up exactly.
 */

/** GH₵ 100,000.00: the largest fee or payment the portal accepts. */
export const MAX_AMOUNT_PESEWAS = 10_000_000;

export type ParsedAmount = { ok: true; pesewas: number } | { ok: false; error: string };

export const AMOUNT_ERRORS = {
  required: "Enter an amount in Ghana cedis",
  format: "Enter an amount like 450 or 450.50 (at most two decimals)",
  positive: "The amount must be more than GH₵ 0.00",
  tooLarge: "The amount must be at most GH₵ 100,000.00",
} as const;

/**
 * "450", "450.5", "450.50", "1,200.00", "GH₵ 450.00", "GHS 450" → pesewas.
 * Refuses negatives, zero (unless allowZero), more than two decimals, and more than GH₵ 100,000.
 */
export function parseCedis(input: unknown, options: { allowZero?: boolean } = {}): ParsedAmount {
  if (typeof input !== "string" && typeof input !== "number") return { ok: false, error: AMOUNT_ERRORS.required };
  let text = String(input).trim();
  if (!text) return { ok: false, error: AMOUNT_ERRORS.required };
  text = text.replace(/^(GH₵|GHS|GHC|₵)\s*/i, "");
  // Thousands separators only in their proper places: 1,200 or 12,345,678.
  if (/,/.test(text)) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) return { ok: false, error: AMOUNT_ERRORS.format };
    text = text.replace(/,/g, "");
  }
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return { ok: false, error: AMOUNT_ERRORS.format };
  const whole = match[1].replace(/^0+(?=\d)/, "");
  if (whole.length > 9) return { ok: false, error: AMOUNT_ERRORS.tooLarge };
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const pesewas = Number(whole) * 100 + Number(fraction);
  if (pesewas === 0 && !options.allowZero) return { ok: false, error: AMOUNT_ERRORS.positive };
  if (pesewas > MAX_AMOUNT_PESEWAS) return { ok: false, error: AMOUNT_ERRORS.tooLarge };
  return { ok: true, pesewas };
}

function assertPesewas(pesewas: number) {
  if (!Number.isSafeInteger(pesewas)) throw new TypeError(`Not a whole number of pesewas: ${pesewas}`);
}

function groupThousands(digits: string) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 45000 → "GH₵ 450.00"; negatives as "-GH₵ 5.00". */
export function formatCedis(pesewas: number): string {
  assertPesewas(pesewas);
  const sign = pesewas < 0 ? "-" : "";
  const abs = Math.abs(pesewas);
  return `${sign}GH₵ ${groupThousands(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, "0")}`;
}

/** 45050 → "450.50": the value an amount input shows back. */
export function pesewasToInput(pesewas: number | null | undefined): string {
  if (pesewas == null) return "";
  assertPesewas(pesewas);
  return `${Math.floor(pesewas / 100)}.${String(Math.abs(pesewas) % 100).padStart(2, "0")}`;
}

/** Exact sum of integer pesewas. */
export function sumPesewas(values: readonly number[]): number {
  let total = 0;
  for (const v of values) {
    assertPesewas(v);
    total += v;
  }
  assertPesewas(total);
  return total;
}

// ---- Payment states ----

/** A registration's standing from its confirmed payments. */
export const PAYMENT_STATUSES = ["unpaid", "part-paid", "paid", "overpaid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  "part-paid": "Part-paid",
  paid: "Paid",
  overpaid: "Overpaid",
};

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** Compares confirmed payments with what is due (nothing due and nothing paid: Paid, nothing is owed). */
export function paymentStatus(amountDue: number, amountPaid: number): PaymentStatus {
  assertPesewas(amountDue);
  assertPesewas(amountPaid);
  if (amountPaid <= 0) return amountDue <= 0 ? "paid" : "unpaid";
  if (amountPaid < amountDue) return "part-paid";
  if (amountPaid === amountDue) return "paid";
  return "overpaid";
}

export function paymentStatusClass(status: PaymentStatus): string {
  switch (status) {
    case "paid":
      return "bg-green-100 text-green-900";
    case "part-paid":
      return "bg-amber-100 text-amber-900";
    case "overpaid":
      return "bg-blue-100 text-blue-900";
    default:
      return "bg-red-100 text-red-900";
  }
}

// ---- Payments ----

/** What the office records by hand (a payment it has seen). */
export const OFFICE_PAYMENT_METHODS = [
  "mtn-momo",
  "telecel-cash",
  "airteltigo-money",
  "bank-transfer",
  "cash",
] as const;
/** Every method; "gateway-momo" is paid from the portal through the payment gateway (app/services/money/gateway/). */
export const PAYMENT_METHODS = [...OFFICE_PAYMENT_METHODS, "gateway-momo"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  "mtn-momo": "MTN MoMo",
  "telecel-cash": "Telecel Cash",
  "airteltigo-money": "AirtelTigo Money",
  "bank-transfer": "Bank transfer",
  cash: "Cash",
  "gateway-momo": "Mobile Money (gateway)",
};
/** What a parent can report themselves (cash is handed to the office, which records it). */
export const PARENT_PAYMENT_METHODS = ["mtn-momo", "telecel-cash", "airteltigo-money", "bank-transfer"] as const;

/** The states of one payment. Only confirmed payments count towards what is paid. */
export const PAYMENT_STATES = ["pending", "confirmed", "rejected", "voided"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Each state's place in lists (what the office must still decide comes first) and the states it may move to: a
 * pending payment is confirmed, rejected, or reopened for another amount; a rejected one may be reopened; a confirmed
 * one may only be voided; a voided one is final. Every change of state in app/services/money/payments.server.ts is
 * conditional on the states `movesInto` names, so two admins deciding at once cannot both win.
 */
export const PAYMENT_STATE_TABLE: Record<PaymentState, { rank: number; next: readonly PaymentState[] }> = {
  pending: { rank: 0, next: ["confirmed", "rejected", "pending"] },
  confirmed: { rank: 1, next: ["voided"] },
  rejected: { rank: 1, next: ["pending"] },
  voided: { rank: 1, next: [] },
};

/** The states a payment may be in to move into `state`. */
export function movesInto(state: PaymentState): PaymentState[] {
  return PAYMENT_STATES.filter((from) => PAYMENT_STATE_TABLE[from].next.includes(state));
}

/** What a payment's document holds for its state: the state and its rank in lists. */
export function stateFields(state: PaymentState) {
  return { state, stateRank: PAYMENT_STATE_TABLE[state].rank };
}
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: "Pending confirmation",
  confirmed: "Confirmed",
  rejected: "Rejected",
  voided: "Voided",
};

/**
 * A transaction reference compared without case, spaces or dashes
 * ("mp 2311-ab" and "MP2311AB" are the same MoMo transaction).
 */
export function referenceKey(reference: string): string {
  return reference
    .normalize("NFKC")
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

export const DUPLICATE_REFERENCE_MESSAGE = (method: PaymentMethod, reference: string) =>
  `A ${PAYMENT_METHOD_LABELS[method]} payment with the reference ${reference} has already been recorded. Check the reference, or call the school if you think this is a mistake.`;

// ---- Receipts ----

/** "VC-2026-000042": the season's prefix and a sequence number that is never reused. */
export function formatReceiptNumber(season: string, n: number): string {
  const slug =
    season
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toUpperCase() || "SEASON";
  return `VC-${slug}-${String(n).padStart(6, "0")}`;
}
