/**
 * The demo's accounts outside demo mode (docs/decisions/0086-demo-mode.md): their passwords are published in the
 * README, so a start without DEMO=on turns them off (they cannot sign in; their sessions end at once, since a session
 * of a disabled account is refused) and a start with it turns them on again. An account an admin turned off for
 * another reason is left as it is.
 */
import { normalizePhone } from "#app/domain/phone.ts";
import { DEMO_ACCOUNTS } from "./seed.server.ts";
import { Session } from "./session.server.ts";
import { User } from "./user.server.ts";

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
  const accounts = await User.find({ phone: { $in: DEMO_PHONES }, disabledAt: null })
    .select("_id")
    .lean<{ _id: string }[]>();
  if (accounts.length === 0) return 0;
  const ids = accounts.map((a) => String(a._id));
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
