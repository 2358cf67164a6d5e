/**
 * The app's one request handler, and the Express side of it. React Router's handler takes a web Request and answers
 * a web Response; the page cache (server/tuning/page-cache.ts) calls it directly to keep what it renders, and every other
 * request reaches it through `expressHandler`, which does what @react-router/express did: the request built from
 * Express's (host from Host, or X-Forwarded-Host behind a trusted proxy), aborted when the client goes, and the
 * response streamed back.
 */
import type express from "express";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { bufferedBody } from "./body-limit.ts";

export type AppHandler = (request: Request, context?: RouterContextProvider) => Promise<Response>;

export function appHandler(build: ServerBuild | (() => Promise<ServerBuild>)): AppHandler {
  return createRequestHandler(build, process.env.NODE_ENV);
}

export function expressHandler(
  handle: AppHandler,
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider,
): express.RequestHandler {
  return async (req, res, next) => {
    try {
      await send(res, await handle(webRequest(req, res), getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

function webRequest(req: express.Request, res: express.Response): Request {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = [forwarded, req.get("host")?.split(":")[1]]
    .map((p) => Number.parseInt(p ?? "", 10))
    .find(Number.isSafeInteger);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    // A form's body was read before the app (server/body-limit.ts); an upload's streams in.
    const body = bufferedBody(req);
    if (body) init.body = body;
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(`${req.protocol}://${host}${req.originalUrl}`, init);
}

async function send(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
