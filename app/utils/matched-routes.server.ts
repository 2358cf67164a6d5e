import type { EntryContext } from "react-router";
import { matchedRouteIds } from "#app/utils/route-tree.ts";

type ManifestRoutes = EntryContext["manifest"]["routes"];

/**
 * The render's context with the manifest cut to the routes the page needs.
 *
 * React Router's ServerRouter builds a route tree from `manifest.routes` on every render and ranks every branch of it
 * (createServerRoutes, createStaticRouter): with the portal's hundred-odd routes that was 8 % of a signed-in page's
 * CPU, to render the three or four routes a page matched. The browser is sent what React Router's route discovery
 * ("lazy", its default) sends from the whole tree: the routes of the page and of `/` and of each parent path of the
 * page's address (so that a link to the home page or to a section's overview works before `/__manifest` answers, or if
 * it never does). The others it learns from `/__manifest` when a link to them appears. With discovery off, the
 * browser needs every route from the start: the context is left whole.
 */
export function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  if (context.routeDiscovery.mode !== "lazy") return context;
  const all = context.manifest.routes;
  const ids = new Set(["root", ...context.staticHandlerContext.matches.map((m) => m.route.id)]);
  for (const path of parentPaths(context.staticHandlerContext.location.pathname))
    for (const id of matchedRouteIds(all, path)) ids.add(id);
  const routes: ManifestRoutes = {};
  for (const id of ids) if (all[id]) routes[id] = all[id];
  return { ...context, manifest: { ...context.manifest, routes } };
}

/** `/` and each parent of the address, as React Router's getPartialManifest lists them. */
export function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}
