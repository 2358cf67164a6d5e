import { describe, expect, it } from "vitest";
import {
  amountAwaiting,
  checkoutAmountError,
  checkoutLimits,
  defaultCheckoutAmount,
  momoNetworkOf,
  networkOfNumber,
} from "#app/domain/checkout.ts";

const rules = { minOnlinePayment: 5000, allowOverpayment: false };

describe("what a parent may pay online", () => {
  it("defaults to the balance; the minimum, or the whole balance when it is smaller; never more than owed", () => {
    const limits = checkoutLimits(45000, 10000, rules)!;
    expect(limits).toEqual({ balance: 35000, min: 5000, max: 35000 });
    expect(defaultCheckoutAmount(limits)).toBe(35000);
    expect(checkoutAmountError(limits, 4999)).toBe("Pay at least GH₵ 50.00 at a time.");
    expect(checkoutAmountError(limits, 35001)).toBe("Pay at most the balance, GH₵ 350.00.");
    expect(checkoutAmountError(limits, 5000)).toBeNull();
    expect(checkoutLimits(45000, 43000, rules)).toEqual({ balance: 2000, min: 2000, max: 2000 });
  });

  it("offers nothing without a fee or a balance, unless the school takes overpayments", () => {
    expect(checkoutLimits(null, 0, rules)).toBeNull();
    expect(checkoutLimits(45000, 45000, rules)).toBeNull();
    const over = checkoutLimits(45000, 45000, { ...rules, allowOverpayment: true })!;
    expect(over.min).toBe(5000);
    expect(defaultCheckoutAmount(over)).toBe(5000);
    expect(checkoutAmountError(over, 90000)).toBeNull();
  });

  it("offers the balance less the payments waiting for confirmation, and nothing when they cover it", () => {
    const payments = [
      { registrationId: "a", state: "pending", amount: 25000 },
      { registrationId: "a", state: "confirmed", amount: 10000 },
      { registrationId: "a", state: "rejected", amount: 40000 },
      { registrationId: "b", state: "pending", amount: 5000 },
    ];
    expect(amountAwaiting(payments, "a")).toBe(25000);
    const rest = checkoutLimits(45000, 10000, rules, amountAwaiting(payments, "a"))!;
    expect(rest).toEqual({ balance: 10000, min: 5000, max: 10000 });
    expect(checkoutAmountError(rest, 35000)).toBe("Pay at most the balance, GH₵ 100.00.");
    expect(checkoutLimits(45000, 10000, rules, 35000)).toBeNull();
  });
});

describe("the caller's network as the aggregators name it", () => {
  it("reads Hubtel's Operator and Africa's Talking's network codes of Ghana; anything else is not known", () => {
    expect(["mtn", "MTN", "62001"].map(momoNetworkOf)).toEqual(["mtn", "mtn", "mtn"]);
    expect(["vodafone", "Telecel", "62002"].map(momoNetworkOf)).toEqual(["telecel", "telecel", "telecel"]);
    expect(["airteltigo", "tigo", "62003", "62006"].map(momoNetworkOf)).toEqual(Array(4).fill("airteltigo"));
    expect(["", "62099", "glo", null, undefined].map(momoNetworkOf)).toEqual(Array(5).fill(null));
  });
});

describe("the network a number was issued by", () => {
  it("reads Ghana's prefixes, and knows nothing of other countries' numbers", () => {
    expect(["+233244000003", "+233551234987", "+233201234567", "+233271234567"].map(networkOfNumber)).toEqual([
      "mtn",
      "mtn",
      "telecel",
      "airteltigo",
    ]);
    expect(["+233301234567", "+447911123456"].map(networkOfNumber)).toEqual([null, null]);
  });
});
