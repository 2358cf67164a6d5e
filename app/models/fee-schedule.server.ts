import { Schema } from "mongoose";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { PROGRAMMES } from "#app/domain/programmes.ts";
import { DEFAULT_MIN_ONLINE_PAYMENT, EMPTY_FEES, type FeeSchedule } from "#app/domain/fees.ts";
import { MAX_AMOUNT_PESEWAS } from "#app/domain/money.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/** The one schedule of the version before vacations (moved under its vacation by app/models/migrations/vacation-migration.server.ts). */
export const OLD_SCHEDULE_ID = "current";

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

/** A vacation's fee schedule (its id is the vacation's name); registrations copy their amount due from it at enrolment. */
const feeScheduleSchema = new Schema(
  {
    _id: { type: String, required: true },
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
export const FeeScheduleModel = defineModel<FeeScheduleDoc>("FeeSchedule", feeScheduleSchema);

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

// Read by every enrolment (the fee it owes) and every page that shows fees, changed a few times a vacation: kept for
// 1 s per process as the settings are (brief-cache.server.ts); a save here is seen at once by this machine's workers.
const cache = briefCache<FeeSchedule | null>("fee-schedules");
export const forgetFeeSchedules = () => cache.forget();

/** A vacation's schedule, or null before an admin has set one (or for no vacation). Its season is the vacation. */
export async function getFeeSchedule(vacation: string | null | undefined): Promise<FeeSchedule | null> {
  if (!vacation) return null;
  return cache.get(String(vacation), async () => {
    const row = await FeeScheduleModel.findById(String(vacation)).lean<FeeScheduleDoc>();
    return row ? { ...clean(row), season: String(vacation) } : null;
  });
}

export async function saveFeeSchedule(vacation: string, schedule: FeeSchedule) {
  try {
    await FeeScheduleModel.updateOne(
      { _id: String(vacation) },
      { $set: { ...schedule, season: String(vacation) } },
      { upsert: true, runValidators: true },
    );
  } finally {
    forgetFeeSchedules();
  }
}
