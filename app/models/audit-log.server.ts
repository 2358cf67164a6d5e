import { Schema, type InferSchemaType } from "mongoose";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * What was done, by whom, and as whom (docs/decisions/0118-every-write-names-who-did-it.md): `actorId` is the person at
 * the keyboard, `asUserId` the person an admin was viewing as then (null otherwise). `registrationIds` are the wards a
 * write concerns (a mark's, a register's), so a registration's page lists what was done to its ward's records.
 */
const auditLogSchema = new Schema(
  {
    _id: idField,
    action: { type: String, required: true, maxlength: 60 },
    actorId: { type: String, required: true },
    asUserId: { type: String, default: null },
    targetId: { type: String, default: null },
    registrationIds: { type: [String], default: undefined },
    details: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: "audit_logs" },
);
auditLogSchema.index({ createdAt: -1 });
auditLogSchema.index({ actorId: 1, createdAt: -1 });
// Admin → Activity's filters: a person as whom an admin acted, a kind of action.
auditLogSchema.index({ asUserId: 1, createdAt: -1 });
auditLogSchema.index({ action: 1, createdAt: -1 });
auditLogSchema.index({ registrationIds: 1, createdAt: -1 });

export type AuditLogDoc = InferSchemaType<typeof auditLogSchema> & { _id: string };
export const AuditLog = defineModel<AuditLogDoc>("AuditLog", auditLogSchema);

/**
 * Whose rights a write uses (`_id`, `role`: the viewed person while an admin views as them) and, then, the admin doing
 * it (`viewingAdminId`). Made by `actorOf` (app/utils/auth.server.ts) from the session.
 */
export type Actor = { _id: string; role: string; viewingAdminId?: string | null };

/** Who a write is recorded as done by, and as whom. */
export type Acting = { by: string; as: string | null };

export function actingOf(actor: Pick<Actor, "_id" | "viewingAdminId">): Acting {
  return actor.viewingAdminId ? { by: actor.viewingAdminId, as: actor._id } : { by: actor._id, as: null };
}

/** Records an action: by a person's id, or by an actor (the admin, as the person viewed, while viewing as someone). */
export async function audit(
  action: string,
  who: string | Pick<Actor, "_id" | "viewingAdminId">,
  targetId: string | null = null,
  details: unknown = null,
  registrationIds?: readonly string[],
) {
  const { by, as } = typeof who === "string" ? { by: who, as: null } : actingOf(who);
  await AuditLog.create({
    action,
    actorId: by,
    asUserId: as,
    targetId,
    details,
    ...(registrationIds?.length ? { registrationIds: [...registrationIds] } : {}),
  });
}

export type ActivityFilter = {
  /** Entries by these people, or done as them. */
  people?: readonly string[];
  /** Only these actions. */
  actions?: readonly string[];
  /** Calendar days, inclusive. */
  from?: string;
  to?: string;
};

export type ActivityRow = {
  _id: string;
  action: string;
  actorId: string;
  asUserId: string | null;
  targetId: string | null;
  details: unknown;
  createdAt: Date;
};

/**
 * Admin → Activity: a page of entries, newest first, and whether an older page follows. Never counted whole: the log
 * grows for as long as the school runs, and a page costs what it shows.
 */
export async function listActivity(filter: ActivityFilter, page: number, perPage: number) {
  const query: Record<string, unknown> = {};
  if (filter.people) query.$or = [{ actorId: { $in: filter.people } }, { asUserId: { $in: filter.people } }];
  if (filter.actions) query.action = { $in: filter.actions };
  if (filter.from || filter.to)
    query.createdAt = {
      ...(filter.from ? { $gte: new Date(`${filter.from}T00:00:00Z`) } : {}),
      ...(filter.to ? { $lt: new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000) } : {}),
    };
  const rows = await AuditLog.find(query)
    .sort({ createdAt: -1 })
    .skip((page - 1) * perPage)
    .limit(perPage + 1)
    .select("action actorId asUserId targetId details createdAt")
    .lean<ActivityRow[]>();
  return { rows: rows.slice(0, perPage), older: rows.length > perPage };
}
