import { randomBytes, scryptSync } from "node:crypto";

/** A password hash as versions before argon2id wrote it (scrypt$N$r$p$salt$hash; N = 2^15 then). */
export function legacyScryptHash(password: string, N = 2 ** 15) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ["scrypt", N, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}
