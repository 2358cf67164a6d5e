import { Schema, type InferSchemaType } from "mongoose";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * A signed-in browser. The cookie holds only this document's id; deleting it
 * signs the browser out (docs/product.md#architecture). expiresAt slides with activity and a
 * TTL index removes expired sessions.
 */
const sessionSchema = new Schema(
  {
    _id: idField,
    userId: { type: String, required: true },
    impersonatedUserId: { type: String, default: null },
    expiresAt: { type: Date, required: true },
    lastSeenAt: { type: Date, default: () => new Date() },
  },
  { timestamps: true, collection: "sessions" },
);
sessionSchema.index({ userId: 1 });
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type SessionDoc = InferSchemaType<typeof sessionSchema> & { _id: string };
export const Session = defineModel<SessionDoc>("Session", sessionSchema);
