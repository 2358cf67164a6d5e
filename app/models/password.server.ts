import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";

/**
 * Password hashes (docs/decisions/0072-argon2id-passwords.md). New and changed passwords: argon2id at OWASP's
 * recommended parameters (19 MiB, 2 passes, 1 lane) through @node-rs/argon2, which runs on libuv's thread pool (the
 * event loop never waits on a hash). A stored hash names its algorithm and parameters (the PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, or the older `scrypt$N$r$p$salt$hash`), so every older format still
 * verifies, and `needsRehash` tells sign-in to replace one weaker than today's setting.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The binding's `Algorithm.Argon2id` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const text = stored ?? "";
  if (text.startsWith("$argon2id$")) return argon2Verify(text, password).catch(() => false);
  if (text.startsWith("scrypt$")) return verifyScrypt(password, text);
  return false;
}

/** True when `stored` is not argon2id at today's parameters or stronger: sign-in then stores a new hash. */
export function needsRehash(stored: string | null | undefined): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored ?? "");
  if (!m) return true;
  const [memory, time, lanes] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return memory < ARGON2_PARAMS.memoryCost || time < ARGON2_PARAMS.timeCost || lanes < ARGON2_PARAMS.parallelism;
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Hashes written before argon2id (scrypt$N$r$p$salt$hash, base64): verified with the memory their own N and r need. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6) return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  // Up to N = 2^20, r = 16: anything larger is not a hash this app wrote.
  if (![N, R, P].every(Number.isSafeInteger) || N < 2 || N > 2 ** 20 || R < 1 || R > 16 || P < 1 || P > 16)
    return false;
  const expected = Buffer.from(keyB64, "base64");
  try {
    const key = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
      N,
      r: R,
      p: P,
      maxmem: 128 * N * R + 1024 * 1024,
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** A hash of a password nobody knows, verified when the phone is unknown so both paths cost the same. */
let dummyHash: Promise<string> | null = null;
export function getDummyHash() {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
