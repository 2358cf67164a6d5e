import cluster from "node:cluster";
import { BROADCAST } from "#app/models/brief-cache.server.ts";

const IN_FLIGHT = "vcp:in-flight";

/**
 * The requests in flight in the server's other workers (docs/decisions/0100), for the load shedder. Each worker tells
 * the others its own count through the first process (server/cluster.ts passes broadcasts on): when it changes, at
 * most every `everyMs`, and every `heartbeatMs` regardless, so that a worker that has died drops out of the sum after
 * `staleMs`. Outside a cluster there are no peers.
 */
export function clusterPeers({ everyMs = 50, heartbeatMs = 500, staleMs = 1_500 } = {}) {
  const others = new Map<number, { inFlight: number; at: number }>();
  let local = 0;
  if (cluster.isWorker && process.send) {
    let sent = -1;
    let sentAt = 0;
    const timer = setInterval(() => {
      const now = Date.now();
      if (local === sent && now - sentAt < heartbeatMs) return;
      sent = local;
      sentAt = now;
      try {
        process.send?.({ type: BROADCAST, message: { type: IN_FLIGHT, pid: process.pid, inFlight: local } });
      } catch {
        // the channel is closing (the worker stops)
      }
    }, everyMs);
    timer.unref();
    process.on("message", (message: { type?: string; pid?: number; inFlight?: number }) => {
      if (message?.type !== IN_FLIGHT || typeof message.pid !== "number" || typeof message.inFlight !== "number")
        return;
      others.set(message.pid, { inFlight: message.inFlight, at: Date.now() });
    });
  }
  return {
    /** This worker's own count, as the shedder changes it. */
    report(inFlight: number) {
      local = inFlight;
    },
    /** The other live workers' requests in their apps, and how many they are. */
    peers() {
      const now = Date.now();
      let inFlight = 0;
      for (const [pid, peer] of others) {
        if (now - peer.at > staleMs) others.delete(pid);
        else inFlight += peer.inFlight;
      }
      return { inFlight, workers: others.size };
    },
  };
}
