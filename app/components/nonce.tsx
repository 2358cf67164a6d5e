import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this server render (app/entry.server.tsx provides it). In the browser it is
 * undefined: the scripts are already on the page and browsers hide nonce values from the DOM anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
