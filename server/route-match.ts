/**
 * Which route of the app build a pathname lands on (the id of the deepest match), for the page cache's keys and the
 * request log's route names. React Router's `matchRoutes` flattens and ranks the whole route tree on every call: a
 * fraction of a millisecond, most of what a cached page costs to serve. So each build gets one matcher, and a
 * pathname's answer is remembered (up to a bound, so that made-up addresses cannot grow the memory).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

const REMEMBERED_PATHS = 5_000;
const matchers = new WeakMap<object, (pathname: string) => string | null>();

function routeTree(build: Pick<ServerBuild, "routes">): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((r) => ({ ...r, children: r.index ? undefined : attach(children.get(r.id) ?? []) }) as RouteObject);
  return attach(children.get(undefined) ?? []);
}

/** The build's matcher: pathname → the id of its deepest matching route, or null when no route matches. */
export function leafRouteMatcher(build: Pick<ServerBuild, "routes">): (pathname: string) => string | null {
  const known = matchers.get(build.routes);
  if (known) return known;
  const tree = routeTree(build);
  const remembered = new Map<string, string | null>();
  const match = (pathname: string): string | null => {
    const hit = remembered.get(pathname);
    if (hit !== undefined) return hit;
    let id: string | null;
    try {
      id = matchRoutes(tree, pathname)?.at(-1)?.route.id ?? null;
    } catch {
      id = null; // a malformed path matches nothing
    }
    if (remembered.size < REMEMBERED_PATHS) remembered.set(pathname, id);
    return id;
  };
  matchers.set(build.routes, match);
  return match;
}
