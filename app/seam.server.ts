/**
 * The one door between the HTTP server (server/) and the app build (docs/decisions/0092-one-door-per-room.md). The
 * server cannot import the app's modules itself: its copy would be a second database connection and second context
 * keys. It finds this object in the build's entry (app/entry.server.tsx re-exports it) and checks its shape at start
 * (server/seam.ts); its type is checked here, where the app writes it.
 */
import type { RouterContext } from "react-router";
import { connectDb, disconnectDb } from "#app/models/db.server.ts";
// The app's metrics join the server's on prom-client's default registry (the outbox's backlog is collected on scrape).
import "#app/models/infra/metrics.server.ts";
import { startOutboxSender } from "#app/services/messaging/outbox-sender.server.ts";
import { startDailyReconciliation } from "#app/services/money/reconciliation.server.ts";
import {
  clientAddressContext,
  cspNonceContext,
  requestLogContext,
  routeRulesContext,
  type RequestLogNote,
} from "#app/utils/request-context.ts";
import { leafRouteId, rulesForPath, type RulesLookup } from "#app/utils/route-tree.ts";
import type { RouteRules } from "#app/utils/route-rules.ts";
import { renderPdfsWith, type PdfRenderer } from "#app/utils/pdf-render.server.ts";

type BuildRoutes = Parameters<typeof rulesForPath>[0];

export type ServerSeam = {
  /** The load context's keys, which the server fills for each request (server/load-context.ts). */
  contexts: {
    clientAddress: RouterContext<string>;
    cspNonce: RouterContext<string | null>;
    requestLog: RouterContext<RequestLogNote | null>;
    routeRules: RouterContext<RulesLookup>;
  };
  /** The app's one database connection: opened as the server starts listening, closed last at shutdown. */
  connectDb(): Promise<unknown>;
  disconnectDb(): Promise<void>;
  /** The work each process does beside its requests: the outbox's sender and the daily reconciliation. */
  startBackgroundWork(): { stop(): Promise<void> };
  /** The id of the deepest route an address lands on (the request log's route name, the page cache's key). */
  leafRoute(routes: BuildRoutes, pathname: string): string | null;
  /** What that route declares about itself (body limit, shedding class, page cache, maintenance, access). */
  rulesFor(routes: BuildRoutes, pathname: string): RouteRules | null;
  /** The server's PDF thread (server/tuning/pdf-thread.ts): every PDF is rendered there from now on. */
  renderPdfsWith(renderer: PdfRenderer | null): void;
};

export const seam = {
  contexts: {
    clientAddress: clientAddressContext,
    cspNonce: cspNonceContext,
    requestLog: requestLogContext,
    routeRules: routeRulesContext,
  },
  connectDb,
  disconnectDb,
  startBackgroundWork() {
    const sender = startOutboxSender();
    const reconciliation = startDailyReconciliation();
    return {
      async stop() {
        reconciliation.stop();
        await sender.stop();
      },
    };
  },
  leafRoute: leafRouteId,
  rulesFor: rulesForPath,
  renderPdfsWith,
} satisfies ServerSeam;
