import { Schema } from "mongoose";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/** One-time password reset links issued by an admin (docs/product.md#departures). Only a hash of the token is stored. */
const passwordResetSchema = new Schema(
  {
    _id: idField,
    tokenHash: { type: String, required: true },
    userId: { type: String, required: true },
    createdBy: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: "password_resets" },
);
passwordResetSchema.index({ tokenHash: 1 }, { unique: true });
passwordResetSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
passwordResetSchema.index({ userId: 1, usedAt: 1 });

type PasswordResetDoc = {
  _id: string;
  tokenHash: string;
  userId: string;
  createdBy: string;
  expiresAt: Date;
  usedAt: Date | null;
};
export const PasswordReset = defineModel<PasswordResetDoc>("PasswordReset", passwordResetSchema);
