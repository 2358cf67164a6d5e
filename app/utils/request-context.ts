import { createContext } from "react-router";
import type { RulesLookup } from "#app/utils/route-tree.ts";

/**
 * Values the HTTP server (server/load-context.ts) hands to the app through React Router's load context, with every
 * request, in development too (server/main.ts).
 */

/** The client's address: the socket's peer, or the trusted X-Forwarded-For hop when TRUST_PROXY says so. */
export const clientAddressContext = createContext<string>("unknown");

/** Notes for the server's request log line (server/observability.ts): the signed-in user. */
export type RequestLogNote = { userId: string | null; requestId: string | null };
export const requestLogContext = createContext<RequestLogNote | null>(null);

/** What each route declares about itself, by address (app/utils/route-rules.ts): read from the build by the server. */
export const routeRulesContext = createContext<RulesLookup>(() => null);

/**
 * The per-response nonce the Content-Security-Policy allows inline scripts with (server/security-headers.ts).
 * (React Router treats an `undefined` default as no default at all, and throws on `get`: hence null.)
 */
export const cspNonceContext = createContext<string | null>(null);
