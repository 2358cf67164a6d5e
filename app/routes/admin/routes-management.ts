import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Inside /admin (paths relative to /admin). */
export const managementAdminRoutes: RouteConfigEntry[] = [
  route("users", "routes/admin/users.tsx"),
  route("users/new", "routes/admin/user-new.tsx"),
  route("users/:userId", "routes/admin/user-account.tsx"),
  route("users/:userId/permissions", "routes/admin/user-permissions.tsx"),
  route("activity", "routes/admin/activity.tsx"),
  route("whatsapp-groups", "routes/admin/whatsapp-groups.tsx"),
  route("whatsapp-groups/new", "routes/admin/whatsapp-groups-new.tsx"),
  route("whatsapp-groups/:groupId/edit", "routes/admin/whatsapp-groups-edit.tsx"),
  route("whatsapp-groups/:groupId/delete", "routes/admin/whatsapp-groups-delete.tsx"),
  route("subjects", "routes/admin/subjects.tsx"),
  route("subjects/:subjectId/edit", "routes/admin/subjects-edit.tsx"),
  route("subjects/:subjectId/delete", "routes/admin/subjects-delete.tsx"),
  route("communications", "routes/admin/communications.tsx"),
  route("vacations", "routes/admin/vacations.tsx"),
  route("classes", "routes/admin/classes.tsx"),
  route("classes/:classId", "routes/admin/class-students.tsx"),
  route("lessons", "routes/admin/lessons.tsx"),
  route("lessons/:lessonId", "routes/admin/lesson.tsx"),
  route("vacations/:name/edit", "routes/admin/vacation-edit.tsx"),
  route("settings/wording", "routes/admin/settings-wording.tsx"),
  route("settings/:tab?", "routes/admin/settings.tsx"),
];
/** Outside the admin layout (e.g. /timetable-upload, timetable file downloads). */
export const managementStandaloneRoutes: RouteConfigEntry[] = [
  route("timetable-upload", "routes/admin/timetable-upload.tsx"),
  route("timetables/:timetableId/file", "routes/admin/timetable-file.ts"),
  route("timetable-upload/:timetableId/delete", "routes/admin/timetable-delete.tsx"),
];
