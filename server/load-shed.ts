/**
 * Load shedding (docs/decisions/0082-load-shedding.md): when the event loop falls behind while the server holds a crowd
 * of its own (4 requests per worker), or when this process already
 * has as many requests in the app as it can answer in good time, a new request that would reach the app gets `503`
 * with `Retry-After` and a small page at once, instead of queueing behind the others so that every page waits seconds
 * together. Requests already accepted are served; the health check, /metrics, the static
 * files and the page cache are in front of this. Signing in (and its code step), the payment gateways' webhooks and the
 * USSD and SMS callbacks keep a reserve of their own past the limit (docs/decisions/0088-slow-clients.md): an admin must
 * be able to get in to act, and a gateway or an aggregator that is refused gives up. A USSD callback refused here gets
 * the menu's own "busy" screen, not an HTTP error the phone would show as a failure. A form post refused here stored
 * nothing: the app never saw it (the draft on the device and the offline queue resend it).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { nonceOf } from "./security-headers.ts";
import { renderUssd } from "#app/domain/ussd.ts";
import { sayEnglish } from "#app/domain/wording.ts";

/**
 * The event loop's delay now, in milliseconds: the 99th percentile of perf_hooks' own sampler over the last window,
 * or the one before if that was worse (a block is seen by whichever window's timer runs after it).
 */
export function eventLoopDelay(windowMs = 500) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let previous = 0;
  let last = 0;
  const timer = setInterval(() => {
    previous = last;
    last = histogram.percentile(99) / 1e6;
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    current: () => Math.max(previous, last),
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/** A USSD callback's answer when the portal is too busy: the aggregator shows it as the menu's last screen. */
export const USSD_BUSY_ANSWER = renderUssd({ end: true, text: sayEnglish("ussd.busy"), screen: "busy" });
/** Hubtel's form of it (app/services/messaging/hubtel-ussd.server.ts): a release with the same words. */
const HUBTEL_BUSY_ANSWER = JSON.stringify({ Type: "release", Message: USSD_BUSY_ANSWER.slice(4), DataType: "display" });

export type LoadShedOptions = {
  /**
   * Shed while the delay is above this and the server holds requests of its own (`delayNeedsInFlight`); 0 turns it
   * off.
   */
  thresholdMs: number;
  /**
   * The delay counts only while the whole server holds at least this many requests per worker (default 4, what keeps
   * a worker's core busy): a delay with fewer is another program's load on the machine, and refusing the few people
   * here would not shorten it (docs/decisions/0082-load-shedding.md).
   */
  delayNeedsInFlight?: number;
  retryAfterSeconds?: number;
  /** The current delay in ms (tests pass their own). */
  delay: () => number;
  /** Shed while this many requests are in the app already (it answers them first); 0 or unset: no limit. */
  maxInFlight?: number;
  /** Priority requests are still admitted up to this many past maxInFlight (default 4). */
  priorityReserve?: number;
  /**
   * Whether a path keeps that reserve: the routes that declare `shed: "priority"` (sign-in, webhooks, the phone
   * channel's callbacks, app/utils/route-rules.ts). None when unset.
   */
  priority?: (path: string) => boolean;
  /** Called when shedding starts and when it stops, with the delay and the requests in the app then. */
  onChange?: (shedding: boolean, state: { delayMs: number; inFlight: number; maxInFlight: number }) => void;
  /** Called for each refused request. */
  onShed?: (req: Request) => void;
  /**
   * The server's other workers (server/server-load.ts): the requests in their apps and how many they are. With them,
   * `maxInFlight` is per worker of the whole server: new requests are refused when all the workers together hold
   * `maxInFlight` each, not when the one the kernel handed most connections does (docs/decisions/0100).
   */
  peers?: () => { inFlight: number; workers: number; uploads?: number };
  /** Called with this worker's requests in the app (and its uploads among them) whenever the numbers change. */
  onInFlight?: (inFlight: number, uploads: number) => void;
  /**
   * Whether a path takes an upload (`body: "upload"` or `"handin"`): a request whose body streams into the app for up
   * to minutes. Uploads whose bodies are still arriving hold at most a quarter of the server's places, so that slow
   * uploads cannot push pages into 503 (docs/decisions/0116-bodies-before-the-app.md).
   */
  upload?: (path: string) => boolean;
};

export function loadShedder(options: LoadShedOptions): RequestHandler {
  const retryAfter = options.retryAfterSeconds ?? 5;
  const maxInFlight = options.maxInFlight ?? 0;
  const reserve = options.priorityReserve ?? 4;
  let shedding = false;
  let inFlight = 0;
  let uploads = 0;
  const admit = (req: Request, res: Response, next: NextFunction, upload: boolean) => {
    inFlight++;
    // An upload counts as one until its body has arrived (or the answer went without reading it).
    let arriving = upload && !req.readableEnded;
    if (arriving) uploads++;
    const arrived = () => {
      if (!arriving) return;
      arriving = false;
      uploads--;
      options.onInFlight?.(inFlight, uploads);
    };
    if (arriving) req.once("end", arrived);
    options.onInFlight?.(inFlight, uploads);
    res.once("close", () => {
      inFlight--;
      if (arriving) uploads--;
      arriving = false;
      options.onInFlight?.(inFlight, uploads);
    });
    next();
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const peers = options.peers?.() ?? { inFlight: 0, workers: 0 };
    // The whole server's share: this worker's limit for each worker running.
    const budget = maxInFlight * (1 + peers.workers);
    const total = inFlight + peers.inFlight;
    // A page view of an upload's route is a page: only a post brings an upload.
    const upload = req.method !== "GET" && req.method !== "HEAD" && (options.upload?.(req.path) ?? false);
    if (upload && maxInFlight > 0 && uploads + (peers.uploads ?? 0) >= Math.max(1, Math.floor(budget / 4)))
      return refuse(req, res);
    // The reserve is each worker's, as the limit is.
    const reserved = reserve * (1 + peers.workers);
    if (options.priority?.(req.path)) {
      // Past the delay threshold too: these are small, and what they do cannot wait for the rush to end.
      if (maxInFlight === 0 || total < budget + reserved) return admit(req, res, next, upload);
      return refuse(req, res);
    }
    // The delay is the server's own only while it holds a crowd of its own: four people are never refused because
    // something else keeps the machine busy.
    const ownCrowd = total >= (options.delayNeedsInFlight ?? 4) * (1 + peers.workers);
    const delay = options.thresholdMs > 0 ? options.delay() : 0;
    // Past the limit, shedding goes on until half of it is free again, so that it does not flip with every request; and
    // until this worker's own half is free: a worker whose own requests are few stops refusing even while the others
    // keep the server's sum past half (they alone cannot bring it down).
    const crowded =
      maxInFlight > 0 &&
      (shedding ? total >= Math.ceil(budget / 2) && inFlight >= Math.ceil(maxInFlight / 2) : total >= budget);
    const overloaded = (ownCrowd && options.thresholdMs > 0 && delay > options.thresholdMs) || crowded;
    if (overloaded !== shedding) {
      shedding = overloaded;
      options.onChange?.(shedding, { delayMs: delay, inFlight: total, maxInFlight: budget });
    }
    if (!overloaded) return admit(req, res, next, upload);
    refuse(req, res);
  };

  function refuse(req: Request, res: Response) {
    options.onShed?.(req);
    res.set({ "Retry-After": String(retryAfter), "Cache-Control": "no-store" });
    if (req.path.startsWith("/ussd/hubtel/")) return res.status(200).type("application/json").send(HUBTEL_BUSY_ANSWER);
    if (req.path.startsWith("/ussd/")) return res.status(200).type("text/plain").send(USSD_BUSY_ANSWER);
    res.status(503);
    if (req.path.endsWith(".data")) return res.type("text/plain").send("Busy: try again in a few seconds.");
    res.type("html").send(busyPage(nonceOf(res), retryAfter));
  }
}

/** The page a refused visitor sees: the site's colours, what happened, that nothing they sent was kept half-way. */
function busyPage(nonce: string | undefined, retryAfter: number) {
  const style = `body{margin:0;font-family:system-ui,sans-serif;background:#f9fafb;color:#111827}main{max-width:36rem;margin:0 auto;padding:3rem 1rem}h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5}a{color:#1d4ed8;font-weight:600}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Busy | Vacation Classes</title><style${nonce ? ` nonce="${nonce}"` : ""}>${style}</style></head><body><main id="main"><h1>Many people are using the portal right now</h1><p>Please try again in ${retryAfter} seconds. If you were sending a form, it was not received: nothing was saved, and your answers are still on this page when you go back.</p><p><a href="">Try again</a></p></main></body></html>`;
}
