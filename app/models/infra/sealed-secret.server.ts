import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "#app/models/infra/env.server.ts";

/**
 * A short-lived secret kept beside a record (a one-time code in its queued SMS: app/models/outbox.server.ts), sealed
 * with AES-256-GCM under a key derived from SESSION_SECRET: whoever reads the database or a backup alone does not
 * get the code. Opened with any of the rotating secrets.
 */
const keyOf = (secret: string) => createHash("sha256").update(`sealed-secret:v1:${secret}`).digest();

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(env.sessionSecrets[0]), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plain text, or null when it cannot be opened (tampered, or sealed under a secret no longer configured). */
export function unseal(sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) return null;
  for (const secret of env.sessionSecrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      // another secret, or not ours
    }
  }
  return null;
}
