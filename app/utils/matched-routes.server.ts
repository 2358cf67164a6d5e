import type { EntryContext } from "react-router";
import { matchedRouteIds } from "#app/utils/route-tree.ts";

type ManifestRoutes = EntryContext["manifest"]["routes"];
/** The static handler's `match`, which React Router's static router answers `router.match` with. */
type Match = EntryContext["staticHandlerContext"]["_match"];

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
 *
 * To list those routes, React Router's `<Scripts>` matches `/` and each parent path against the whole tree again on
 * every render (getPartialManifest), trying its branches one by one: `/` ranks last of them. The render gets a match
 * that remembers each path's answer (`rememberingMatch`).
 */
export function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  if (context.routeDiscovery.mode !== "lazy") return context;
  const all = context.manifest.routes;
  const ids = new Set(["root", ...context.staticHandlerContext.matches.map((m) => m.route.id)]);
  for (const path of parentPaths(context.staticHandlerContext.location.pathname))
    for (const id of matchedRouteIds(all, path)) ids.add(id);
  const routes: ManifestRoutes = {};
  for (const id of ids) if (all[id]) routes[id] = all[id];
  // Set on the request's own context, not on a copy: the render writes the deepest error boundary it reached there,
  // and React Router reads it from that object when the shell fails to render.
  const handler = context.staticHandlerContext;
  if (typeof handler._match === "function") handler._match = rememberingMatch(handler._match);
  return { ...context, manifest: { ...context.manifest, routes } };
}

/** How many paths' matches a process remembers (a crawler's made-up addresses make more parent paths). */
const REMEMBERED_PATHS = 2_000;
const remembering = new WeakMap<Match, Match>();
const wrappers = new WeakSet<Match>();

/**
 * The static handler's `match`, answering a path it has answered before from memory. A path's matches depend on the
 * path and the routes alone, and the static router reads them without changing them (it maps each to a new object).
 * An answer that throws is not remembered; a location that is not a string goes straight through.
 */
export function rememberingMatch(match: Match): Match {
  // A second render (after an error) gets a context copied from the first one, its match already remembering.
  if (wrappers.has(match)) return match;
  let wrapped = remembering.get(match);
  if (wrapped) return wrapped;
  const known = new Map<string, ReturnType<Match>>();
  wrapped = (location) => {
    if (typeof location !== "string") return match(location);
    if (known.has(location)) return known.get(location)!;
    const found = match(location);
    if (known.size >= REMEMBERED_PATHS) known.delete(known.keys().next().value!);
    known.set(location, found);
    return found;
  };
  remembering.set(match, wrapped);
  wrappers.add(wrapped);
  return wrapped;
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
