import { pingDb } from "#models/db.server.ts";

// One database ping per second at most, however often a load balancer asks: the answer is at most 1 s old.
const PING_EVERY_MS = 1_000;
let last: { ok: Promise<boolean>; at: number } | null = null;

function databaseAnswers() {
  if (!last || Date.now() - last.at >= PING_EVERY_MS) last = { ok: pingDb(), at: Date.now() };
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
