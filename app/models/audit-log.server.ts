import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { idField } from "#app/models/ids.server.ts";

const auditLogSchema = new Schema(
  {
    _id: idField,
    action: { type: String, required: true, maxlength: 60 },
    actorId: { type: String, required: true },
    targetId: { type: String, default: null },
    details: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: "audit_logs" },
);
auditLogSchema.index({ createdAt: -1 });
auditLogSchema.index({ actorId: 1, createdAt: -1 });

export type AuditLogDoc = InferSchemaType<typeof auditLogSchema> & { _id: string };
export const AuditLog =
  (mongoose.models.AuditLog as mongoose.Model<AuditLogDoc>) ?? mongoose.model<AuditLogDoc>("AuditLog", auditLogSchema);

export async function audit(action: string, actorId: string, targetId: string | null = null, details: unknown = null) {
  await AuditLog.create({ action, actorId, targetId, details });
}
