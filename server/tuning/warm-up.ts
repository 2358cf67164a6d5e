/**
 * A process's first requests run cold: React's and React Router's render path, the root's reads and each module's
 * first calls are compiled as they come, so the first page takes ten times what the next one does. Under an
 * enrolment day's traffic the first seconds after a start then pile up to the load shedder's bound and are refused
 * (server/load-shed.ts). Once its database is ready, a process renders a few public pages through its own app, on a
 * private loopback port no client reaches, before it counts as ready (docs/decisions/0127).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The pages every visitor's first steps go through; their render path is the one every page shares. */
export const WARM_UP_PATHS = ["/", "/registration", "/portal"] as const;

/** The connections of the warm-up's private ports: no client reaches them. */
const warmUpSockets = new WeakSet<object>();

/** A request of the warm-up's (its log line says so: server/observability.ts). */
export function isWarmUpRequest(req: http.IncomingMessage): boolean {
  return warmUpSockets.has(req.socket);
}

/**
 * Asks `app` for each path `rounds` times, one at a time, within `deadlineMs` in all; what is not done by then is
 * left (the process starts anyway). Resolves with the number of pages answered 200.
 */
export async function warmUp(
  app: http.RequestListener,
  {
    paths = WARM_UP_PATHS,
    rounds = 3,
    deadlineMs = 5_000,
  }: { paths?: readonly string[]; rounds?: number; deadlineMs?: number } = {},
): Promise<number> {
  const server = http.createServer(app);
  server.on("connection", (socket) => warmUpSockets.add(socket));
  // `exclusive`: in a cluster's worker, a port of its own, not one shared through the first process.
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => resolve(true));
  });
  if (!listening) return 0;
  const { port } = server.address() as AddressInfo;
  const signal = AbortSignal.timeout(deadlineMs);
  let answered = 0;
  // Throughout: a fetch refused or cut off at the deadline ends the warm-up, never the process.
  try {
    for (let round = 0; round < rounds; round++)
      for (const path of paths) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          signal,
          redirect: "manual",
          // A cookie (not a session's) takes each round past the anonymous page cache to a render of its own, as a
          // signed-in visitor's pages are (server/tuning/page-cache.ts).
          headers: { "Accept-Encoding": "br, gzip", Cookie: "warm-up=1" },
        });
        await res.arrayBuffer();
        if (res.status === 200) answered++;
      }
  } catch {
    // Past the deadline, or the app could not answer: the process starts as it would have without this.
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return answered;
}
