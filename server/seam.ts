/**
 * The app build's seam (app/seam.server.ts), found in its entry module. React Router types the entry as its own
 * handlers only, so the seam's presence and shape are checked here, once per build: a build without one stops the
 * start with a clear line instead of failing on the first request.
 */
import type { ServerBuild } from "react-router";
import type { ServerSeam } from "#app/seam.server.ts";
import type { RouteRules } from "#app/utils/route-rules.ts";

const KEYS = [
  "contexts",
  "connectDb",
  "disconnectDb",
  "startBackgroundWork",
  "leafRoute",
  "rulesFor",
  "renderPdfsWith",
] as const;
const seams = new WeakMap<object, ServerSeam>();

function isSeam(value: unknown): value is ServerSeam {
  return typeof value === "object" && value !== null && KEYS.every((key) => key in value);
}

export function seamOf(build: Pick<ServerBuild, "entry">): ServerSeam {
  const entry: object = build.entry.module;
  const known = seams.get(entry);
  if (known) return known;
  const seam = "seam" in entry ? entry.seam : undefined;
  if (!isSeam(seam)) throw new Error("The app build's entry exports no seam (app/seam.server.ts): rebuild the app.");
  seams.set(entry, seam);
  return seam;
}

const lookups = new WeakMap<object, (pathname: string) => RouteRules | null>();

/** What each route declares about itself, by address, in `build` (app/utils/route-rules.ts); one lookup per build. */
export function rulesLookup(build: Pick<ServerBuild, "entry" | "routes">) {
  let lookup = lookups.get(build.routes);
  if (!lookup) {
    const seam = seamOf(build);
    lookup = (pathname: string) => seam.rulesFor(build.routes, pathname);
    lookups.set(build.routes, lookup);
  }
  return lookup;
}
