import { env } from "#app/models/infra/env.server.ts";

/**
 * The app's public origin, for links in messages and the callback addresses it shows: APP_ORIGIN (required outside
 * demo mode), else the address the demo listens on. Never a request's Host: a client chooses that, and a link built
 * from it would send a parent wherever the client said.
 */
export function appOrigin(): string {
  return (env.appOrigin ?? `http://localhost:${env.port}`).replace(/\/$/, "");
}

/**
 * Where the browser that sent `request` is sent back to (the payment gateway's return): APP_ORIGIN when it is set; in a
 * demo without it, the address the page was opened at (`http://127.0.0.1:3000`, or the machine's address on a school's
 * network to try it on phones), the one the browser holds its session for. Outside a demo never the request's: a
 * production portal follows APP_ORIGIN only, whatever Host a client sends. Messages (SMS, e-mail) use appOrigin().
 */
export function browserOrigin(request: Request): string {
  if (env.appOrigin || !env.demo) return appOrigin();
  try {
    const url = new URL(request.url);
    if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
  } catch {
    // not a URL: the demo's own address
  }
  return appOrigin();
}
