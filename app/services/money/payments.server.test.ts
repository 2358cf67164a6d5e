import mongoose from "mongoose";
import {
  PAYMENT_STATUS_BACKFILL,
  backfillPaymentStatus,
} from "#app/models/migrations/payment-status-migration.server.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { Registration } from "#app/models/registration.server.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { Counter, Payment, assignReceiptNumber, repairPayments, vacationTotals } from "#app/models/payment.server.ts";
import { saveFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { EMPTY_FEES } from "#app/domain/fees.ts";
import {
  DUPLICATE_REPORT_NOTE,
  adjustAmountDue,
  amountDueAtEnrolment,
  confirmPayment,
  recordPayment,
  rejectPayment,
  submitPayment,
  voidPayment,
} from "#app/services/money/payments.server.ts";

let n = 0;

useTestDatabase("payments_test");

beforeAll(async () => {
  await Promise.all([Registration.init(), Payment.init()]);
  await saveFeeSchedule("2026", {
    season: "2026",
    deadline: "2026-12-20",
    merchantName: "Vacation Classes",
    merchantNumber: "0244000000",
    paymentInstructions: "",
    fees: { ...EMPTY_FEES, science: 45000 },
    bandFromSubjects: null,
    bandFees: { ...EMPTY_FEES },
    minOnlinePayment: 1000,
    allowOverpayment: false,
  });
});

async function registration(season = "2026") {
  n += 1;
  const due = await amountDueAtEnrolment("2026", "science", 2);
  const doc = await Registration.create(registrationDoc(n, { ...due, feeSeason: season, vacation: season }));
  return String(doc._id);
}

const base = (registrationId: string, reference: string | null, amount = 10000) => ({
  registrationId,
  amount,
  method: "mtn-momo" as const,
  reference,
  paidOn: new Date("2026-11-20"),
  payerPhone: null,
  note: null,
  actorId: "tester",
});

/** The payment the service took: a refusal stops the test with its message. */
async function submitted(input: Parameters<typeof submitPayment>[0]) {
  const result = await submitPayment(input);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.payment;
}

/** The office's payment, recorded and confirmed: a refusal stops the test with its message. */
async function recorded(input: Parameters<typeof recordPayment>[0]) {
  const result = await recordPayment(input);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

describe("payments", () => {
  it("stores the amount due from the schedule at enrolment", async () => {
    expect(await amountDueAtEnrolment("2026", "science", 3)).toEqual({
      amountDue: 45000,
      feeSeason: "2026",
      paymentStatus: "unpaid",
    });
    expect(await amountDueAtEnrolment("2026", "arts", 3)).toEqual({
      amountDue: null,
      feeSeason: null,
      paymentStatus: null,
    });
    // Another vacation's fees are its own: none set there yet.
    expect((await amountDueAtEnrolment("2027", "science", 3)).amountDue).toBeNull();
  });

  it("adds partial payments up, and the status follows: Part-paid, Paid, Overpaid; a void takes it back", async () => {
    const id = await registration();
    await recorded(base(id, "P-1", 20000));
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: 20000, paymentStatus: "part-paid" });
    const second = await recorded(base(id, "P-2", 25000));
    expect(second.payment?.balanceAfter).toBe(0);
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: 45000, paymentStatus: "paid" });
    const third = await recorded({ ...base(id, null, 1), method: "cash" });
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: 45001, paymentStatus: "overpaid" });
    expect(await voidPayment(third.payment!._id, "Typed twice", "tester")).toBe(true);
    expect(await voidPayment(third.payment!._id, "Again", "tester")).toBe(false);
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: 45000, paymentStatus: "paid" });
    const voided = await Payment.findById(third.payment!._id).lean();
    expect(voided).toMatchObject({ state: "voided", voidedReason: "Typed twice" });
    expect(await AuditLog.countDocuments({ targetId: id, action: "payment.void" })).toBe(1);
  });

  it("refuses a second payment with the same reference for the method, however it is spaced or cased", async () => {
    const id = await registration();
    await submitted({ ...base(id, "MP231120.1234.A01"), source: "parent" });
    expect(await submitPayment({ ...base(id, " mp231120.1234.a01 "), source: "parent" })).toMatchObject({
      ok: false,
      field: "reference",
      status: 409,
    });
    // Same reference on another network is another transaction.
    await submitted({ ...base(id, "MP231120.1234.A01"), method: "telecel-cash", source: "parent" });
    // Non-cash needs a reference.
    expect(await submitPayment({ ...base(id, " "), source: "parent" })).toMatchObject({
      ok: false,
      field: "reference",
      status: 400,
    });
  });

  it("does not tell a parent that another family's payment holds a reference: the report waits for the office, noted", async () => {
    const mine = await registration();
    const theirs = await registration();
    await recorded(base(theirs, "MP-OTHER-77"));
    const report = await submitted({ ...base(mine, "mp-other-77"), source: "parent" });
    expect(await Payment.findById(report._id).lean()).toMatchObject({
      state: "pending",
      note: DUPLICATE_REPORT_NOTE,
      referenceKey: `free:${report._id}`,
    });
    // The office is still refused: it must see the clash.
    expect(await recordPayment(base(mine, "MP-OTHER-77"))).toMatchObject({ ok: false, status: 409 });
  });

  it("frees a rejected payment's reference and shows the reason", async () => {
    const id = await registration();
    const p = await submitted({ ...base(id, "REJ-1"), source: "parent" });
    expect(await rejectPayment(p._id, "No such transaction on our statement", "tester")).toBe(true);
    expect(await Payment.findById(p._id).lean()).toMatchObject({
      state: "rejected",
      rejectedReason: "No such transaction on our statement",
    });
    await submitted({ ...base(id, "REJ-1"), source: "parent" });
  });

  it("confirms the same pending payment once when two confirmations race", async () => {
    const id = await registration();
    const p = await submitted({ ...base(id, "RACE-1"), source: "parent" });
    const results = await Promise.all(Array.from({ length: 5 }, () => confirmPayment(p._id, "tester")));
    expect(results.filter((r) => r.confirmed)).toHaveLength(1);
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: 10000 });
    expect(await AuditLog.countDocuments({ targetId: id, action: "payment.confirm" })).toBe(1);
  });

  it("numbers 50 concurrent confirmations 1..50 in their season, no gaps, no repeats", async () => {
    const season = "Race Season";
    const id = await registration(season);
    const pending = [];
    for (let i = 0; i < 50; i += 1) pending.push(await submitted({ ...base(id, `BULK-${i}`, 100), source: "parent" }));
    const results = await Promise.all(pending.map((p) => confirmPayment(p._id, "tester")));
    const numbers = results.map((r) => r.payment!.receiptNumber!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.payment!.receiptCode)).size).toBe(50);
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: 5000 });
  });

  it("keeps the totals equal to the confirmed payments when confirmations, voids and records race on one registration", async () => {
    const id = await registration("Totals Race");
    const toVoid = [];
    for (let i = 0; i < 10; i += 1) toVoid.push((await recorded(base(id, `VOID-${i}`, 1000))).payment!);
    const pending = [];
    for (let i = 0; i < 10; i += 1) pending.push(await submitted({ ...base(id, `CONF-${i}`, 2000), source: "parent" }));
    await Promise.all([
      ...pending.map((p) => confirmPayment(p._id, "tester")),
      ...toVoid.map((p) => voidPayment(p._id, "Entered twice", "tester")),
      ...Array.from({ length: 10 }, (_, i) => recordPayment(base(id, `REC-${i}`, 300))),
    ]);
    const confirmed = await Payment.find({ registrationId: id, state: "confirmed" }).lean();
    const sum = confirmed.reduce((total, p) => total + p.amount, 0);
    expect(sum).toBe(10 * 2000 + 10 * 300);
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: sum });
    expect(await Payment.countDocuments({ registrationId: id, totalsApplied: false })).toBe(0);
  });

  it("loses no receipt number when a process stops between taking a number and writing it", async () => {
    const season = "Crash Season";
    const id = await registration(season);
    const first = (await recorded(base(id, "CRASH-1", 100))).payment!;
    expect(first.receiptNumber).toBe(1);
    // A confirmation whose process stopped after taking number 2 (the counter names it) but before writing it.
    const stopped = await submitted({ ...base(id, "CRASH-2", 100), source: "parent" });
    await Payment.updateOne(
      { _id: stopped._id },
      { $set: { state: "confirmed", stateRank: 1, confirmedAt: new Date(), totalsApplied: false } },
    );
    await Counter.updateOne({ _id: `receipt:${season}` }, { $set: { seq: 2, holder: stopped._id } });
    // The next confirmation writes number 2 for it, then takes 3.
    const next = (await recorded(base(id, "CRASH-3", 100))).payment!;
    expect(next.receiptNumber).toBe(3);
    expect((await Payment.findById(stopped._id).lean())!.receiptNumber).toBe(2);

    // A confirmation that stopped before taking any number, a minute ago: the start-up repair numbers it and
    // recomputes its registration's totals.
    const early = await submitted({ ...base(id, "CRASH-4", 100), source: "parent" });
    await Payment.updateOne(
      { _id: early._id },
      { $set: { state: "confirmed", stateRank: 1, confirmedAt: new Date(Date.now() - 120_000), totalsApplied: false } },
    );
    const repaired = await repairPayments();
    expect(repaired.receipts).toBeGreaterThanOrEqual(1);
    expect((await Payment.findById(early._id).lean())!.receiptNumber).toBe(4);
    expect(await Registration.findById(id).lean()).toMatchObject({ amountPaid: 400 });
    const numbers = (await Payment.find({ season }).lean()).map((p) => p.receiptNumber).sort();
    expect(numbers).toEqual([1, 2, 3, 4]);
    // Numbering is idempotent: a payment keeps the number it has.
    expect(await assignReceiptNumber(early._id)).toBe(4);
  });

  it("adjusts the amount due with an audit entry", async () => {
    const id = await registration();
    await recorded({ ...base(id, "GW-77", 45000) });
    await adjustAmountDue(id, 40000, "Sibling discount", "tester");
    expect(await Registration.findById(id).lean()).toMatchObject({ amountDue: 40000, paymentStatus: "overpaid" });
    expect(await AuditLog.findOne({ targetId: id, action: "registration.amount-due" }).lean()).toMatchObject({
      details: { from: 45000, to: 40000, reason: "Sibling discount" },
    });
  });

  it("totals a season for the overview: due, collected, outstanding (overpayments do not offset), pending", async () => {
    const season = "Totals Season";
    const a = await registration(season); // 450.00 due
    const b = await registration(season); // 450.00 due
    await recorded(base(a, "TOT-1", 50000)); // overpaid by 50.00
    await recorded(base(b, "TOT-2", 10000));
    const waiting = await submitted({ ...base(b, "TOT-3", 5000), source: "parent" });
    const totals = await vacationTotals(season);
    expect(totals).toMatchObject({ registered: 2, due: 90000, collected: 60000, outstanding: 35000 });
    expect(totals.pending).toBeGreaterThanOrEqual(1);
    // The office confirms the one waiting: the overview says so at once, though its figures are kept a second.
    await confirmPayment(waiting._id, "tester");
    expect(await vacationTotals(season)).toMatchObject({
      collected: 65000,
      outstanding: 30000,
      pending: totals.pending - 1,
    });
  });

  it("gives fees stored without a payment status their status once, and the vacation's outstanding counts them", async () => {
    const season = "Backfill Season";
    const a = await registration(season); // 450.00 due
    await Registration.collection.updateOne({ _id: a } as never, { $set: { paymentStatus: null } });
    await mongoose.connection.collection<{ _id: string }>("migrations").deleteOne({ _id: PAYMENT_STATUS_BACKFILL });
    expect(await backfillPaymentStatus()).toBeGreaterThanOrEqual(1);
    expect((await Registration.findById(a).lean())?.paymentStatus).toBe("unpaid");
    expect((await vacationTotals(season)).outstanding).toBe(45000);
    expect(await backfillPaymentStatus()).toBeNull(); // once per database
  });
});
