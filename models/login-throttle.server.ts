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

/** When the phone's lockout ends, or null when it may sign in. */
export async function lockedUntil(phone: string, now = new Date()): Promise<Date | null> {
  const row = await LoginThrottle.findById(String(phone)).select("lockedUntil").lean();
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

export async function isLockedOut(phone: string, now = new Date()): Promise<boolean> {
  return (await lockedUntil(phone, now)) !== null;
}

/**
 * Counts a failed sign-in; the maxAttempts-th failure within the window locks
 * the phone for LOGIN_LOCK_MINUTES (returned; null while not locked). The count is an atomic $inc, so failures
 * sent in parallel are all counted.
 */
export async function recordFailedLogin(phone: string, maxAttempts: number, now = new Date()): Promise<Date | null> {
  const id = String(phone);
  const expiresAt = new Date(now.getTime() + 2 * WINDOW_MS);
  const cutoff = new Date(now.getTime() - WINDOW_MS);
  let row: LoginThrottleDoc | null = null;
  for (let attempt = 0; attempt < 3 && !row; attempt++) {
    row = await LoginThrottle.findOneAndUpdate(
      { _id: id, windowStartedAt: { $gt: cutoff } },
      { $inc: { failures: 1 }, $set: { expiresAt } },
      { returnDocument: "after" },
    ).lean<LoginThrottleDoc>();
    if (row) break;
    // No window open (first failure, or the last ones are older than the window): start one.
    // If a parallel request has just started it, the upsert hits the unique _id and we count again above.
    try {
      row = await LoginThrottle.findOneAndUpdate(
        { _id: id, windowStartedAt: { $not: { $gt: cutoff } } },
        { $set: { failures: 1, windowStartedAt: now, lockedUntil: null, expiresAt } },
        { returnDocument: "after", upsert: true },
      ).lean<LoginThrottleDoc>();
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
  if (row && row.failures >= maxAttempts) {
    const until = new Date(now.getTime() + WINDOW_MS);
    await LoginThrottle.updateOne({ _id: id }, { $set: { lockedUntil: until } });
    return until;
  }
  return null;
}

export async function clearFailedLogins(phone: string) {
  await LoginThrottle.deleteOne({ _id: String(phone) });
}
