/**
 * The demo's accounts outside demo mode (docs/decisions/0086-demo-mode.md): their passwords are published in the
 * README, so a start without DEMO=on turns off every account on a demo number whose password is still the published
 * one (it cannot sign in; its sessions end at once, since a session of a disabled account is refused), and a start with
 * it turns them on again. A real person who owns one of those numbers, with a password of their own, is left alone, and
 * so is an account an admin turned off for another reason.
 */
import { normalizePhone } from "#app/domain/phone.ts";
import { DEMO_ACCOUNTS } from "#app/models/seeds/seed.server.ts";
import { Session } from "#app/models/session.server.ts";
import { User } from "#app/models/user.server.ts";
import { verifyPassword } from "#app/models/password.server.ts";

const DEMO_PHONES = DEMO_ACCOUNTS.map((a) => normalizePhone(a.phone)!);

/** Applies the mode to the demo's accounts; returns how many changed. */
export async function applyDemoModeToAccounts(demo: boolean): Promise<number> {
  if (demo) {
    const { modifiedCount } = await User.updateMany(
      { phone: { $in: DEMO_PHONES }, disabledBy: "demo" },
      { $set: { disabledAt: null, disabledBy: null } },
    );
    return modifiedCount;
  }
  const candidates = await User.find({ phone: { $in: DEMO_PHONES }, disabledAt: null })
    .select("_id phone +passwordHash")
    .lean<{ _id: string; phone: string; passwordHash: string }[]>();
  const published = new Map(DEMO_ACCOUNTS.map((a) => [normalizePhone(a.phone)!, a.password]));
  const ids: string[] = [];
  for (const a of candidates)
    if (await verifyPassword(published.get(a.phone) ?? "", a.passwordHash)) ids.push(String(a._id));
  if (ids.length === 0) return 0;
  await User.updateMany(
    { _id: { $in: ids }, disabledAt: null },
    { $set: { disabledAt: new Date(), disabledBy: "demo" } },
  );
  await Session.deleteMany({ userId: { $in: ids } });
  return ids.length;
}

/** True when no account may act as an admin: the operator must create one (`npm run create-admin`). */
export async function noAdminYet(): Promise<boolean> {
  return (await User.countDocuments({ role: "admin", disabledAt: null }).limit(1)) === 0;
}
