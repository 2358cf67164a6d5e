/**
 * Which routes an address lands on, for the HTTP server (body limits, load shedding, the page cache and the request
 * log: server/seam.ts) and for each render (the manifest cut to the page's routes: matched-routes.server.ts).
 * React Router's `matchRoutes` flattens and ranks the whole route tree on every call, a fraction of a millisecond: so
 * each set of routes (the build's, the manifest's) gets its tree built once, and an address's matches are remembered
 * (up to a bound, so that made-up addresses cannot grow the memory). This is the one memo of the route tree.
 */
import { matchRoutes, type RouteObject } from "react-router";
import { pageOfDataRequest } from "#app/utils/data-request.ts";
import { rulesOf, type RouteRules } from "#app/utils/route-rules.ts";

/** What the build's routes and the browser manifest's routes both have. */
type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type Routes = Record<string, RouteEntry | undefined>;

const REMEMBERED_PATHS = 5_000;
const memo = new WeakMap<Routes, { tree: RouteObject[]; byPath: Map<string, string[]> }>();

function routeTree(routes: Routes): RouteObject[] {
  const children = new Map<string | undefined, RouteEntry[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const attach = (entries: RouteEntry[]): RouteObject[] =>
    entries.map((route) => {
      const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index
        ? { ...base, index: true as const }
        : { ...base, children: attach(children.get(route.id) ?? []) };
    });
  return attach(children.get(undefined) ?? []);
}

/** The ids of the routes `pathname` matches, outermost first (none when it matches nothing or is malformed). */
export function matchedRouteIds(routes: Routes, pathname: string): string[] {
  let known = memo.get(routes);
  if (!known) memo.set(routes, (known = { tree: routeTree(routes), byPath: new Map() }));
  let ids = known.byPath.get(pathname);
  if (!ids) {
    try {
      ids = (matchRoutes(known.tree, pathname) ?? []).map((m) => m.route.id!);
    } catch {
      ids = []; // a malformed path matches nothing
    }
    if (known.byPath.size >= REMEMBERED_PATHS) known.byPath.delete(known.byPath.keys().next().value!);
    known.byPath.set(pathname, ids);
  }
  return ids;
}

/** The id of the deepest route `pathname` matches, or null. */
export function leafRouteId(routes: Routes, pathname: string): string | null {
  return matchedRouteIds(routes, pathname).at(-1) ?? null;
}

/** The rules the route an address lands on declares (a data request's are its page's), or null when none matches. */
export function rulesForPath(
  routes: Record<string, (RouteEntry & { module: { handle?: unknown } }) | undefined>,
  pathname: string,
): RouteRules | null {
  const leaf = leafRouteId(routes, pageOfDataRequest(pathname) ?? pathname);
  return leaf ? rulesOf(routes[leaf]?.module.handle) : null;
}

/** A lookup of the rules by address, handed to the app in the load context (the dashboard's links, maintenance). */
export type RulesLookup = (pathname: string) => RouteRules | null;
