import type { EntryContext } from "react-router";

/**
 * The render's context with the manifest cut to the routes this page matched.
 *
 * React Router's ServerRouter builds a route tree from `manifest.routes` on every render and ranks every branch of it
 * (createServerRoutes, createStaticRouter): with the portal's hundred-odd routes that was 8 % of a signed-in page's
 * CPU, to render the three or four routes a page matched. With route discovery on (React Router's default, "lazy"),
 * the browser starts from the matched routes anyway and learns the others from `/__manifest` when a link to them
 * appears; the one difference is that the home page's route is no longer sent with every page ahead of its link.
 * With discovery off, the browser needs every route from the start: the context is left whole.
 */
export function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  if (context.routeDiscovery.mode !== "lazy") return context;
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const id of ["root", ...context.staticHandlerContext.matches.map((m) => m.route.id)]) {
    const route = context.manifest.routes[id];
    if (route) routes[id] = route;
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}
