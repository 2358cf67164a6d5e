import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { env } from "#app/models/infra/env.server.ts";

/**
 * Flash messages (docs/product.md#departures): set by an action, shown once on the next page.
 * Kept in their own short-lived signed cookie so they work for anonymous
 * visitors too (e.g. after signing out) and without JavaScript.
 */
export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.input<typeof ToastSchema>;

const toastCookie = createCookie("__toast", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/",
  secrets: env.sessionSecrets,
  maxAge: 60,
});

// A toast's header is the same every time it is said (the value and its HMAC signature), and most are said again and
// again ("Registration Successful!" after every enrolment): each is signed once (WebCrypto imports the key each time).
const signed = new Map<string, Promise<string>>();
const SIGNED_MAX = 200;

export function toastHeader(toast: Toast): Promise<string> {
  const value = ToastSchema.parse(toast);
  const key = JSON.stringify(value);
  let header = signed.get(key);
  if (!header) {
    if (signed.size >= SIGNED_MAX) signed.delete(signed.keys().next().value!);
    header = toastCookie.serialize(value);
    signed.set(key, header);
    header.catch(() => signed.delete(key));
  }
  return header;
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast and the header that clears it. */
export async function getToast(request: Request) {
  const raw = await toastCookie.parse(request.headers.get("Cookie")).catch(() => null);
  const parsed = ToastSchema.safeParse(raw);
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: { "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) },
  };
}
