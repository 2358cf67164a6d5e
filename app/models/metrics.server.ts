/**
 * What an operator alerts on, beside the request metrics the server keeps (server/observability.ts,
 * docs/operations.md#alerts): the outbox's backlog and the age of its oldest waiting message, provider failures by
 * provider and reason, and refused webhooks and callbacks. They are registered on prom-client's default registry, the
 * one `/metrics` serves: the server and the app build load the same prom-client package, so one registry holds both.
 */
import client from "prom-client";
import mongoose from "mongoose";
import { Outbox } from "#app/models/outbox.server.ts";

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
        // With the database away, the figure is left as it was (the scrape answers at once; mongodb_connected says why).
        if (mongoose.connection.readyState !== 1) return;
        this.set(await Outbox.countDocuments({ state: { $in: ["queued", "sending"] } }).maxTimeMS(2000));
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
        if (mongoose.connection.readyState !== 1) return;
        const oldest = await Outbox.findOne({ state: { $in: ["queued", "sending"] } }, { createdAt: 1 })
          .sort({ createdAt: 1 })
          .maxTimeMS(2000)
          .lean<{ createdAt: Date } | null>();
        this.set(oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0);
      },
    }),
);
