import { createContext } from "react-router";

/**
 * Values the HTTP server (server/load-context.ts) hands to the app through React Router's load context, with every
 * request, in development too (server/main.ts).
 */

/** The client's address: the socket's peer, or the trusted X-Forwarded-For hop when TRUST_PROXY says so. */
export const clientAddressContext = createContext<string>("unknown");

/** Notes for the server's request log line (server/observability.ts): the signed-in user. */
export const requestLogContext = createContext<{ userId: string | null; requestId: string | null } | null>(null);

/**
 * The per-response nonce the Content-Security-Policy allows inline scripts with (server/security-headers.ts).
 * (React Router treats an `undefined` default as no default at all, and throws on `get`: hence null.)
 */
export const cspNonceContext = createContext<string | null>(null);
