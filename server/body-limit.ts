/**
 * Every request body is bounded while it streams, before React Router (or anything else) reads it:
 *
 * - **in size**: 256 KB for forms, the upload limit on the upload routes (app/utils/body-limits.ts). A declared
 *   Content-Length over the limit is answered 413 at once; a chunked (or lying) body is counted as its bytes arrive and
 *   cut off at the limit.
 * - **in time** (docs/decisions/0088-slow-clients.md): a form's body must have arrived within BODY_DEADLINE_MS (10 s)
 *   of its headers, an upload's within UPLOAD_DEADLINE_MS (120 s) and, past its first 10 s, at UPLOAD_MIN_BYTES_PER_SECOND
 *   (2 KB/s) on average; otherwise 408. Work handed in (several phone photos over 3G) has HANDIN_DEADLINE_MS (600 s)
 *   at the same rate. A client sending a byte every few seconds no longer holds a place in the app.
 * - **per address and per account**: at most BODIES_PER_ADDRESS (4) bodies still arriving from one client address at
 *   once, and as many from one session cookie whatever its addresses; another is 429 at once. Only bodies still on the
 *   way count, never finished requests, so the many parents behind one mobile network's address are not limited by it.
 * - **before the app** (docs/decisions/0116-bodies-before-the-app.md): a form's body (any route of the app that is not
 *   an upload) is read here whole, at most 256 KB, before the request goes on to the load shedder and the app, so a
 *   slow form holds no place there: the app is handed the bytes (`bufferedBody`). At most BODIES_ARRIVING_MAX (256)
 *   such bodies arrive in a process at once (64 MB at most); past it, 503. Upload bodies are too large to hold: they
 *   stream into their route, which checks who sends and where before it reads a byte, and the load shedder gives them
 *   at most a quarter of the server's places (server/load-shed.ts).
 *
 * Every refusal goes with `Connection: close` and the socket is closed: nothing more is buffered.
 */
import type { NextFunction, Request, Response } from "express";
import { MAX_FORM_BYTES, MAX_HANDIN_BYTES, MAX_UPLOAD_BYTES, tooLargeMessage } from "#app/utils/body-limits.ts";
import { clientAddressOf } from "./client-address.ts";

function refuse(req: Request, res: Response, status: number, message: string) {
  if (!res.headersSent) {
    res.statusCode = status;
    res.setHeader("Connection", "close");
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    if (status === 429) res.setHeader("Retry-After", "10");
    res.end(message);
  }
  // Stop reading: whatever is still on the way is dropped with the connection once the answer is out.
  req.pause();
  const close = () => req.socket.destroy();
  if (res.writableFinished) close();
  else {
    res.once("finish", close);
    setTimeout(close, 2_000).unref();
  }
}

export type BodyLimitOptions = {
  /** A form's whole body within this many ms of its headers; 0: no deadline. */
  deadlineMs?: number;
  /** An upload's whole body within this many ms. */
  uploadDeadlineMs?: number;
  /** A hand-in's whole body within this many ms. */
  handinDeadlineMs?: number;
  /** An upload's average rate past its first `uploadGraceMs` (10 s), in bytes per second. */
  uploadMinBytesPerSecond?: number;
  uploadGraceMs?: number;
  /** Bodies still arriving from one address (and from one session cookie) at once; 0: no cap. */
  perAddress?: number;
  /** Form bodies being read before the app in this process at once; 0: no cap. */
  arrivingMax?: number;
};

const setting = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function bodyLimitOptionsFromEnv(): Required<BodyLimitOptions> {
  return {
    deadlineMs: setting("BODY_DEADLINE_MS", 10_000),
    uploadDeadlineMs: setting("UPLOAD_DEADLINE_MS", 120_000),
    handinDeadlineMs: setting("HANDIN_DEADLINE_MS", 600_000),
    uploadMinBytesPerSecond: setting("UPLOAD_MIN_BYTES_PER_SECOND", 2048),
    uploadGraceMs: 10_000,
    perAddress: setting("BODIES_PER_ADDRESS", 4),
    arrivingMax: setting("BODIES_ARRIVING_MAX", 256),
  };
}

const SLOW_MESSAGE = "The form took too long to arrive. Check your connection and send it again.";
const CROWDED_MESSAGE = "Too many forms are being sent from your address at once. Try again in a few seconds.";
const BUSY_MESSAGE = "Many forms are arriving right now. Nothing was saved: send it again in a few seconds.";

const buffered = new WeakMap<Request, Buffer<ArrayBuffer>>();

/** The form body read before the app (see above), or undefined: the app reads the request's stream itself. */
export function bufferedBody(req: Request): Buffer<ArrayBuffer> | undefined {
  return buffered.get(req);
}

/** The session cookie's value, as sent (unverified: it only groups a client's bodies, as an address does). */
function sessionKey(req: Request): string | null {
  const match = /(?:^|;\s*)__session=([^;]+)/.exec(req.headers.cookie ?? "");
  return match ? `session:${match[1]}` : null;
}

/**
 * `rulesFor`: what the route a path lands on declares (`body: "upload"` or `"handin"`; nothing: a form), or null for
 * an address that is no route of the app (its body, if any, is streamed to whatever answers it).
 */
export function bodyLimit(
  rulesFor: (path: string) => { body?: "upload" | "handin"; shed?: "priority" } | null,
  options: BodyLimitOptions = bodyLimitOptionsFromEnv(),
) {
  const arriving = new Map<string, number>();
  let reading = 0;
  const count = (key: string, by: number) => {
    const n = (arriving.get(key) ?? 0) + by;
    if (n > 0) arriving.set(key, n);
    else arriving.delete(key);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const rules = rulesFor(req.path);
    const kind = rules?.body;
    const upload = kind !== undefined;
    const readHere = rules !== null && !upload;
    const limit = kind === "handin" ? MAX_HANDIN_BYTES : upload ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES;
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) return refuse(req, res, 413, tooLargeMessage(limit));
    // A request that says it has no body has nothing to wait for.
    if (req.readableEnded || (!req.headers["transfer-encoding"] && !(declared > 0))) return next();

    const address = clientAddressOf(req);
    const account = sessionKey(req);
    // A hand-in can take minutes over 3G, and a class hands in from behind one school or carrier address near the due
    // time: four times the places (the minimum rate still keeps a slow sender from holding one). One account's bodies
    // are counted together whatever addresses they come from.
    const cap = (options.perAddress ?? 0) * (kind === "handin" ? 4 : 1);
    if (cap > 0 && (arriving.get(address) ?? 0) >= cap) return refuse(req, res, 429, CROWDED_MESSAGE);
    if (cap > 0 && account && (arriving.get(account) ?? 0) >= (options.perAddress ?? 0))
      return refuse(req, res, 429, CROWDED_MESSAGE);
    const arrivingMax = options.arrivingMax ?? 0;
    // Sign-in, webhooks and the phone callbacks keep their way in, as past the load shedder (their bodies are small).
    if (readHere && rules?.shed !== "priority" && arrivingMax > 0 && reading >= arrivingMax)
      return refuse(req, res, 503, BUSY_MESSAGE);
    count(address, 1);
    if (account) count(account, 1);
    if (readHere) reading++;

    let started = performance.now();
    let received = 0;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    /** The body has arrived, or the request is over: it no longer counts, and no deadline applies. */
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      count(address, -1);
      if (account) count(account, -1);
      if (readHere) reading--;
    };
    const tooSlow = () => {
      if (settled) return;
      settle();
      refuse(req, res, 408, SLOW_MESSAGE);
      if (req.listenerCount("error") > 0)
        req.emit("error", Object.assign(new Error("request body too slow"), { status: 408 }));
    };
    const deadline =
      kind === "handin"
        ? (options.handinDeadlineMs ?? 0)
        : upload
          ? (options.uploadDeadlineMs ?? 0)
          : (options.deadlineMs ?? 0);
    const minRate = upload ? (options.uploadMinBytesPerSecond ?? 0) : 0;
    const grace = options.uploadGraceMs ?? 10_000;
    if (deadline > 0 || minRate > 0) {
      // One timer, checked every second: the deadline, and an upload's average rate once its grace is over.
      const check = () => {
        // While the body waits in full buffers for the app to read it, the client is not the slow one: that time is
        // not counted.
        if (req.readableLength >= req.readableHighWaterMark) started += 1_000;
        const elapsed = performance.now() - started;
        if (deadline > 0 && elapsed >= deadline) return tooSlow();
        if (minRate > 0 && elapsed >= grace && received < (minRate * elapsed) / 1000) return tooSlow();
        timer = setTimeout(check, 1_000);
        timer.unref();
      };
      timer = setTimeout(check, Math.min(1_000, deadline || 1_000));
      timer.unref();
    }
    res.once("close", settle);

    if (readHere) {
      // Read whole here, so that the request reaches the app only once its form has arrived.
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        if (received > limit) {
          settle();
          return refuse(req, res, 413, tooLargeMessage(limit));
        }
        chunks.push(chunk);
      });
      req.on("error", settle);
      req.once("end", () => {
        if (settled) return;
        settle();
        buffered.set(req, Buffer.concat(chunks));
        next();
      });
      return;
    }

    // Count bytes as the socket parser hands them to the request stream, whoever reads it later.
    let refused = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk === null) settle();
      else if (chunk != null) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          refused = true;
          settle();
          refuse(req, res, 413, tooLargeMessage(limit));
          // The reader (React Router's request body) fails rather than seeing a truncated form; the app's own
          // response is then dropped because ours is already sent. (req.destroy would cut the socket before the 413.)
          if (req.listenerCount("error") > 0)
            req.emit("error", Object.assign(new Error("request body over the limit"), { status: 413 }));
          return false;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}
