import { type RouteConfig, route } from "@react-router/dev/routes";
import { publicRoutes } from "#app/routes/public/routes.ts";
import { authRoutes } from "#app/routes/auth/routes.ts";
import { studentRoutes } from "#app/routes/student/routes.ts";
import { parentRoutes } from "#app/routes/parent/routes.ts";
import { facilitatorRoutes } from "#app/routes/facilitator/routes.ts";
import { dashboardRoutes } from "#app/routes/dashboard/routes.ts";
import { adminRoutes } from "#app/routes/admin/routes.ts";
import { resourceRoutes } from "#app/routes/resources/routes.ts";

/**
 * Every route of the app, listed explicitly, area by area (each area's file
 * lists its own). The auth contract test walks this tree.
 */
export default [
  ...publicRoutes,
  ...authRoutes,
  ...studentRoutes,
  ...parentRoutes,
  ...facilitatorRoutes,
  ...dashboardRoutes,
  ...adminRoutes,
  ...resourceRoutes,
  // Everything else: the not-found page (must stay last).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
