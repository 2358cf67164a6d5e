/**
 * What an operator alerts on, beside the request metrics the server keeps (server/observability.ts,
 * docs/operations.md#alerts): the outbox's backlog and the age of its oldest waiting message, provider failures by
 * provider and reason, and refused webhooks and callbacks. They are registered on prom-client's default registry, the
 * one `/metrics` serves: the server and the app build load the same prom-client package, so one registry holds both.
 */
import client from "prom-client";
import mongoose from "mongoose";
import { Outbox } from "#app/models/outbox.server.ts";

/**
 * A database figure for a scrape: at most 2 s (the embedded engine does not honour maxTimeMS), and never an error, which
 * would fail the whole /metrics answer: undefined then, and the gauge keeps its last figure.
 */
async function figure<T>(read: () => Promise<T>): Promise<T | undefined> {
  if (mongoose.connection.readyState !== 1) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), 2_000);
  });
  try {
    return await Promise.race([read(), late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** A metric registered once per process, even when its module is evaluated again (development's reloads). */
function once<T extends client.Metric>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

/** Why a provider did not take a message: a bounded set, for a label. */
export type ProviderFailure = "not-configured" | "no-credit" | "refused" | "unavailable";

export const providerFailures = once(
  "outbox_provider_failures_total",
  () =>
    new client.Counter({
      name: "outbox_provider_failures_total",
      help: "Messages a provider did not take, by provider, channel and reason (refused: final; unavailable: retried)",
      labelNames: ["provider", "channel", "reason"],
    }),
);

export const callbacksRefused = once(
  "callbacks_refused_total",
  () =>
    new client.Counter({
      name: "callbacks_refused_total",
      help: "Webhooks and provider callbacks refused before anything was read, by callback and reason",
      labelNames: ["callback", "reason"],
    }),
);

/** The backlog is the database's, the same from every worker: the first process reports one worker's figure. */
once(
  "outbox_messages_waiting",
  () =>
    new client.Gauge({
      name: "outbox_messages_waiting",
      help: "Messages queued or being sent (not yet taken by a provider)",
      aggregator: "max",
      async collect() {
        // With the database away or slow, the figure is left as it was (mongodb_connected says why).
        const waiting = await figure(() =>
          Outbox.countDocuments({ state: { $in: ["queued", "sending"] } }).maxTimeMS(2000),
        );
        if (waiting !== undefined) this.set(waiting);
      },
    }),
);

once(
  "outbox_oldest_waiting_seconds",
  () =>
    new client.Gauge({
      name: "outbox_oldest_waiting_seconds",
      help: "Age of the oldest message queued or being sent (0 when none waits)",
      aggregator: "max",
      async collect() {
        const oldest = await figure(() =>
          Outbox.findOne({ state: { $in: ["queued", "sending"] } }, { createdAt: 1 })
            .sort({ createdAt: 1 })
            .maxTimeMS(2000)
            .lean<{ createdAt: Date } | null>(),
        );
        if (oldest === undefined) return;
        this.set(oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0);
      },
    }),
);
