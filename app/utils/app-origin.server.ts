import { env } from "#app/models/env.server.ts";

/**
 * The app's public origin, for links in messages and the callback addresses it shows: APP_ORIGIN (required outside
 * demo mode), else the address the demo listens on. Never a request's Host: a client chooses that, and a link built
 * from it would send a parent wherever the client said.
 */
export function appOrigin(): string {
  return (env.appOrigin ?? `http://localhost:${env.port}`).replace(/\/$/, "");
}
