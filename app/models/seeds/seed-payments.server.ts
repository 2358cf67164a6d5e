import { EMPTY_FEES, feeFor, type FeeSchedule } from "#app/domain/fees.ts";
import { paymentStatus, referenceKey, stateFields, type PaymentMethod } from "#app/domain/money.ts";
import type { Programme } from "#app/domain/programmes.ts";
import { FeeScheduleModel, forgetFeeSchedules, getFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { Payment, assignReceiptNumber, refreshRegistrationTotals } from "#app/models/payment.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { daysAgo } from "#app/models/seeds/seed-dates.server.ts";
import { VacationModel, forgetVacations } from "#app/models/vacation.server.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";

export const DEMO_FEE_SCHEDULE: FeeSchedule = {
  season: "2026 Christmas vacation",
  deadline: "2026-12-31",
  merchantName: "Vacation Classes Ltd",
  merchantNumber: "0554000010",
  paymentInstructions: "Bank: GCB Bank, Accra Main branch, account 1011130000000 (Vacation Classes Ltd).",
  fees: { ...EMPTY_FEES, science: 45000, arts: 40000, business: 40000, "visual-arts": 42000, "home-economics": 38000 },
  bandFromSubjects: 7,
  bandFees: { ...EMPTY_FEES, science: 52000, arts: 46000 },
  minOnlinePayment: 1000,
  allowOverpayment: false,
};
/** Demo payments by registration reference: confirmed ones get receipts, pending ones wait for the office. */
const DEMO_PAYMENTS: Array<{
  registration: string;
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  /** Paid this many days before seeding. */
  paidDaysAgo: number;
  state: "pending" | "confirmed";
  source: "admin" | "parent";
}> = [
  {
    registration: "demoyawowusu",
    amount: 20000,
    method: "mtn-momo",
    reference: "MP261120.1015.C00001",
    paidDaysAgo: 7,
    state: "confirmed",
    source: "admin",
  },
  {
    registration: "demoyawowusu",
    // Part of the balance: Payment History shows it waiting and still offers the rest (GH₵ 150.00) to pay.
    amount: 10000,
    method: "mtn-momo",
    reference: "MP261122.0930.C00002",
    paidDaysAgo: 5,
    state: "pending",
    source: "parent",
  },
  {
    registration: "demoabenaa01",
    amount: 40000,
    method: "telecel-cash",
    reference: "TC2611181200AB",
    paidDaysAgo: 9,
    state: "confirmed",
    source: "admin",
  },
  {
    registration: "demoesiam001",
    amount: 42000,
    method: "bank-transfer",
    reference: "GCB-778120",
    paidDaysAgo: 6,
    state: "pending",
    source: "parent",
  },
  {
    registration: "demoadjoa001",
    amount: 10000,
    method: "cash",
    reference: null,
    paidDaysAgo: 8,
    state: "confirmed",
    source: "admin",
  },
];

/** The demo's vacation: its lessons began a week before seeding, and it takes enrolments for three weeks more. */
export async function seedDemoVacation() {
  const today = schoolDay();
  await VacationModel.updateOne(
    { _id: DEMO_FEE_SCHEDULE.season },
    {
      $setOnInsert: {
        registrationOpens: addDays(today, -45),
        registrationCloses: addDays(today, 21),
        lessonsStart: addDays(today, -7),
        lessonsEnd: addDays(today, 35),
        newSchoolYear: false,
        datesFromUpgrade: false,
        createdBy: null,
      },
    },
    { upsert: true },
  );
  forgetVacations();
  return DEMO_FEE_SCHEDULE.season;
}

/**
 * Fee schedule, amounts due and demo payments (idempotent: each payment is
 * keyed by its reference, and a receipt number is taken only when one is inserted).
 */
export async function seedDemoPayments(adminId: string) {
  const vacation = DEMO_FEE_SCHEDULE.season;
  await FeeScheduleModel.updateOne({ _id: vacation }, { $setOnInsert: DEMO_FEE_SCHEDULE }, { upsert: true });
  forgetFeeSchedules();
  const schedule = (await getFeeSchedule(vacation)) ?? DEMO_FEE_SCHEDULE;
  const demoRefs = [...new Set(DEMO_PAYMENTS.map((p) => p.registration)), "demokojob001"];
  const regs = await Registration.find({ reference: { $in: demoRefs } })
    .select("_id reference programme subjectCount amountDue")
    .lean<{ _id: string; reference: string; programme: Programme; subjectCount: number; amountDue: number | null }[]>();
  const byRef = new Map(regs.map((r) => [r.reference, r]));
  for (const r of regs) {
    if (r.amountDue != null) continue;
    const fee = feeFor(schedule, r.programme, r.subjectCount);
    await Registration.updateOne(
      { _id: r._id },
      {
        $set: { amountDue: fee, feeSeason: schedule.season, paymentStatus: fee == null ? null : paymentStatus(fee, 0) },
      },
    );
  }
  for (const p of DEMO_PAYMENTS) {
    const reg = byRef.get(p.registration);
    if (!reg) continue;
    // The cash payment's key is the one the first seeds wrote (their payments had fixed dates): a database seeded then
    // must not get it twice.
    const key = p.reference ? `${p.method}:${referenceKey(p.reference)}` : `free:demo-${p.registration}-2026-11-19`;
    const result = await Payment.updateOne(
      { referenceKey: key },
      {
        $setOnInsert: {
          registrationId: reg._id,
          season: schedule.season,
          amount: p.amount,
          method: p.method,
          reference: p.reference,
          referenceKey: key,
          paidOn: daysAgo(p.paidDaysAgo),
          ...stateFields(p.state),
          source: p.source,
          createdBy: adminId,
          confirmedBy: p.state === "confirmed" ? adminId : null,
          confirmedAt: p.state === "confirmed" ? daysAgo(p.paidDaysAgo, 15) : null,
        },
      },
      { upsert: true },
    );
    // Recorded the day it was paid (timestamps would say "now").
    if (result.upsertedCount === 1)
      await Payment.collection.updateOne({ referenceKey: key }, { $set: { createdAt: daysAgo(p.paidDaysAgo, 11) } });
    if (result.upsertedCount === 1 && p.state === "confirmed") {
      const totals = await refreshRegistrationTotals(reg._id);
      const seeded = await Payment.findOne({ referenceKey: key }).select("_id").lean<{ _id: string }>();
      await assignReceiptNumber(seeded!._id);
      await Payment.updateOne({ _id: seeded!._id }, { $set: { balanceAfter: totals.balance } });
    }
  }
  for (const r of regs) await refreshRegistrationTotals(r._id);
}
