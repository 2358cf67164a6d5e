import { createContext, useContext, useState } from "react";

/** The request id of this server render (app/entry.server.tsx provides it; server/observability.ts makes it). */
export const RequestIdContext = createContext<string | null>(null);

const ELEMENT_ID = "request-reference";

/**
 * "Reference: <request id>" on the crash page, so a parent can quote it and the operator find the log line. Shown for
 * a page the server rendered: in the browser the first render reads the server's text back (so hydration matches);
 * a crash after a client-side navigation has no server reference and shows none.
 */
export function RequestReference() {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined" ? null : (document.getElementById(ELEMENT_ID)?.textContent ?? null)),
  );
  if (!id) return null;
  return (
    <p className="mt-3 text-sm text-gray-700">
      Reference for the school: <code id={ELEMENT_ID}>{id}</code>
    </p>
  );
}
