import { pingDb } from "#models/db.server.ts";

/** 200 when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await pingDb();
  return new Response(ok ? "OK" : "Database unavailable", {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
