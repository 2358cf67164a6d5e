/**
 * The one log (docs/decisions/0050-request-log-and-metrics.md): every line the portal's processes write is a pino JSON
 * line, so `journalctl -u … -o cat | jq` reads all of it. Code below the server logs through `logFor(area)`, whose lines
 * carry `area` ("outbox", "webhook", "ussd", …) beside the message; an error goes in as `err` (pino's serializer keeps
 * its message and stack).
 */
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
