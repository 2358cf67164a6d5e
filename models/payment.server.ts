import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { MAX_AMOUNT_PESEWAS, PAYMENT_METHODS, PAYMENT_STATES, paymentStatus, type PaymentMethod, type PaymentState } from "#app/domain/money.ts";
import { idField } from "./ids.server.ts";
import { Registration } from "./registration.server.ts";

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
    /** Who created it: the office, the parent ("I have paid"), or a gateway callback. */
    source: { type: String, required: true, enum: ["admin", "parent", "gateway"] },
    createdBy: { type: String, default: null },
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
  },
  { timestamps: true, collection: "payments" },
);
paymentSchema.index({ referenceKey: 1 }, { unique: true });
paymentSchema.index({ registrationId: 1, createdAt: -1 });
paymentSchema.index({ state: 1, createdAt: -1 });
paymentSchema.index({ createdAt: -1 });

export type PaymentDoc = InferSchemaType<typeof paymentSchema> & {
  _id: string;
  method: PaymentMethod;
  state: PaymentState;
  createdAt: Date;
  updatedAt: Date;
};
export const Payment =
  (mongoose.models.Payment as mongoose.Model<PaymentDoc>) ?? mongoose.model<PaymentDoc>("Payment", paymentSchema);

/** Sequence counters (receipt numbers per season), incremented atomically. */
const counterSchema = new Schema({ _id: String, seq: { type: Number, default: 0 } }, { collection: "counters", versionKey: false });
export const Counter =
  (mongoose.models.Counter as mongoose.Model<{ _id: string; seq: number }>) ??
  mongoose.model<{ _id: string; seq: number }>("Counter", counterSchema);

/** The next number of a sequence: 1, 2, 3… One atomic $inc each, so concurrent callers never share a number. */
export async function nextSequence(name: string): Promise<number> {
  const row = await Counter.findOneAndUpdate(
    { _id: String(name) },
    { $inc: { seq: 1 } },
    { upsert: true, returnDocument: "after", lean: true },
  );
  if (!row || typeof row.seq !== "number") throw new Error(`Counter ${name} did not advance`);
  return row.seq;
}

export const PAYMENT_FIELDS =
  "_id registrationId season amount method reference paidOn payerPhone note state source confirmedAt receiptNumber receiptCode balanceAfter rejectedReason voidedReason createdAt";
export type PaymentRow = Pick<
  PaymentDoc,
  | "_id" | "registrationId" | "season" | "amount" | "method" | "reference" | "paidOn" | "payerPhone" | "note" | "state"
  | "source" | "confirmedAt" | "receiptNumber" | "receiptCode" | "balanceAfter" | "rejectedReason" | "voidedReason" | "createdAt"
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

/** Re-adds the confirmed payments of a registration and stores the sum and the status. */
export async function refreshRegistrationTotals(registrationId: string) {
  const confirmed = await Payment.find({ registrationId: String(registrationId), state: "confirmed" }).select("amount").lean<{ amount: number }[]>();
  let paid = 0;
  for (const p of confirmed) paid += p.amount;
  const reg = await Registration.findById(String(registrationId)).select("amountDue").lean<{ amountDue: number | null }>();
  const due = reg?.amountDue ?? null;
  await Registration.updateOne(
    { _id: String(registrationId) },
    { $set: { amountPaid: paid, paymentStatus: due == null ? null : paymentStatus(due, paid) } },
  );
  return { amountDue: due, amountPaid: paid, balance: due == null ? null : due - paid };
}

/** The overview's fee counters for a season: due, collected (confirmed), outstanding (unpaid balances), pending payments. */
export async function seasonTotals(season: string) {
  const [row] = await Registration.aggregate<{ due: number; paid: number; outstanding: number }>([
    { $match: { feeSeason: String(season), amountDue: { $ne: null } } },
    {
      $group: {
        _id: null,
        due: { $sum: "$amountDue" },
        paid: { $sum: "$amountPaid" },
        outstanding: { $sum: { $max: [{ $subtract: ["$amountDue", "$amountPaid"] }, 0] } },
      },
    },
  ]);
  const [collected] = await Payment.aggregate<{ total: number }>([
    { $match: { season: String(season), state: "confirmed" } },
    { $group: { _id: null, total: { $sum: "$amount" } } },
  ]);
  const pending = await Payment.countDocuments({ state: "pending" });
  return { due: row?.due ?? 0, collected: collected?.total ?? 0, outstanding: row?.outstanding ?? 0, pending };
}
