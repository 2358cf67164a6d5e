import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Inside /admin (paths relative to /admin). */
export const registrationAdminRoutes: RouteConfigEntry[] = [];
/** Outside the admin layout (e.g. /registration-view-list, CSV resource routes). */
export const registrationStandaloneRoutes: RouteConfigEntry[] = [];
