import { matchRoutes, type EntryContext, type RouteObject } from "react-router";

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
    for (const id of idsMatching(all, path)) ids.add(id);
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

// Per build (its manifest's routes object): the route tree, and the route ids a path matches (a bounded number of
// paths: an address with ids in it has parents with ids too).
const perBuild = new WeakMap<ManifestRoutes, { tree: RouteObject[]; byPath: Map<string, string[]> }>();
const PATHS_KEPT = 1_000;

function idsMatching(all: ManifestRoutes, path: string): string[] {
  let build = perBuild.get(all);
  if (!build) perBuild.set(all, (build = { tree: routeTree(all), byPath: new Map() }));
  let ids = build.byPath.get(path);
  if (!ids) {
    ids = (matchRoutes(build.tree, path) ?? []).map((m) => m.route.id!);
    if (build.byPath.size >= PATHS_KEPT) build.byPath.delete(build.byPath.keys().next().value!);
    build.byPath.set(path, ids);
  }
  return ids;
}

function routeTree(all: ManifestRoutes, parentId?: string): RouteObject[] {
  return Object.values(all)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => {
      const children = routeTree(all, route!.id);
      const base = { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive };
      return route!.index ? { ...base, index: true as const } : { ...base, children };
    });
}
