import { PROGRAMMES, PROGRAMME_LABELS } from "#app/domain/programmes.ts";
import { formatCedis } from "#app/domain/money.ts";
import { formatDate } from "#app/domain/dates.ts";
import { hasAnyFee, type FeeSchedule } from "#app/domain/fees.ts";

/** What the public pages show of the fee schedule (already formatted, so the client gets text only). */
export function publicFees(schedule: FeeSchedule | null) {
  if (!hasAnyFee(schedule)) return null;
  return {
    season: schedule.season,
    deadline: schedule.deadline ? formatDate(`${schedule.deadline}T12:00:00Z`) : null,
    merchantName: schedule.merchantName,
    merchantNumber: schedule.merchantNumber,
    paymentInstructions: schedule.paymentInstructions,
    bandFromSubjects: schedule.bandFromSubjects,
    rows: PROGRAMMES.filter((p) => schedule.fees[p] != null).map((p) => ({
      programme: PROGRAMME_LABELS[p],
      fee: formatCedis(schedule.fees[p]!),
      band:
        schedule.bandFromSubjects != null && schedule.bandFees[p] != null ? formatCedis(schedule.bandFees[p]!) : null,
    })),
  };
}
export type PublicFees = NonNullable<ReturnType<typeof publicFees>>;

/** Of the public fees, what HowToPay shows (the school's Mobile Money number, its instructions, the deadline). */
export function howToPayOf(fees: PublicFees | null) {
  return fees
    ? {
        merchantName: fees.merchantName,
        merchantNumber: fees.merchantNumber,
        paymentInstructions: fees.paymentInstructions,
        deadline: fees.deadline,
      }
    : null;
}

export function FeesTable({ fees }: { fees: PublicFees }) {
  const anyBand = fees.rows.some((r) => r.band);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-gray-900">Fees for {fees.season}</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="py-2 pr-4">
              Programme
            </th>
            <th scope="col" className="py-2 pr-4">
              Fee
            </th>
            {anyBand ? (
              <th scope="col" className="py-2 pr-4">
                From {fees.bandFromSubjects} subjects
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {fees.rows.map((r) => (
            <tr key={r.programme} className="border-b border-gray-100">
              <th scope="row" className="py-2 pr-4 font-medium">
                {r.programme}
              </th>
              {/* An amount never breaks between "GH₵" and its figure. */}
              <td className="whitespace-nowrap py-2 pr-4">{r.fee}</td>
              {anyBand ? <td className="whitespace-nowrap py-2 pr-4">{r.band ?? r.fee}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The school's Mobile Money details and the deadline. */
export function HowToPay({
  fees,
}: {
  fees: Pick<PublicFees, "merchantName" | "merchantNumber" | "paymentInstructions" | "deadline">;
}) {
  return (
    <div className="space-y-1">
      {fees.merchantNumber ? (
        <p>
          Pay by Mobile Money to <strong>{fees.merchantNumber}</strong>
          {fees.merchantName ? <> ({fees.merchantName})</> : null}, with your ward's name as the reference.
        </p>
      ) : null}
      {fees.paymentInstructions ? <p className="whitespace-pre-line">{fees.paymentInstructions}</p> : null}
      {fees.deadline ? (
        <p>
          Please pay by <strong>{fees.deadline}</strong>.
        </p>
      ) : null}
    </div>
  );
}
