import type { RouteConfigEntry } from "@react-router/dev/routes";

export const studentRoutes: RouteConfigEntry[] = [];
