import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { rulesOf, type RouteRules } from "#app/utils/route-rules.ts";

const BUILD = path.resolve(fileURLToPath(new URL("../..", import.meta.url)), "build/server/index.js");

export type BuiltRoute = { id: string; pattern: string; rules: RouteRules | null; hasAction: boolean };

/**
 * Every route of the built app (the one the e2e tests run against), with its URL pattern ("/admin/users/:userId",
 * "/*"; a pathless layout gets "(layout)" after its parent's), the rules its module declares in `handle`, and whether
 * it has an action.
 */
export async function builtRoutes(): Promise<BuiltRoute[]> {
  const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
  const all = Object.values(build.routes).filter((r) => r !== undefined);
  const patternOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "/";
    const parent = patternOf(route.parentId);
    if (!route.path) return parent;
    return `${parent.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}`;
  };
  return all.map((route) => ({
    id: route.id,
    pattern: route.path || route.index || route.id === "root" ? patternOf(route.id) : `${patternOf(route.id)} (layout)`,
    rules: rulesOf(route.module.handle),
    hasAction: typeof route.module.action === "function",
  }));
}
