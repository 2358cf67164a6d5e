import { describe, expect, it } from "vitest";
import { legacyScryptHash } from "#tests/support/legacy-scrypt.ts";
import { ARGON2_PARAMS, getDummyHash, hashPassword, needsRehash, verifyPassword } from "#app/models/password.server.ts";

describe("password hashing", () => {
  it("hashes with argon2id at 19 MiB, 2 passes, 1 lane, and verifies the right password only", async () => {
    const hash = await hashPassword("correct horse 1");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain("correct horse 1");
    expect(await verifyPassword("correct horse 1", hash)).toBe(true);
    expect(await verifyPassword("correct horse 2", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same-password")).not.toBe(await hashPassword("same-password"));
  });
  it("still verifies the scrypt hashes of earlier versions (2^15, and 2^17 above the old memory cap), and asks to replace them", async () => {
    for (const N of [2 ** 15, 2 ** 17]) {
      const old = legacyScryptHash("demo-parent-2025", N);
      expect(await verifyPassword("demo-parent-2025", old), `N=${N}`).toBe(true);
      expect(await verifyPassword("wrong", old)).toBe(false);
      expect(needsRehash(old)).toBe(true);
    }
  });
  it("asks to replace an argon2id hash weaker than today's setting", () => {
    expect(needsRehash(`$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost / 2},t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g`)).toBe(true);
    expect(needsRehash(`$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g`)).toBe(true);
    expect(needsRehash(`$argon2id$v=19$m=65536,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2g`)).toBe(false);
  });
  it("rejects malformed, missing or absurd hashes instead of throwing", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
    expect(await verifyPassword("x", "$argon2id$v=19$m=19456,t=2,p=1$bad")).toBe(false);
    expect(await verifyPassword("x", `scrypt$${2 ** 30}$8$1$c2FsdA==$aGFzaA==`)).toBe(false);
  });
  it("has a dummy hash nobody's password matches", async () => {
    expect(await verifyPassword("", await getDummyHash())).toBe(false);
  });
});
