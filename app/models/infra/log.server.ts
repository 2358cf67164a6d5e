/**
 * The one log (docs/decisions/0050-request-log-and-metrics.md): every line the portal's processes write is a pino JSON
 * line, so `journalctl -u … -o cat | jq` reads all of it. Code below the server logs through `logFor(area)`, whose lines
 * carry `area` ("outbox", "webhook", "ussd", …) beside the message; an error goes in as `err` (pino's serializer keeps
 * its message and stack).
 */
import { format } from "node:util";
import pino from "pino";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "vacation-classes" },
  timestamp: pino.stdTimeFunctions.isoTime,
});

/** A logger whose lines name the part of the portal that wrote them. */
export function logFor(area: string): pino.Logger {
  return logger.child({ area });
}

/**
 * What a library prints through `console` (React Router's warning about a malformed URL, PDFKit's about a font) as
 * lines of area `console`: called first thing by each process and thread of the server.
 */
export function sendConsoleToLog() {
  const log = logFor("console");
  console.log = console.info = (...args: unknown[]) => log.info(format(...args));
  console.debug = console.trace = (...args: unknown[]) => log.debug(format(...args));
  console.warn = (...args: unknown[]) => log.warn(format(...args));
  console.error = (...args: unknown[]) => log.error(format(...args));
  console.dir = (value: unknown) => log.info(format(value));
}
