import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /parent-dashboard. */
export const parentRoutes: RouteConfigEntry[] = [route("parent-dashboard", "routes/parent/portal.tsx")];
