import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Inside /admin (paths relative to /admin). */
export const registrationAdminRoutes: RouteConfigEntry[] = [
  route("registrations", "routes/admin/registrations.tsx"),
  route("registrations/delete-all", "routes/admin/registrations-delete-all.tsx"),
  route("registrations/:id/delete", "routes/admin/registrations-delete.tsx"),
  route("register-student", "routes/admin/enrol-student.tsx"),
];
/** Outside the admin layout (e.g. /registration-view-list, CSV resource routes). */
export const registrationStandaloneRoutes: RouteConfigEntry[] = [
  route("admin/registrations/export", "routes/admin/registrations-export.csv.ts"),
  route("admin/registrations/export/:programme", "routes/admin/registrations-programme-export.csv.ts"),
  route("registration-view-list", "routes/admin/registration-view-list.tsx"),
  route("registration-view-list/export", "routes/admin/registration-view-list.csv.ts"),
];
