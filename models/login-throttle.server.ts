import mongoose, { Schema } from "mongoose";
import { LOGIN_LOCK_MINUTES } from "#app/domain/settings.ts";

/** Failed sign-ins per phone within a 15-minute window (decisions §2 maxLoginAttempts). */
const loginThrottleSchema = new Schema(
  {
    _id: { type: String }, // the normalised phone
    failures: { type: Number, default: 0 },
    windowStartedAt: { type: Date, required: true },
    lockedUntil: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { collection: "login_throttles" },
);
loginThrottleSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

type LoginThrottleDoc = { _id: string; failures: number; windowStartedAt: Date; lockedUntil: Date | null; expiresAt: Date };
export const LoginThrottle =
  (mongoose.models.LoginThrottle as mongoose.Model<LoginThrottleDoc>) ??
  mongoose.model<LoginThrottleDoc>("LoginThrottle", loginThrottleSchema);

const WINDOW_MS = LOGIN_LOCK_MINUTES * 60_000;

export async function isLockedOut(phone: string, now = new Date()): Promise<boolean> {
  const row = await LoginThrottle.findById(String(phone)).lean();
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

export async function recordFailedLogin(phone: string, maxAttempts: number, now = new Date()) {
  const row = await LoginThrottle.findById(String(phone)).lean();
  const fresh = !row || now.getTime() - row.windowStartedAt.getTime() > WINDOW_MS;
  const failures = fresh ? 1 : row.failures + 1;
  const lockedUntil = failures >= maxAttempts ? new Date(now.getTime() + WINDOW_MS) : null;
  await LoginThrottle.updateOne(
    { _id: String(phone) },
    {
      $set: {
        failures,
        windowStartedAt: fresh ? now : row.windowStartedAt,
        lockedUntil,
        expiresAt: new Date(now.getTime() + 2 * WINDOW_MS),
      },
    },
    { upsert: true },
  );
}

export async function clearFailedLogins(phone: string) {
  await LoginThrottle.deleteOne({ _id: String(phone) });
}
