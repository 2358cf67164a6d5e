import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { CODE_MINUTES, CODE_TRIES, OneTimeCode, checkCode, issueCode } from "#app/models/one-time-code.server.ts";

useTestDatabase("one_time_codes_test", { init: [OneTimeCode] });
beforeEach(() => OneTimeCode.deleteMany({}));

const PHONE = "+233241234567";

describe("one-time codes", () => {
  it("are 6 digits, stored only as a keyed hash, and work once", async () => {
    const code = await issueCode("password-reset", PHONE);
    expect(code).toMatch(/^\d{6}$/);
    const stored = JSON.stringify(await OneTimeCode.find().lean());
    expect(stored).not.toContain(code);
    expect(await checkCode("password-reset", PHONE, code)).toBe("right");
    expect(await checkCode("password-reset", PHONE, code)).toBe("spent");
  });

  it("expire after 10 minutes", async () => {
    const start = new Date();
    const code = await issueCode("password-reset", PHONE, start);
    const later = new Date(start.getTime() + CODE_MINUTES * 60_000 + 1);
    expect(await checkCode("password-reset", PHONE, code, later)).toBe("spent");
  });

  it("allow 5 tries, even sent at once: then the right code is refused too", async () => {
    const code = await issueCode("password-reset", PHONE);
    const wrong = code === "000000" ? "111111" : "000000";
    const checks = await Promise.all(
      Array.from({ length: CODE_TRIES + 3 }, () => checkCode("password-reset", PHONE, wrong)),
    );
    expect(checks.filter((c) => c === "wrong")).toHaveLength(CODE_TRIES);
    expect(checks.filter((c) => c === "spent")).toHaveLength(3);
    expect(await checkCode("password-reset", PHONE, code)).toBe("spent");
  });

  it("a new code replaces the old one, with fresh tries", async () => {
    const first = await issueCode("password-reset", PHONE);
    for (let i = 0; i < CODE_TRIES - 1; i++)
      await checkCode("password-reset", PHONE, first === "999999" ? "000000" : "999999");
    let second = await issueCode("password-reset", PHONE);
    while (second === first) second = await issueCode("password-reset", PHONE); // one in a million
    expect(await checkCode("password-reset", PHONE, first)).toBe("wrong");
    // Four tries were used on the old code; the new one still has its five.
    for (let i = 0; i < CODE_TRIES - 2; i++) await checkCode("password-reset", PHONE, first);
    expect(await checkCode("password-reset", PHONE, second)).toBe("right");
  });
});
