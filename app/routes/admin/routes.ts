import { type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { registrationAdminRoutes, registrationStandaloneRoutes } from "#app/routes/admin/routes-registrations.ts";
import { managementAdminRoutes, managementStandaloneRoutes } from "#app/routes/admin/routes-management.ts";
import { paymentAdminRoutes, paymentStandaloneRoutes } from "#app/routes/admin/routes-payments.ts";
import { evaluationAdminRoutes, evaluationStandaloneRoutes } from "#app/routes/admin/routes-evaluations.ts";

/**
 * /admin/* sections inside the admin layout, plus admin pages outside it.
 * Registrations, exports, register-student: routes-registrations.ts.
 * Users, WhatsApp groups, subjects, communications, settings, timetables: routes-management.ts.
 * Fees and payments: routes-payments.ts. Evaluation forms: routes-evaluations.ts.
 */
export const adminRoutes: RouteConfigEntry[] = [
  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      index("routes/admin/overview.tsx"),
      ...registrationAdminRoutes,
      ...managementAdminRoutes,
      ...paymentAdminRoutes,
      ...evaluationAdminRoutes,
      route("*", "routes/admin/unknown-section.tsx"),
    ]),
  ]),
  ...registrationStandaloneRoutes,
  ...managementStandaloneRoutes,
  ...paymentStandaloneRoutes,
  ...evaluationStandaloneRoutes,
];
