/**
 * What the HTTP server hands to React Router with each request. With `future.v8_middleware` the load context must be
 * a RouterContextProvider. Its keys are the context objects of the *build* (app/utils/request-context.ts, exported by
 * app/entry.server.tsx): importing that file here would make a second, different key.
 */
import type { Request, Response } from "express";
import { RouterContextProvider, type ServerBuild, type RouterContext } from "react-router";
import { clientAddressOf } from "./client-address.ts";
import { nonceOf } from "./security-headers.ts";
import type { LogNote } from "./observability.ts";

type Contexts = {
  clientAddressContext: RouterContext<string>;
  cspNonceContext: RouterContext<string | null>;
  requestLogContext: RouterContext<LogNote | null>;
};

/** `latest` is the build the request runs on: in development Vite loads a new one after an edit. */
export function loadContextFor(latest: () => ServerBuild) {
  return (req: Request, res: Response) => {
    const contexts = latest().entry.module as unknown as Contexts;
    const context = new RouterContextProvider();
    context.set(contexts.clientAddressContext, clientAddressOf(req));
    context.set(contexts.cspNonceContext, nonceOf(res) ?? null);
    context.set(contexts.requestLogContext, (res.locals.logNote as LogNote | undefined) ?? null);
    return context;
  };
}
