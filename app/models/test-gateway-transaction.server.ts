import { Schema } from "mongoose";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * The built-in TEST gateway's own record of its transactions (app/services/money/gateway/test-gateway.server.ts): what a real
 * gateway keeps on its side. Nothing here is money; the payments themselves are in `payments`.
 */
const testGatewaySchema = new Schema(
  {
    /** The portal's reference (the payment's id). */
    _id: { type: String, required: true },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    phone: { type: String, default: null },
    /** Where a checkout returns the payer; none for a prompt on the phone. */
    callbackUrl: { type: String, default: null },
    /** A direct charge: the prompt the TEST gateway "sent" to `phone` on `network`, answered on /test-gateway. */
    prompt: { type: Boolean, default: false },
    network: { type: String, default: null },
    status: { type: String, required: true, enum: ["pending", "success", "failed"], default: "pending" },
    decidedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: "test_gateway_transactions" },
);
testGatewaySchema.index({ createdAt: 1 });

export type TestGatewayDoc = {
  _id: string;
  amount: number;
  currency: string;
  phone: string | null;
  callbackUrl: string | null;
  prompt?: boolean;
  network?: string | null;
  status: "pending" | "success" | "failed";
  decidedAt: Date | null;
  createdAt: Date;
};
export const TestGatewayTransaction = defineModel<TestGatewayDoc>("TestGatewayTransaction", testGatewaySchema);
