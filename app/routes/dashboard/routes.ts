import { type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The /dashboard/* shell and the pages inside it: the role's sidebar
 * pages, the notifications list behind the bell, and /profile and /settings, which share the shell; /assignments
 * shares it too, but for a student, who sees it in the student portal's frame.
 */
export const dashboardRoutes: RouteConfigEntry[] = [
  layout("routes/dashboard/layout.tsx", [
    ...prefix("dashboard", [
      index("routes/dashboard/overview.tsx"),
      route("whatsapp", "routes/dashboard/whatsapp.tsx"),
      route("subjects", "routes/dashboard/subjects.tsx"),
      route("assignments", "routes/dashboard/assignments.tsx"),
      route("communications", "routes/dashboard/communications.tsx"),
      route("classes", "routes/dashboard/classes.tsx"),
      route("students", "routes/dashboard/students.tsx"),
      route("analytics", "routes/dashboard/analytics.tsx"),
      route("evaluations", "routes/dashboard/evaluations.tsx"),
      route("evaluations/:formId/:registrationId", "routes/dashboard/evaluation-answer.tsx"),
      route("payments", "routes/dashboard/payments.tsx"),
      route("payments/checkout/:paymentId", "routes/dashboard/checkout-handover.tsx"),
      route("payments/prompt/:paymentId", "routes/dashboard/payment-prompt.tsx"),
      route("portal-management", "routes/dashboard/portal-management.tsx"),
      route("notifications", "routes/dashboard/notifications.tsx"),
    ]),
    route("profile", "routes/dashboard/profile.tsx"),
    route("settings", "routes/dashboard/settings.tsx"),
    route("link-registration", "routes/dashboard/link-registration.tsx"),
  ]),
  // A student's assignments in the student portal's frame, everyone else's in the shell.
  layout("routes/dashboard/work-layout.tsx", [
    route("assignments", "routes/dashboard/all-assignments.tsx"),
    route("assignments/:assignmentId", "routes/dashboard/handin.tsx"),
  ]),
  route("assignments/:assignmentId/file", "routes/dashboard/assignment-file.ts"),
];
