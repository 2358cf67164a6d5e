import { type RouteConfigEntry, index, route } from "@react-router/dev/routes";

/** /facilitator-dashboard: one URL per tab (docs/product.md#departures), plus the file, delete and CSV routes. */
export const facilitatorRoutes: RouteConfigEntry[] = [
  route("facilitator-dashboard", "routes/facilitator/layout.tsx", [
    index("routes/facilitator/overview.tsx"),
    route("classes", "routes/facilitator/classes.tsx"),
    route("classes/request", "routes/facilitator/class-request.tsx"),
    route("lessons/:lessonId/register", "routes/facilitator/register.tsx"),
    route("lessons/:lessonId/materials", "routes/facilitator/lesson-materials.tsx"),
    route("assignments", "routes/facilitator/assignments.tsx"),
    route("assignments/:assignmentId", "routes/facilitator/assignment-work.tsx"),
    route("assignments/:assignmentId/delete", "routes/facilitator/assignment-delete.tsx"),
    route("work/:submissionId", "routes/facilitator/mark-work.tsx"),
    route("students", "routes/facilitator/students.tsx"),
    route("whatsapp", "routes/facilitator/whatsapp.tsx"),
    route("evaluations", "routes/facilitator/evaluations.tsx"),
    route("evaluations/:formId", "routes/facilitator/evaluation-results.tsx"),
  ]),
  // Resource routes (no UI) outside the layout.
  route("facilitator-dashboard/assignments/:assignmentId/file", "routes/facilitator/assignment-file.ts"),
  route("facilitator-dashboard/students/export", "routes/facilitator/students-export.ts"),
];
