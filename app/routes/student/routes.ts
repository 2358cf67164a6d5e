import { type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";

/** Student portal with URL tabs, the schedule PDF, and the WhatsApp class pages. */
export const studentRoutes: RouteConfigEntry[] = [
  ...prefix("student-dashboard", [
    layout("routes/student/layout.tsx", [
      index("routes/student/overview.tsx"),
      route("subjects", "routes/student/subjects.tsx"),
      route("whatsapp", "routes/student/whatsapp.tsx"),
      route("schedule", "routes/student/schedule.tsx"),
    ]),
    route("schedule.pdf", "routes/student/schedule-pdf.ts"),
    route("class-pages", "routes/student/class-pages.ts"),
  ]),
  route("lessons/:lessonId/material", "routes/student/lesson-material.ts"),
  route("work/:submissionId/:file", "routes/student/work-file.ts"),
  layout("routes/public/layout.tsx", { id: "public-layout-whatsapp" }, [
    route("whatsapp", "routes/student/whatsapp-page.tsx"),
    route("parent-whatsapp-groups", "routes/student/parent-whatsapp-groups.tsx"),
  ]),
];
