import { Schema, type InferSchemaType } from "mongoose";
import {
  MAX_AMOUNT_PESEWAS,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  PAYMENT_STATE_TABLE,
  formatReceiptNumber,
  paymentStatus,
  type PaymentMethod,
  type PaymentState,
} from "#app/domain/money.ts";
import { idField } from "#app/models/ids.server.ts";
import { Registration, WITHDRAWN } from "#app/models/registration.server.ts";
import { byRegistrationsRevision, raisedByEveryWrite } from "#app/models/revisions.server.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { calendarDayRange } from "#app/domain/dates.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

const paymentSchema = new Schema(
  {
    _id: idField,
    registrationId: { type: String, required: true },
    /** The fee season the payment belongs to (its receipt is numbered in that season). */
    season: { type: String, required: true, maxlength: 40 },
    amount: {
      type: Number,
      required: true,
      min: 1,
      max: MAX_AMOUNT_PESEWAS,
      validate: { validator: Number.isSafeInteger, message: "Amounts are whole pesewas" },
    },
    method: { type: String, required: true, enum: PAYMENT_METHODS },
    /** The transaction reference as typed (null for cash without one). */
    reference: { type: String, default: null, trim: true, maxlength: 60 },
    /**
     * "method:REFERENCE" while the payment holds its reference (pending or confirmed);
     * "free:<id>" once rejected or voided, or when there is no reference. Unique: the duplicate rule.
     */
    referenceKey: { type: String, required: true },
    paidOn: { type: Date, required: true },
    payerPhone: { type: String, default: null, trim: true, maxlength: 30 },
    note: { type: String, default: null, trim: true, maxlength: 500 },
    state: { type: String, required: true, enum: PAYMENT_STATES, default: "pending" },
    /** The state's rank (PAYMENT_STATE_TABLE): the admin list sorts pending payments first on it. */
    stateRank: { type: Number, default: PAYMENT_STATE_TABLE.pending.rank },
    /** Who created it: the office, the parent ("I have paid"), or a gateway callback. */
    source: { type: String, required: true, enum: ["admin", "parent", "gateway"] },
    createdBy: { type: String, default: null },
    /** The admin who submitted it while viewing as the parent (createdBy is the parent). */
    viewedAsBy: { type: String, default: null },
    confirmedBy: { type: String, default: null },
    confirmedAt: { type: Date, default: null },
    receiptNumber: { type: Number, default: null },
    receiptCode: { type: String, default: null },
    /** The balance right after this payment was confirmed (printed on the receipt). */
    balanceAfter: { type: Number, default: null },
    rejectedReason: { type: String, default: null, maxlength: 300 },
    voidedReason: { type: String, default: null, maxlength: 300 },
    closedBy: { type: String, default: null },
    closedAt: { type: Date, default: null },
    /**
     * False from a change of state that moves money (confirm, void) until the registration's totals are recomputed
     * after it: a process that stops in between leaves it false, and the start-up repair finishes the job.
     */
    totalsApplied: { type: Boolean, default: true },
    /** Paid from the portal: the gateway that took it ("paystack", "test"), its id of the transaction, the payer's network. */
    gateway: { type: String, default: null },
    gatewayTransactionId: { type: String, default: null, maxlength: 60 },
    network: { type: String, default: null, maxlength: 40 },
    /** Pesewas the payer paid the gateway on top of the payment (the fee passed to parents); not the school's money. */
    gatewayFee: { type: Number, default: 0 },
    /** The gateway's checkout page for this payment while it is pending (the hand-over page sends the payer there). */
    checkoutUrl: { type: String, default: null, maxlength: 2000 },
    /** A prompt on the payer's phone whose network first wants a code the payer was sent ("otp"), until it is given. */
    chargeStep: { type: String, default: null, enum: [null, "otp"] },
    /**
     * Set when the gateway reported a success that does not match the payment (another amount or currency): the
     * payment stays pending for the office, with both figures (app/services/money/checkout.server.ts).
     */
    flag: {
      type: new Schema(
        { reason: String, gatewayAmount: Number, gatewayCurrency: String, at: Date },
        { _id: false, versionKey: false },
      ),
      default: null,
    },
    /** True from a confirmation or refusal until the parent's message is queued (app/services/messaging/notifications.server.ts). */
    messagesPending: { type: Boolean, default: undefined },
  },
  { timestamps: true, collection: "payments" },
);
paymentSchema.index({ referenceKey: 1 }, { unique: true });
paymentSchema.index({ registrationId: 1, createdAt: -1 });
paymentSchema.index({ state: 1, createdAt: -1 });
paymentSchema.index({ messagesPending: 1 }, { sparse: true });
paymentSchema.index({ stateRank: 1, createdAt: -1 });
paymentSchema.index({ createdAt: -1 });
paymentSchema.index({ season: 1, state: 1, createdAt: -1 });

// A vacation's money as the overview shows it (collected, payments waiting): kept a second per process
// (docs/decisions/0085); any write of a payment drops it.
const paymentFigures = briefCache<readonly [number, number]>("payment-figures");
raisedByEveryWrite(paymentSchema, async () => paymentFigures.forget());

export type PaymentDoc = InferSchemaType<typeof paymentSchema> & {
  _id: string;
  method: PaymentMethod;
  state: PaymentState;
  createdAt: Date;
  updatedAt: Date;
};
export const Payment = defineModel<PaymentDoc>("Payment", paymentSchema);

/**
 * Sequence counters (receipt numbers per season). `holder` is the payment that took the latest number, `seq`: a
 * number is taken and given to its payment in two writes, and whoever comes next finishes the first if its process
 * stopped in between, so no number is ever lost (docs/decisions/0036-money-under-concurrency.md).
 */
const counterSchema = new Schema(
  { _id: String, seq: { type: Number, default: 0 }, holder: { type: String, default: null } },
  { collection: "counters", versionKey: false },
);
type CounterDoc = { _id: string; seq: number; holder?: string | null };
export const Counter = defineModel<CounterDoc>("Counter", counterSchema);

const receiptCounter = (season: string) => `receipt:${season}`;

/** Gives a payment the number its counter says it holds, unless it has one already. */
async function settleHolder(counter: CounterDoc, season: string) {
  if (!counter.holder || counter.seq < 1) return;
  await Payment.updateOne(
    { _id: counter.holder, receiptNumber: null },
    { $set: { receiptNumber: counter.seq, receiptCode: formatReceiptNumber(season, counter.seq) } },
  );
}

/**
 * The receipt number of a confirmed payment: the next of its season, consecutive, never reused, never skipped, even
 * when concurrent confirmations race or a process stops between taking a number and writing it. Idempotent: a
 * payment that has a number keeps it.
 */
export async function assignReceiptNumber(paymentId: string): Promise<number> {
  const payment = await Payment.findById(String(paymentId))
    .select("season state receiptNumber")
    .lean<{ season: string; state: string; receiptNumber: number | null }>();
  if (!payment) throw new Error(`No payment ${paymentId}`);
  if (payment.receiptNumber != null) return payment.receiptNumber;
  const name = receiptCounter(payment.season);
  for (let attempt = 0; ; attempt++) {
    const counter =
      (await Counter.findById(name).lean<CounterDoc>()) ??
      (await Counter.findOneAndUpdate(
        { _id: name },
        { $setOnInsert: { seq: 0, holder: null } },
        { upsert: true, returnDocument: "after", lean: true },
      ))!;
    const holder = counter.holder ?? null;
    if (holder === String(paymentId)) {
      // This payment took the number earlier and its process stopped before writing it.
      await settleHolder(counter, payment.season);
      return counter.seq;
    }
    await settleHolder(counter, payment.season);
    const taken = await Counter.updateOne(
      { _id: name, seq: counter.seq, holder },
      { $set: { seq: counter.seq + 1, holder: String(paymentId) } },
    );
    if (taken.modifiedCount === 1) {
      await settleHolder({ _id: name, seq: counter.seq + 1, holder: String(paymentId) }, payment.season);
      return counter.seq + 1;
    }
    // Another confirmation took this number first: read the counter again (with a short pause when it is busy).
    if (attempt > 5) await new Promise((r) => setTimeout(r, Math.min(50, attempt)));
  }
}

export const PAYMENT_FIELDS =
  "_id registrationId season amount method reference paidOn payerPhone note state source confirmedAt receiptNumber receiptCode balanceAfter rejectedReason voidedReason createdAt createdBy gateway network flag";
export type PaymentRow = Pick<
  PaymentDoc,
  | "_id"
  | "registrationId"
  | "season"
  | "amount"
  | "method"
  | "reference"
  | "paidOn"
  | "payerPhone"
  | "note"
  | "state"
  | "source"
  | "confirmedAt"
  | "receiptNumber"
  | "receiptCode"
  | "balanceAfter"
  | "rejectedReason"
  | "voidedReason"
  | "createdAt"
  | "createdBy"
  | "gateway"
  | "network"
  | "flag"
>;

export async function listPaymentsForRegistrations(registrationIds: string[]) {
  return Payment.find({ registrationId: { $in: registrationIds.map(String) } })
    .select(PAYMENT_FIELDS)
    .sort({ createdAt: -1 })
    .limit(500)
    .lean<PaymentRow[]>();
}

export async function getPayment(id: string) {
  return Payment.findById(String(id)).select(PAYMENT_FIELDS).lean<PaymentRow>();
}

/**
 * Re-adds the confirmed payments of a registration and stores the sum and the status. Every change that moves money
 * raises the registration's `paymentsRev` after it is made (`markPaymentsChanged`); the sum is stored only if the
 * revision it was read under is still the latest, so of two concurrent refreshes the stale one never writes last.
 */
export async function refreshRegistrationTotals(registrationId: string) {
  const id = String(registrationId);
  for (;;) {
    const reg = await Registration.findById(id)
      .select("amountDue paymentsRev")
      .lean<{ amountDue: number | null; paymentsRev?: number }>();
    if (!reg) return { amountDue: null, amountPaid: 0, balance: null };
    const rev = reg.paymentsRev ?? 0;
    const confirmed = await Payment.find({ registrationId: id, state: "confirmed" })
      .select("amount")
      .lean<{ amount: number }[]>();
    let paid = 0;
    for (const p of confirmed) paid += p.amount;
    const due = reg.amountDue ?? null;
    const written = await Registration.updateOne(
      { _id: id, paymentsRev: rev === 0 ? { $in: [0, null] } : rev },
      { $set: { amountPaid: paid, paymentStatus: due == null ? null : paymentStatus(due, paid) } },
    );
    if (written.matchedCount === 1) {
      await Payment.updateMany({ registrationId: id, totalsApplied: false }, { $set: { totalsApplied: true } });
      return { amountDue: due, amountPaid: paid, balance: due == null ? null : due - paid };
    }
  }
}

/** Call after changing a registration's payments or amount due, before refreshing its totals. */
export async function markPaymentsChanged(registrationId: string) {
  await Registration.updateOne({ _id: String(registrationId) }, { $inc: { paymentsRev: 1 } });
}

/**
 * At start-up: finishes what a stopped process left half done. Receipt numbers taken but not written are written;
 * confirmed payments without a number get one (oldest confirmation first); registrations whose payments changed
 * without their totals being recomputed are recomputed.
 */
export async function repairPayments(): Promise<{ receipts: number; totals: number }> {
  let receipts = 0;
  const counters = await Counter.find({ _id: { $regex: "^receipt:" }, holder: { $ne: null } }).lean<CounterDoc[]>();
  for (const c of counters) await settleHolder(c, c._id.slice("receipt:".length));
  // A minute old at least: a confirmation still under way on another instance numbers its own payment.
  const unnumbered = await Payment.find({
    state: { $in: ["confirmed", "voided"] },
    receiptNumber: null,
    confirmedAt: { $lt: new Date(Date.now() - 60_000) },
  })
    .select("_id")
    .sort({ confirmedAt: 1 })
    .lean<{ _id: string }[]>();
  for (const p of unnumbered) {
    await assignReceiptNumber(p._id);
    receipts += 1;
  }
  const stale = await Payment.distinct("registrationId", { totalsApplied: false });
  for (const id of stale) {
    await markPaymentsChanged(String(id));
    await refreshRegistrationTotals(String(id));
  }
  return { receipts, totals: stale.length };
}

/**
 * A vacation's counters (the overview, Admin → Vacations): wards registered (withdrawn left out), fees due, collected
 * (confirmed payments of its season), outstanding (unpaid balances) and payments waiting for the office.
 */
export async function vacationTotals(vacation: string) {
  const inVacation = { vacation: String(vacation) };
  // Sums of plain fields over the vacation's index entries (no per-document expression): outstanding is what the
  // unpaid and part-paid owe, which is where what is due exceeds what is paid.
  const [[all, withdrawn, [fees], [owing]], [collected, pending]] = await Promise.all([
    // The registrations' sums read each of the vacation's registrations: kept until a registration changes.
    byRegistrationsRevision(`totals ${vacation}`, () =>
      Promise.all([
        // Both from indexes: the vacation's entries, and the few withdrawn through their sparse index.
        Registration.countDocuments(inVacation),
        Registration.countDocuments({ ...inVacation, ...WITHDRAWN }),
        Registration.aggregate<{ due: number }>([
          { $match: inVacation },
          { $group: { _id: null, due: { $sum: "$amountDue" } } },
        ]),
        Registration.aggregate<{ due: number; paid: number }>([
          { $match: { ...inVacation, paymentStatus: { $in: ["unpaid", "part-paid"] } } },
          { $group: { _id: null, due: { $sum: "$amountDue" }, paid: { $sum: "$amountPaid" } } },
        ]),
      ]),
    ),
    paymentFigures.get(String(vacation), async () => {
      const [[confirmed], waiting] = await Promise.all([
        Payment.aggregate<{ total: number }>([
          { $match: { season: String(vacation), state: "confirmed" } },
          { $group: { _id: null, total: { $sum: "$amount" } } },
        ]),
        Payment.countDocuments({ season: String(vacation), state: "pending" }),
      ]);
      return [confirmed?.total ?? 0, waiting] as const;
    }),
  ]);
  return {
    registered: all - withdrawn,
    due: fees?.due ?? 0,
    collected,
    outstanding: owing ? owing.due - owing.paid : 0,
    pending,
  };
}

// ---- The admin payments list and its CSV export ----

export type PaymentFilterInput = {
  q?: string | null;
  /** One vacation's payments (its season); null: every vacation's. */
  vacation?: string | null;
  state?: PaymentState | null;
  method?: PaymentMethod | null;
  /** yyyy-MM-dd, inclusive, on the paid-on date. */
  from?: string | null;
  to?: string | null;
};

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Search by transaction reference, payer phone, or the ward / parent name or
 * parent WhatsApp number of the registration; filter by state, method and dates.
 */
export async function adminPaymentFilter(input: PaymentFilterInput) {
  const filter: Record<string, unknown> = {};
  if (input.vacation) filter.season = String(input.vacation);
  if (input.state && (PAYMENT_STATES as readonly string[]).includes(input.state)) filter.state = String(input.state);
  if (input.method && (PAYMENT_METHODS as readonly string[]).includes(input.method))
    filter.method = String(input.method);
  const paidOn = calendarDayRange(input.from, input.to);
  if (paidOn) filter.paidOn = paidOn;
  const text = String(input.q ?? "")
    .trim()
    .slice(0, 100);
  if (text) {
    const rx = new RegExp(escapeRegex(text), "i");
    const regs = await Registration.find({
      $or: [{ wardName: rx }, { parentName: rx }, { whatsappNumber: rx }, { wardWhatsapp: rx }],
    })
      .select("_id")
      .limit(1000)
      .lean<{ _id: string }[]>();
    filter.$or = [{ reference: rx }, { payerPhone: rx }, { registrationId: { $in: regs.map((r) => String(r._id)) } }];
  }
  return filter;
}

/** Ward and parent names for a set of registrations (one query). */
export async function registrationNames(ids: string[]) {
  const regs = await Registration.find({ _id: { $in: [...new Set(ids.map(String))] } })
    .select("_id wardName parentName whatsappNumber programme")
    .lean<{ _id: string; wardName: string; parentName: string; whatsappNumber: string; programme: string }[]>();
  return new Map(regs.map((r) => [String(r._id), r]));
}

/** One page of payments, pending first, newest first within each group. */
export async function listAdminPayments(filter: Record<string, unknown>, page: number, perPage: number) {
  const [items, total] = await Promise.all([
    Payment.find(filter)
      .select(PAYMENT_FIELDS)
      .sort({ stateRank: 1, createdAt: -1 })
      .skip((Math.max(1, Math.floor(page)) - 1) * perPage)
      .limit(perPage)
      .lean<PaymentRow[]>(),
    Payment.countDocuments(filter),
  ]);
  return { items, total };
}

export type PaymentExportRow = PaymentRow & {
  registration: { _id: string; wardName: string; parentName: string; whatsappNumber: string; programme: string } | null;
};

/** Every matching payment with its registration's names, streamed in batches (memory stays flat). */
export async function* streamAdminPayments(filter: Record<string, unknown>): AsyncGenerator<PaymentExportRow> {
  const cursor = Payment.find(filter)
    .select(PAYMENT_FIELDS)
    .sort({ stateRank: 1, createdAt: -1 })
    .lean<PaymentRow[]>()
    .cursor({ batchSize: 500 });
  let batch: PaymentRow[] = [];
  const flush = async function* () {
    const names = await registrationNames(batch.map((p) => p.registrationId));
    for (const p of batch) yield { ...p, registration: names.get(String(p.registrationId)) ?? null };
    batch = [];
  };
  for await (const p of cursor as AsyncIterable<PaymentRow>) {
    batch.push(p);
    if (batch.length >= 500) yield* flush();
  }
  if (batch.length) yield* flush();
}
