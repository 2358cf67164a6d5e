/**
 * What the HTTP server hands to React Router with each request. With `future.v8_middleware` the load context must be
 * a RouterContextProvider. Its keys are the context objects of the *build*, reached through its seam
 * (app/seam.server.ts): importing app/utils/request-context.ts here would make a second, different key.
 */
import type { Request, Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { clientAddressOf } from "./client-address.ts";
import { nonceOf } from "./security-headers.ts";
import type { RequestLogNote } from "#app/utils/request-context.ts";
import { rulesLookup, seamOf } from "./seam.ts";

/** `latest` is the build the request runs on: in development Vite loads a new one after an edit. */
export function loadContextFor(latest: () => ServerBuild) {
  return (req: Request, res: Response) => {
    const build = latest();
    const { contexts } = seamOf(build);
    const context = new RouterContextProvider();
    context.set(contexts.clientAddress, clientAddressOf(req));
    context.set(contexts.cspNonce, nonceOf(res) ?? null);
    context.set(contexts.requestLog, (res.locals.logNote as RequestLogNote | undefined) ?? null);
    context.set(contexts.routeRules, rulesLookup(build));
    return context;
  };
}
