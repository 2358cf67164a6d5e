import { env } from "#app/models/env.server.ts";

/** The app's public origin: APP_ORIGIN when set, otherwise the request's own (links in messages, callback addresses). */
export function appOrigin(request: Request): string {
  return (env.appOrigin ?? new URL(request.url).origin).replace(/\/$/, "");
}
