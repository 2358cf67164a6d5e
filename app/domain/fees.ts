import { PROGRAMMES, type Programme } from "#app/domain/programmes.ts";

/**
 * The fee schedule in force: a fee per programme, and optionally a higher
 * (or lower) fee per programme from a number of subjects on (a subject-count
 * band), for one season, with a payment deadline and how to pay.
 * Amounts are integer pesewas (see money.ts).
 */
export type FeeSchedule = {
  season: string;
  /** yyyy-MM-dd, or "" when none is set. */
  deadline: string;
  merchantName: string;
  merchantNumber: string;
  /** Bank details or other instructions, shown under the MoMo number. */
  paymentInstructions: string;
  fees: Record<Programme, number | null>;
  /** From this many subjects on, bandFees apply (null: no band). */
  bandFromSubjects: number | null;
  bandFees: Record<Programme, number | null>;
  /** The smallest amount a parent may pay online in one go (pesewas; the balance itself when it is smaller). */
  minOnlinePayment: number;
  /** Whether a parent may pay online more than the ward's balance. */
  allowOverpayment: boolean;
};

/** GH₵ 10.00: the default smallest online payment (a gateway's fee makes tiny payments costly). */
export const DEFAULT_MIN_ONLINE_PAYMENT = 1000;

export const EMPTY_FEES = Object.fromEntries(PROGRAMMES.map((p) => [p, null])) as Record<Programme, number | null>;

/** The amount due for a programme and subject count, or null when the schedule sets no fee for it. */
export function feeFor(schedule: FeeSchedule | null, programme: Programme, subjectCount: number): number | null {
  if (!schedule) return null;
  const base = schedule.fees[programme] ?? null;
  if (schedule.bandFromSubjects != null && subjectCount >= schedule.bandFromSubjects) {
    return schedule.bandFees[programme] ?? base;
  }
  return base;
}

/** True when at least one programme has a fee. */
export function hasAnyFee(schedule: FeeSchedule | null): schedule is FeeSchedule {
  return Boolean(schedule && PROGRAMMES.some((p) => schedule.fees[p] != null));
}
