import mongoose, { Schema } from "mongoose";
import { PROGRAMMES } from "#app/domain/programmes.ts";
import { DEFAULT_MIN_ONLINE_PAYMENT, EMPTY_FEES, type FeeSchedule } from "#app/domain/fees.ts";
import { MAX_AMOUNT_PESEWAS } from "#app/domain/money.ts";

const SCHEDULE_ID = "current";

const pesewasField = {
  type: Number,
  default: null,
  min: 0,
  max: MAX_AMOUNT_PESEWAS,
  validate: {
    validator: (v: number | null) => v == null || Number.isSafeInteger(v),
    message: "Amounts are whole pesewas",
  },
};
const perProgramme = Object.fromEntries(PROGRAMMES.map((p) => [p, pesewasField]));

/** The fee schedule in force (one document); registrations copy their amount due from it at enrolment. */
const feeScheduleSchema = new Schema(
  {
    _id: { type: String, default: SCHEDULE_ID },
    season: { type: String, required: true, trim: true, maxlength: 40 },
    deadline: { type: String, default: "", maxlength: 10 },
    merchantName: { type: String, default: "", trim: true, maxlength: 100 },
    merchantNumber: { type: String, default: "", trim: true, maxlength: 30 },
    paymentInstructions: { type: String, default: "", trim: true, maxlength: 500 },
    fees: perProgramme,
    bandFromSubjects: { type: Number, default: null, min: 1, max: 20 },
    bandFees: perProgramme,
    minOnlinePayment: { ...pesewasField, default: DEFAULT_MIN_ONLINE_PAYMENT, min: 100 },
    allowOverpayment: { type: Boolean, default: false },
  },
  { timestamps: true, collection: "fee_schedules", minimize: false },
);

type FeeScheduleDoc = FeeSchedule & { _id: string };
export const FeeScheduleModel =
  (mongoose.models.FeeSchedule as mongoose.Model<FeeScheduleDoc>) ??
  mongoose.model<FeeScheduleDoc>("FeeSchedule", feeScheduleSchema);

function clean(row: Partial<FeeScheduleDoc>): FeeSchedule {
  const pick = (fees: Partial<Record<string, number | null>> | undefined) =>
    Object.fromEntries(
      PROGRAMMES.map((p) => [p, typeof fees?.[p] === "number" ? fees[p] : null]),
    ) as FeeSchedule["fees"];
  return {
    season: row.season ?? "",
    deadline: row.deadline ?? "",
    merchantName: row.merchantName ?? "",
    merchantNumber: row.merchantNumber ?? "",
    paymentInstructions: row.paymentInstructions ?? "",
    fees: pick(row.fees ?? EMPTY_FEES),
    bandFromSubjects: typeof row.bandFromSubjects === "number" ? row.bandFromSubjects : null,
    bandFees: pick(row.bandFees ?? EMPTY_FEES),
    minOnlinePayment: typeof row.minOnlinePayment === "number" ? row.minOnlinePayment : DEFAULT_MIN_ONLINE_PAYMENT,
    allowOverpayment: row.allowOverpayment === true,
  };
}

/** The schedule in force, or null before an admin has set one. */
export async function getFeeSchedule(): Promise<FeeSchedule | null> {
  const row = await FeeScheduleModel.findById(SCHEDULE_ID).lean<FeeScheduleDoc>();
  return row ? clean(row) : null;
}

export async function saveFeeSchedule(schedule: FeeSchedule) {
  await FeeScheduleModel.updateOne({ _id: SCHEDULE_ID }, { $set: schedule }, { upsert: true, runValidators: true });
}
