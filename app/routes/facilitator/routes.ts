import { type RouteConfigEntry, index, route } from "@react-router/dev/routes";

/** /facilitator-dashboard: one URL per tab (decisions §2), plus the file, delete and CSV routes (issue 8). */
export const facilitatorRoutes: RouteConfigEntry[] = [
  route("facilitator-dashboard", "routes/facilitator/layout.tsx", [
    index("routes/facilitator/overview.tsx"),
    route("classes", "routes/facilitator/classes.tsx"),
    route("assignments", "routes/facilitator/assignments.tsx"),
    route("assignments/:assignmentId/delete", "routes/facilitator/assignment-delete.tsx"),
    route("students", "routes/facilitator/students.tsx"),
    route("whatsapp", "routes/facilitator/whatsapp.tsx"),
  ]),
  // Resource routes (no UI) outside the layout.
  route("facilitator-dashboard/assignments/:assignmentId/file", "routes/facilitator/assignment-file.ts"),
  route("facilitator-dashboard/students/export", "routes/facilitator/students-export.ts"),
];
