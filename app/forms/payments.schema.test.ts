import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { FeeScheduleSchema, ParentPaymentSchema, RecordPaymentSchema } from "#app/forms/payments.schema.ts";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
}

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);

describe("payment forms", () => {
  it("records cash without a reference but needs one for Mobile Money; amounts become pesewas", () => {
    const cash = parseWithZod(form({ intent: "record", amount: "100.10", method: "cash", paidOn: today }), {
      schema: RecordPaymentSchema,
    });
    expect(cash.status).toBe("success");
    expect(cash.status === "success" && cash.value.amount).toBe(10010);
    const momo = parseWithZod(form({ intent: "record", amount: "100", method: "mtn-momo", paidOn: today }), {
      schema: RecordPaymentSchema,
    });
    expect(momo.status === "error" && momo.error?.reference).toEqual(["Enter the transaction reference"]);
  });

  it("refuses a future payment date, three decimals, and cash from the parent form", () => {
    const result = parseWithZod(
      form({ registrationId: "abc", amount: "1.234", method: "cash", paidOn: tomorrow, reference: "X1" }),
      { schema: ParentPaymentSchema },
    );
    expect(result.status).toBe("error");
    const error = result.status === "error" ? result.error! : {};
    expect(error.paidOn).toEqual(["The payment date cannot be in the future"]);
    expect(error.amount).toEqual(["Enter an amount like 450 or 450.50 (at most two decimals)"]);
    expect(error.method).toEqual(["Choose how you paid"]);
  });

  it("fee schedule: blank fees are 'not set', band fees need the band's subject count", () => {
    const ok = parseWithZod(form({ vacation: "2026", fee_science: "450", fee_arts: "" }), {
      schema: FeeScheduleSchema,
    });
    expect(ok.status === "success" && ok.value).toMatchObject({
      vacation: "2026",
      fee_science: 45000,
      fee_arts: null,
      bandFromSubjects: null,
      // Blank online-payment settings: GH₵ 10.00 at least, no overpayment.
      minOnlinePayment: 1000,
      allowOverpayment: false,
    });
    const band = parseWithZod(form({ vacation: "2026", band_science: "520" }), { schema: FeeScheduleSchema });
    expect(band.status === "error" && band.error?.bandFromSubjects).toEqual([
      "Say from how many subjects the band fees apply",
    ]);
  });
});
