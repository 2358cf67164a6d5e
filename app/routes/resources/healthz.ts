import type { RouteHandle } from "#app/utils/route-rules.ts";
import { pingDb } from "#app/models/db.server.ts";

export const handle = { rules: { access: "public", maintenance: "open" } } satisfies RouteHandle;

// One database ping per second at most, however often a load balancer asks. While a new ping is on its way the
// previous answer is given (never more than about a second old), so a slow database does not stall every check.
const PING_EVERY_MS = 1_000;
let last: { ok: boolean; at: number } | null = null;
let inFlight: Promise<boolean> | null = null;

function ping() {
  inFlight ??= pingDb()
    .then((ok) => {
      last = { ok, at: Date.now() };
      return ok;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

async function databaseAnswers(): Promise<boolean> {
  if (!last) return ping();
  if (Date.now() - last.at >= PING_EVERY_MS) void ping();
  return last.ok;
}

/** 200 when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await databaseAnswers();
  return new Response(ok ? "OK" : "Database unavailable", {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
