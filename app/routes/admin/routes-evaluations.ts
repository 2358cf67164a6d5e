import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Evaluation forms, inside /admin (paths relative to /admin); every route needs can_manage_evaluations. */
export const evaluationAdminRoutes: RouteConfigEntry[] = [
  route("evaluations", "routes/admin/evaluations.tsx"),
  route("evaluations/new", "routes/admin/evaluations-new.tsx"),
  route("evaluations/:formId", "routes/admin/evaluation-edit.tsx"),
  route("evaluations/:formId/results", "routes/admin/evaluation-results.tsx"),
  route("evaluations/:formId/delete", "routes/admin/evaluation-delete.tsx"),
];
/** Outside the admin layout: the CSV download. */
export const evaluationStandaloneRoutes: RouteConfigEntry[] = [
  route("admin/evaluations/:formId/export", "routes/admin/evaluation-export.csv.ts"),
];
