import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this server render (app/entry.server.tsx provides it). In the browser, the
 * page's own: browsers hide it from the attribute but keep it in the `nonce` property, which React's hydration
 * compares in development.
 */
const pageNonce =
  typeof document === "undefined" ? "" : (document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");
export const NonceContext = createContext<string>(pageNonce);

export function useNonce() {
  return useContext(NonceContext);
}
