/**
 * Reconciliation (docs/payments.md): the gateway's transactions of a period beside the portal's gateway payments.
 * What the gateway settled that the portal missed (a webhook lost) is settled now through the same path; a checkout
 * left unanswered for a day is closed; what only the office can decide becomes an exception: money the gateway took
 * for no payment of ours, a confirmed payment the gateway does not show as paid, an amount that differs, a payment
 * made after the portal had closed it. Daily (the first hourly tick of each day on any instance claims the day) and on
 * the admin's button.
 */
import { formatCedis } from "#app/domain/money.ts";
import { newId } from "#app/models/ids.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import {
  ReconciliationException,
  ReconciliationRun,
  recordException,
  type ReconciliationExceptionDoc,
  type ReconciliationRunDoc,
} from "#app/models/reconciliation-exception.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { activeGateway } from "#app/services/money/gateway/gateways.server.ts";
import { GatewayError } from "#app/services/money/gateway/gateway.ts";
import { NOT_COMPLETED, settleGatewayPayment } from "#app/services/money/checkout.server.ts";
import { confirmPayment, rejectPayment, reopenForAmount, voidPayment } from "#app/services/money/payments.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("reconciliation");

const DAY_MS = 24 * 60 * 60 * 1000;
/** The default period: the last two days, so a day's late settlements are seen the next day too. */
export const RECONCILE_PERIOD_MS = 2 * DAY_MS;
/** A checkout nobody answered is closed after this long. */
export const UNANSWERED_AFTER_MS = DAY_MS;

export type RunSummary = {
  transactions: number;
  confirmed: number;
  declined: number;
  closed: number;
  exceptions: number;
};

/**
 * Compares [from, to) and records the run under `runId`; null when no gateway is in use or another instance holds
 * `runId` (the daily run's id names its day). Throws GatewayError when the gateway cannot be asked.
 */
export async function reconcile(options: {
  from: Date;
  to: Date;
  actor: string;
  runId?: string;
}): Promise<RunSummary | null> {
  const gateway = await activeGateway();
  if (!gateway) return null;
  const runId = options.runId ?? newId();
  try {
    await ReconciliationRun.create({
      _id: runId,
      gateway: gateway.name,
      from: options.from,
      to: options.to,
      startedBy: options.actor,
    });
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return null;
    throw error;
  }
  const summary: RunSummary = { transactions: 0, confirmed: 0, declined: 0, closed: 0, exceptions: 0 };
  const openBefore = await ReconciliationException.countDocuments({ state: "open" });
  try {
    const transactions = await gateway.listTransactions(options.from, options.to);
    summary.transactions = transactions.length;
    for (const tx of transactions) {
      const outcome = await settleGatewayPayment(tx);
      if (outcome === "confirmed") summary.confirmed += 1;
      if (outcome === "declined") summary.declined += 1;
      if (outcome === "unknown" && tx.status === "success")
        await recordException({ kind: "missing-in-portal", reference: tx.reference, gatewayAmount: tx.amount });
    }
    const byReference = new Map(transactions.map((tx) => [tx.reference, tx]));
    const payments = await Payment.find({
      method: "gateway-momo",
      gateway: gateway.name,
      createdAt: { $gte: options.from, $lt: options.to },
    })
      .select("_id amount state flag createdAt")
      .lean<{ _id: string; amount: number; state: string; flag: unknown; createdAt: Date }[]>();
    for (const p of payments) {
      const tx = byReference.get(p._id);
      if (p.state === "confirmed" && tx?.status !== "success") {
        await recordException({
          kind: "missing-at-gateway",
          reference: p._id,
          paymentId: p._id,
          portalAmount: p.amount,
          note: tx ? "The gateway has not settled it" : "The gateway has no such transaction",
        });
      }
      const unanswered = !tx || tx.status === "pending";
      if (p.state === "pending" && !p.flag && unanswered && Date.now() - p.createdAt.getTime() > UNANSWERED_AFTER_MS) {
        if (await rejectPayment(p._id, NOT_COMPLETED, "reconciliation")) summary.closed += 1;
      }
    }
    summary.exceptions = (await ReconciliationException.countDocuments({ state: "open" })) - openBefore;
    await ReconciliationRun.updateOne({ _id: runId }, { $set: { ...summary, finishedAt: new Date() } });
    return summary;
  } catch (error) {
    const message = error instanceof GatewayError ? error.message : "The reconciliation failed";
    await ReconciliationRun.updateOne({ _id: runId }, { $set: { error: message, finishedAt: new Date() } });
    throw error;
  }
}

/** The daily run: one per day for the whole deployment (creating the run's id claims the day). */
export async function reconcileToday(now = new Date()): Promise<RunSummary | null> {
  const runId = `daily:${now.toISOString().slice(0, 10)}`;
  return reconcile({ from: new Date(now.getTime() - RECONCILE_PERIOD_MS), to: now, actor: "system", runId });
}

/** Runs the daily reconciliation at the first hourly tick of each day (beside the outbox's sender in each instance). */
export function startDailyReconciliation() {
  const tick = () => reconcileToday().catch((error: unknown) => log.error({ err: error }, "the daily run failed"));
  const first = setTimeout(() => void tick(), 60_000);
  const timer = setInterval(() => void tick(), 60 * 60 * 1000);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

export const RESOLUTION_REFUSED = "The amount received did not match. The school will contact you about a refund.";

/**
 * The office's decision on an exception, once. Confirm: an amount that differs is confirmed for what the gateway
 * received; a payment made after closing is reopened and confirmed; the others are acknowledged. Refuse: a differing
 * payment is refused, a confirmed payment the gateway never settled is voided; the others are acknowledged as
 * refused (any refund is made outside the portal).
 */
export async function resolveException(id: string, decision: "confirm" | "refuse", actorId: string) {
  const ex = await ReconciliationException.findOneAndUpdate(
    { _id: String(id), state: "open" },
    { $set: { state: decision === "confirm" ? "confirmed" : "refused", resolvedBy: actorId, resolvedAt: new Date() } },
    { returnDocument: "after", lean: true },
  );
  if (!ex) return false;
  await applyResolution(ex as ReconciliationExceptionDoc, decision, actorId);
  await audit("reconciliation.resolve", actorId, ex.paymentId, { kind: ex.kind, reference: ex.reference, decision });
  return true;
}

async function applyResolution(ex: ReconciliationExceptionDoc, decision: "confirm" | "refuse", actorId: string) {
  if (!ex.paymentId) return;
  const received = ex.gatewayAmount ?? ex.portalAmount;
  if (ex.kind === "amount-differs" && decision === "refuse") {
    await rejectPayment(ex.paymentId, RESOLUTION_REFUSED, actorId);
  } else if ((ex.kind === "amount-differs" || ex.kind === "paid-after-closing") && decision === "confirm" && received) {
    if (await reopenForAmount(ex.paymentId, received, actorId)) await confirmPayment(ex.paymentId, actorId);
  } else if (ex.kind === "missing-at-gateway" && decision === "refuse") {
    await voidPayment(ex.paymentId, "Not received at the gateway", actorId);
  }
}

export const EXCEPTION_LABELS: Record<ReconciliationExceptionDoc["kind"], string> = {
  "missing-in-portal": "Paid at the gateway, no payment in the portal",
  "missing-at-gateway": "Confirmed in the portal, not paid at the gateway",
  "amount-differs": "The amounts differ",
  "paid-after-closing": "Paid after the portal had closed it",
};

/** The reconciliation page: the latest runs and the exceptions, open first. */
export async function reconciliationOverview() {
  const [runs, open, resolved] = await Promise.all([
    ReconciliationRun.find().sort({ createdAt: -1 }).limit(5).lean<ReconciliationRunDoc[]>(),
    ReconciliationException.find({ state: "open" })
      .sort({ createdAt: -1 })
      .limit(100)
      .lean<ReconciliationExceptionDoc[]>(),
    ReconciliationException.find({ state: { $ne: "open" } })
      .sort({ createdAt: -1 })
      .limit(10)
      .lean<ReconciliationExceptionDoc[]>(),
  ]);
  const amount = (v: number | null) => (v == null ? "—" : formatCedis(v));
  const row = (ex: ReconciliationExceptionDoc) => ({
    id: String(ex._id),
    kind: EXCEPTION_LABELS[ex.kind],
    reference: ex.reference,
    paymentId: ex.paymentId,
    portalAmount: amount(ex.portalAmount),
    gatewayAmount: amount(ex.gatewayAmount),
    note: ex.note ?? "",
    state: ex.state,
  });
  return { runs, open: open.map(row), resolved: resolved.map(row) };
}
