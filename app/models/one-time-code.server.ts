import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { Schema } from "mongoose";
import { env } from "#app/models/infra/env.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * One-time codes that prove a phone (docs/decisions/0078-codes-that-prove-a-phone.md): 6 digits, valid 10 minutes,
 * 5 tries; a new code for the same phone and purpose replaces the old one. Only an HMAC of the code is stored (keyed
 * by the session secret), so the database alone does not give a code away, not even by trying the million.
 */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
export const CODE_PURPOSES = ["password-reset", "admin-sign-in", "verify-phone"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

const oneTimeCodeSchema = new Schema(
  {
    /** `<purpose>:<E.164 phone>`: one live code per phone and purpose. */
    _id: { type: String, required: true },
    codeHash: { type: String, required: true },
    tries: { type: Number, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { collection: "one_time_codes", timestamps: true },
);
oneTimeCodeSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

type OneTimeCodeDoc = { _id: string; codeHash: string; tries: number; expiresAt: Date };
export const OneTimeCode = defineModel<OneTimeCodeDoc>("OneTimeCode", oneTimeCodeSchema);

function codeHash(id: string, code: string): string {
  return createHmac("sha256", env.sessionSecrets[0]).update(`${id}:${code}`).digest("hex");
}

/** A new code for the phone (replacing any earlier one), returned once to be sent. */
export async function issueCode(purpose: CodePurpose, phone: string, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = `${purpose}:${phone}`;
  await OneTimeCode.updateOne(
    { _id: id },
    { $set: { codeHash: codeHash(id, code), tries: 0, expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000) } },
    { upsert: true },
  );
  return code;
}

/** When the live code for this phone and purpose stops working, or null when there is none (expired, tries spent). */
export async function liveCodeUntil(purpose: CodePurpose, phone: string, now = new Date()): Promise<Date | null> {
  const row = await OneTimeCode.findOne({
    _id: `${purpose}:${phone}`,
    expiresAt: { $gt: now },
    tries: { $lt: CODE_TRIES },
  })
    .select("expiresAt")
    .lean<{ expiresAt: Date }>();
  return row?.expiresAt ?? null;
}

export type CodeCheck = "right" | "wrong" | "spent";

/**
 * Checks a typed code. Each check uses a try first (one conditional update, so checks sent at once cannot exceed the
 * tries); a right code is used up. "spent": no live code (expired, used, never sent, or out of tries).
 */
export async function checkCode(
  purpose: CodePurpose,
  phone: string,
  typed: string,
  now = new Date(),
): Promise<CodeCheck> {
  const id = `${purpose}:${phone}`;
  const row = await OneTimeCode.findOneAndUpdate(
    { _id: id, expiresAt: { $gt: now }, tries: { $lt: CODE_TRIES } },
    { $inc: { tries: 1 } },
    { returnDocument: "after", lean: true },
  );
  if (!row) return "spent";
  const given = Buffer.from(codeHash(id, typed.replace(/\s+/g, "")));
  const wanted = Buffer.from(row.codeHash);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return "wrong";
  const used = await OneTimeCode.deleteOne({ _id: id, codeHash: row.codeHash });
  return used.deletedCount === 1 ? "right" : "spent";
}
