import { z } from "zod";
import { checkbox } from "#app/forms/parse.ts";
import { ADMIN_PERMISSION_FLAGS, type AdminPermissionFlag } from "#app/domain/roles.ts";

/** An unchecked checkbox is absent from the form data: absent means false. */

/** The admin permissions screen: one checkbox per flag. */
export const AdminPermissionsSchema = z.object(
  Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, checkbox])) as Record<AdminPermissionFlag, typeof checkbox>,
);

export const PERMISSION_LABELS: Record<AdminPermissionFlag, { label: string; hint: string }> = {
  can_view_portal: {
    label: "Admin portal",
    hint: "Open the admin portal at all: without it no admin page or action opens.",
  },
  can_edit_users: { label: "Manage users", hint: "User Management: view as a user, password reset links." },
  can_edit_settings: { label: "Edit settings", hint: "Portal settings (general, notifications, security, payment)." },
  can_access_communications: { label: "Communications", hint: "Send announcements and read the history." },
  can_access_registrations: {
    label: "Registrations",
    hint: "Registrations, exports, Register Student, the registration view list.",
  },
  can_access_subjects: {
    label: "Subjects",
    hint: "Subjects, timetable uploads and every facilitator's assignment files.",
  },
  can_access_whatsapp: { label: "WhatsApp groups", hint: "Add, edit and delete WhatsApp groups." },
  can_manage_payments: {
    label: "Payments",
    hint: "Record, confirm, reject and void payments; adjust amounts due; receipts.",
  },
  can_manage_evaluations: {
    label: "Evaluation forms",
    hint: "Build evaluation forms for parents, read their results, send reminders, export and delete them.",
  },
  can_view_messages: {
    label: "Messages",
    hint: "Every SMS and e-mail the portal sends, with their text (one-time codes included); retry a failed one.",
  },
};

export const LAST_PERMISSION_MANAGER =
  "At least one admin must keep every permission, so that someone can still manage permissions. Give another admin every permission first.";
export const PERMISSIONS_SAVED = "Permissions saved";
export const NOT_AN_ADMIN = "Permissions apply to admins only.";
export const NEEDS_EVERY_PERMISSION = "Only an admin with every permission can change other admins' permissions.";
