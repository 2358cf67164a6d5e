/**
 * Every request body is bounded while it streams, before React Router (or anything else) reads it: 256 KB for
 * forms, the upload limit on the upload routes (app/utils/body-limits.ts). A declared Content-Length over the limit
 * is answered 413 at once; a chunked (or lying) body is counted as its bytes arrive and cut off at the limit. Either
 * way the response is 413 with `Connection: close` and the socket is closed: nothing past the limit is buffered.
 */
import type { NextFunction, Request, Response } from "express";
import { bodyLimitFor, tooLargeMessage } from "#app/utils/body-limits.ts";

function refuse(req: Request, res: Response, limit: number) {
  if (!res.headersSent) {
    res.statusCode = 413;
    res.setHeader("Connection", "close");
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end(tooLargeMessage(limit));
  }
  // Stop reading: whatever is still on the way is dropped with the connection once the 413 is out.
  req.pause();
  const close = () => req.socket.destroy();
  if (res.writableFinished) close();
  else {
    res.once("finish", close);
    setTimeout(close, 2_000).unref();
  }
}

export function bodyLimit() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const limit = bodyLimitFor(req.path);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) return refuse(req, res, limit);
    // Count bytes as the socket parser hands them to the request stream, whoever reads it later.
    let received = 0;
    let refused = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk != null) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          refused = true;
          refuse(req, res, limit);
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
