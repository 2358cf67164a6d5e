import { paymentStatus } from "#app/domain/money.ts";
import { batchedWrites, onceForDatabase } from "#app/models/migrations/migrations.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { raiseRegistrationsRevision } from "#app/models/revisions.server.ts";

export const PAYMENT_STATUS_BACKFILL = "registration-payment-status-2026-11-28";

/**
 * Every registration with a fee gets the payment status its amounts give, once per database: the overview's
 * outstanding sums what the unpaid and part-paid owe (ADR 0096), and the demo seed once set fees without a status.
 */
export function backfillPaymentStatus(): Promise<number | null> {
  return onceForDatabase(PAYMENT_STATUS_BACKFILL, "written", async () => {
    const writes = batchedWrites(Registration.collection);
    const cursor = Registration.collection.find(
      { amountDue: { $ne: null } },
      { projection: { amountDue: 1, amountPaid: 1, paymentStatus: 1 } },
    );
    for await (const r of cursor) {
      const status = paymentStatus(Number(r.amountDue), Number(r.amountPaid ?? 0));
      if (status !== r.paymentStatus)
        await writes.add({ updateOne: { filter: { _id: r._id }, update: { $set: { paymentStatus: status } } } });
    }
    const written = await writes.done();
    if (written) await raiseRegistrationsRevision(); // past the model's middleware
    return written;
  });
}
