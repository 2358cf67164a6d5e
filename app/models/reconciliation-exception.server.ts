import { Schema } from "mongoose";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * What reconciling the gateway's transactions with the portal's payments found that the office must decide
 * (app/services/money/reconciliation.server.ts). One per kind and reference: a later run finds it again and adds nothing.
 */
export const EXCEPTION_KINDS = [
  "missing-in-portal",
  "missing-at-gateway",
  "amount-differs",
  "paid-after-closing",
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

const exceptionSchema = new Schema(
  {
    _id: idField,
    key: { type: String, required: true },
    kind: { type: String, required: true, enum: EXCEPTION_KINDS },
    /** The gateway's reference (the portal's payment id when it is one of ours). */
    reference: { type: String, required: true, maxlength: 100 },
    paymentId: { type: String, default: null },
    portalAmount: { type: Number, default: null },
    gatewayAmount: { type: Number, default: null },
    note: { type: String, default: null, maxlength: 300 },
    state: { type: String, required: true, enum: ["open", "confirmed", "refused"], default: "open" },
    resolvedBy: { type: String, default: null },
    resolvedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: "reconciliation_exceptions" },
);
exceptionSchema.index({ key: 1 }, { unique: true });
exceptionSchema.index({ state: 1, createdAt: -1 });

export type ReconciliationExceptionDoc = {
  _id: string;
  key: string;
  kind: ExceptionKind;
  reference: string;
  paymentId: string | null;
  portalAmount: number | null;
  gatewayAmount: number | null;
  note: string | null;
  state: "open" | "confirmed" | "refused";
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
};
export const ReconciliationException = defineModel<ReconciliationExceptionDoc>(
  "ReconciliationException",
  exceptionSchema,
);

/** Records an exception once (a repeated finding changes nothing). */
export async function recordException(input: {
  kind: ExceptionKind;
  reference: string;
  paymentId?: string | null;
  portalAmount?: number | null;
  gatewayAmount?: number | null;
  note?: string | null;
}) {
  await ReconciliationException.updateOne(
    { key: `${input.kind}:${input.reference}` },
    {
      $setOnInsert: {
        kind: input.kind,
        reference: input.reference,
        paymentId: input.paymentId ?? null,
        portalAmount: input.portalAmount ?? null,
        gatewayAmount: input.gatewayAmount ?? null,
        note: input.note ?? null,
        state: "open",
      },
    },
    { upsert: true },
  );
}

/** One reconciliation: the period, what it did, what it found. `_id` is `daily:<day>` for the daily run (one a day). */
const runSchema = new Schema(
  {
    _id: { type: String, required: true },
    gateway: { type: String, required: true },
    from: { type: Date, required: true },
    to: { type: Date, required: true },
    startedBy: { type: String, required: true },
    finishedAt: { type: Date, default: null },
    transactions: { type: Number, default: 0 },
    confirmed: { type: Number, default: 0 },
    declined: { type: Number, default: 0 },
    closed: { type: Number, default: 0 },
    exceptions: { type: Number, default: 0 },
    error: { type: String, default: null, maxlength: 300 },
  },
  { timestamps: true, collection: "reconciliation_runs" },
);
runSchema.index({ createdAt: -1 });

export type ReconciliationRunDoc = {
  _id: string;
  gateway: string;
  from: Date;
  to: Date;
  startedBy: string;
  finishedAt: Date | null;
  transactions: number;
  confirmed: number;
  declined: number;
  closed: number;
  exceptions: number;
  error: string | null;
  createdAt: Date;
};
export const ReconciliationRun = defineModel<ReconciliationRunDoc>("ReconciliationRun", runSchema);
