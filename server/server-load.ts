import cluster, { type Worker } from "node:cluster";

/** A worker's own count of requests in its app, sent to the first process. */
export const IN_FLIGHT = "vcp:in-flight";
/** The first process's answer to each worker: the others' requests in their apps, and how many others there are. */
export const SERVER_LOAD = "vcp:server-load";

/**
 * In a worker: the requests in flight in the server's other workers (docs/decisions/0100), for the load shedder. The
 * worker sends its own count to the first process when it changes, at most every `everyMs`; the first process
 * (`serverLoadRelay`) keeps every worker's and sends each the others' sum. Outside a cluster there are no peers.
 */
export function clusterPeers({ everyMs = 50 } = {}) {
  let local = { inFlight: 0, uploads: 0 };
  let peers = { inFlight: 0, workers: 0, uploads: 0 };
  if (cluster.isWorker && process.send) {
    let sent = local;
    const timer = setInterval(() => {
      if (local === sent || !process.connected) return;
      sent = local;
      process.send?.({ type: IN_FLIGHT, ...local }, undefined, undefined, () => {});
    }, everyMs);
    timer.unref();
    process.on("message", (message: { type?: string; inFlight?: unknown; workers?: unknown; uploads?: unknown }) => {
      if (message?.type !== SERVER_LOAD) return;
      const { inFlight, workers, uploads } = message;
      if (typeof inFlight === "number" && typeof workers === "number")
        peers = { inFlight, workers, uploads: typeof uploads === "number" ? uploads : 0 };
    });
  }
  return {
    /** This worker's own counts, as the shedder changes them: requests in the app, uploads still arriving among them. */
    report(inFlight: number, uploads = 0) {
      if (inFlight !== local.inFlight || uploads !== local.uploads) local = { inFlight, uploads };
    },
    /** The other workers' requests in their apps (and uploads arriving), and how many they are. */
    peers: () => peers,
  };
}

/**
 * In the first process: every worker's count, and each worker told the others' sum when any changed (at most every
 * `everyMs`). A worker that exits leaves the sum at once. Messages grow with the workers, not with their square.
 */
export function serverLoadRelay(send: (worker: Worker, message: object) => void, { everyMs = 50 } = {}) {
  const counts = new Map<Worker, number>();
  const uploadCounts = new Map<Worker, number>();
  let changed = false;
  cluster.on("message", (worker, message: { type?: string; inFlight?: unknown; uploads?: unknown }) => {
    if (message?.type !== IN_FLIGHT || typeof message.inFlight !== "number") return;
    counts.set(worker, message.inFlight);
    uploadCounts.set(worker, typeof message.uploads === "number" ? message.uploads : 0);
    changed = true;
  });
  cluster.on("exit", (worker) => {
    uploadCounts.delete(worker);
    changed = counts.delete(worker) || changed;
  });
  const timer = setInterval(() => {
    if (!changed) return;
    changed = false;
    let total = 0;
    let uploads = 0;
    for (const n of counts.values()) total += n;
    for (const n of uploadCounts.values()) uploads += n;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    for (const worker of workers)
      send(worker, {
        type: SERVER_LOAD,
        inFlight: total - (counts.get(worker) ?? 0),
        uploads: uploads - (uploadCounts.get(worker) ?? 0),
        workers: workers.length - 1,
      });
  }, everyMs);
  timer.unref();
}
