import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Inside /admin (paths relative to /admin). */
export const managementAdminRoutes: RouteConfigEntry[] = [];
/** Outside the admin layout (e.g. /timetable-upload, timetable file downloads). */
export const managementStandaloneRoutes: RouteConfigEntry[] = [];
