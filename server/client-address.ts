/**
 * The client's address for rate limits and logs. Express's `trust proxy` setting (proxy-addr) decides which
 * X-Forwarded-For hop to believe: none unless TRUST_PROXY is set, so a client cannot pick its own address.
 *
 * TRUST_PROXY: unset/false = no proxy (the socket's peer); a number = that many proxies in front;
 * `true` = every hop (only when the app is unreachable except through the proxy); or addresses/subnets/names
 * proxy-addr understands, comma-separated (e.g. `loopback`, `10.0.0.0/8`).
 */
import type { Express, Request } from "express";

export function parseTrustProxy(raw: string | undefined): boolean | number | string {
  const value = raw?.trim();
  if (!value || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function useClientAddress(app: Express, raw = process.env.TRUST_PROXY) {
  app.set("trust proxy", parseTrustProxy(raw));
}

export function clientAddressOf(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}
