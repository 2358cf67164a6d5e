import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";

// Modules under test read their configuration at import time.
let mod: typeof import("#app/services/people/password-recovery.server.ts");
let models: {
  User: typeof import("#app/models/user.server.ts").User;
  Session: typeof import("#app/models/session.server.ts").Session;
  PasswordReset: typeof import("#app/models/password-reset.server.ts").PasswordReset;
};
let limits: typeof import("#app/utils/sign-in-limits.server.ts");
let verifyPassword: typeof import("#app/models/password.server.ts").verifyPassword;

useTestDatabase("accounts_unit");

beforeAll(async () => {
  mod = await import("#app/services/people/password-recovery.server.ts");
  limits = await import("#app/utils/sign-in-limits.server.ts");
  models = {
    User: (await import("#app/models/user.server.ts")).User,
    Session: (await import("#app/models/session.server.ts")).Session,
    PasswordReset: (await import("#app/models/password-reset.server.ts")).PasswordReset,
  };
  verifyPassword = (await import("#app/models/password.server.ts")).verifyPassword;
});

let n = 0;
async function makeUser(role: "parent" | "student" = "parent") {
  n += 1;
  return models.User.create({
    role,
    phone: `+23355000${String(n).padStart(4, "0")}`,
    fullName: `Unit User ${n}`,
    passwordHash: "scrypt$1$1$1$x$y",
  });
}

describe("password reset tokens", () => {
  it("stores only a SHA-256 hash of the token, valid for 24 hours", async () => {
    const user = await makeUser();
    const now = new Date("2026-11-22T00:00:00Z");
    const { token, expiresAt } = await mod.createPasswordReset({ userId: user._id, createdBy: "admin1", now });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await models.PasswordReset.findOne({ userId: user._id }).lean();
    expect(row!.tokenHash).toBe(mod.hashResetToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(expiresAt.getTime() - now.getTime()).toBe(24 * 3600_000);
  });

  it("sets the new password once, signs the user out everywhere and lifts a lockout", async () => {
    const user = await makeUser();
    await models.Session.create({ userId: user._id, expiresAt: new Date(Date.now() + 3600_000) });
    await models.Session.create({ userId: user._id, expiresAt: new Date(Date.now() + 3600_000) });
    // Five wrong passwords from two addresses: the account is locked for clients that have been failing.
    for (let i = 0; i < 5; i++) {
      const r = await limits.reserveSignIn(user.phone, i % 2 ? "10.0.0.1" : "10.0.0.2");
      if (!r.refused) await r.failed();
    }
    expect((await limits.reserveSignIn(user.phone, "10.0.0.1")).refused).toBe(true);

    const { token } = await mod.createPasswordReset({ userId: user._id, createdBy: "admin1" });
    expect(await mod.findValidPasswordReset(token)).toMatchObject({ user: { _id: user._id } });
    const result = await mod.resetPasswordWithToken(token, "brand-new-pass");
    expect(result?._id).toBe(user._id);
    const stored = await models.User.findById(user._id).select("+passwordHash").lean();
    expect(await verifyPassword("brand-new-pass", stored!.passwordHash)).toBe(true);
    expect(await models.Session.countDocuments({ userId: user._id })).toBe(0);
    expect((await limits.reserveSignIn(user.phone, "10.0.0.1")).refused).toBe(false);

    expect(await mod.findValidPasswordReset(token)).toBeNull();
    expect(await mod.resetPasswordWithToken(token, "third-pass-1")).toBeNull();
  });

  it("lets exactly one of two concurrent submissions win", async () => {
    const user = await makeUser();
    const { token } = await mod.createPasswordReset({ userId: user._id, createdBy: "admin1" });
    const results = await Promise.all([
      mod.resetPasswordWithToken(token, "first-pass-1"),
      mod.resetPasswordWithToken(token, "second-pass-1"),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("refuses expired, unknown, malformed and replaced tokens, and users promoted to admin", async () => {
    const user = await makeUser();
    const now = new Date();
    const { token: old } = await mod.createPasswordReset({ userId: user._id, createdBy: "admin1", now });
    const { token } = await mod.createPasswordReset({ userId: user._id, createdBy: "admin1", now });
    expect(await mod.findValidPasswordReset(old), "an earlier link stops working").toBeNull();
    expect(await mod.findValidPasswordReset(token, new Date(now.getTime() + 25 * 3600_000)), "expired").toBeNull();
    expect(await mod.findValidPasswordReset("A".repeat(43)), "unknown").toBeNull();
    expect(await mod.findValidPasswordReset("../../etc"), "malformed").toBeNull();
    await models.User.updateOne({ _id: user._id }, { $set: { role: "admin" } });
    expect(await mod.resetPasswordWithToken(token, "admin-takeover"), "admin").toBeNull();
  });

  it("builds links on the portal's own address (APP_ORIGIN, else the one the demo listens on)", () => {
    expect(mod.resetLinkUrl("tok")).toBe(`http://localhost:${process.env.PORT ?? 3000}/reset-password/tok`);
  });
});
