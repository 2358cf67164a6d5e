import { describe, expect, it } from "vitest";
import { getDummyHash, hashPassword, verifyPassword } from "./password.server.ts";

describe("password hashing (scrypt)", () => {
  it("verifies the right password only, and never stores it in clear", async () => {
    const hash = await hashPassword("correct horse 1");
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain("correct horse 1");
    expect(await verifyPassword("correct horse 1", hash)).toBe(true);
    expect(await verifyPassword("correct horse 2", hash)).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same-password")).not.toBe(await hashPassword("same-password"));
  });
  it("rejects malformed or missing hashes instead of throwing", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
  });
  it("has a dummy hash nobody's password matches", async () => {
    expect(await verifyPassword("", await getDummyHash())).toBe(false);
  });
});
