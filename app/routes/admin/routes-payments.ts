import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Fees and payments, inside /admin (paths relative to /admin). Static paths outrank settings/:tab?. */
export const paymentAdminRoutes: RouteConfigEntry[] = [
  route("settings/fees", "routes/admin/settings-fees.tsx"),
];
/** Outside the admin layout (receipt PDFs). */
export const paymentStandaloneRoutes: RouteConfigEntry[] = [];
