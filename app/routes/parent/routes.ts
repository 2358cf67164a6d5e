import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /parent-dashboard, and a page per ward. */
export const parentRoutes: RouteConfigEntry[] = [
  route("parent-dashboard", "routes/parent/portal.tsx"),
  route("parent-dashboard/wards/:id", "routes/parent/ward.tsx"),
];
