import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "#app/models/infra/env.server.ts";

/**
 * The signed link to a ward's report (docs/decisions/0110-end-of-vacation-reports.md): `<registration>.<expiry>.<mac>`,
 * the expiry in whole days since 1970 (base 36), the MAC an HMAC-SHA256 of both under the session secret (any of the
 * rotated ones verifies), cut to 128 bits. It opens that one report and nothing else, without signing in, until it
 * expires: parents read it on a basic phone's browser and forward it.
 */
export const REPORT_LINK_DAYS = 30;
const DAY_MS = 86_400_000;

const mac = (secret: string, registrationId: string, expires: string) =>
  createHmac("sha256", secret).update(`report:${registrationId}:${expires}`).digest("base64url").slice(0, 22);

export function reportToken(registrationId: string, now = new Date()): string {
  const expires = (Math.floor(now.getTime() / DAY_MS) + REPORT_LINK_DAYS).toString(36);
  return `${registrationId}.${expires}.${mac(env.sessionSecrets[0], registrationId, expires)}`;
}

/** The registration a token opens, "expired", or null for anything not ours. */
export function readReportToken(token: string, now = new Date()): string | "expired" | null {
  const m = /^([a-z0-9]{10,40})\.([a-z0-9]{1,8})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const [, id, expires, given] = m;
  const ok = env.sessionSecrets.some((secret) =>
    timingSafeEqual(Buffer.from(mac(secret, id, expires)), Buffer.from(given)),
  );
  if (!ok) return null;
  return parseInt(expires, 36) * DAY_MS < now.getTime() - DAY_MS ? "expired" : id;
}
