import { EMPTY_FEES } from "#app/domain/fees.ts";

/** The "2026" fee schedule of the money unit tests: science GH₵ 450.00, online payments from GH₵ 50.00, no overpayment. */
export const FEES_2026 = {
  season: "2026",
  deadline: "",
  merchantName: "",
  merchantNumber: "",
  paymentInstructions: "",
  fees: { ...EMPTY_FEES, science: 45000 },
  bandFromSubjects: null,
  bandFees: { ...EMPTY_FEES },
  minOnlinePayment: 5000,
  allowOverpayment: false,
};

/** A science ward of FEES_2026 owing all of its GH₵ 450.00: `registrationDoc(n, OWING_2026)`. */
export const OWING_2026 = {
  amountDue: 45000,
  amountPaid: 0,
  feeSeason: "2026",
  vacation: "2026",
  paymentStatus: "unpaid",
};
