import type { SessionInfo } from "#app/utils/session.server.ts";
import { hasAdminPermission } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { getLatestOwnedRegistration, getParentRegistrations } from "#app/models/registration.server.ts";

/**
 * Who may read what the school publishes (docs/decisions/0030-published-content-reaches-students-and-parents.md):
 * a programme's timetables go to that programme's students, their parents and
 * staff (facilitators, admins); a subject's assignments to the students
 * registered for that subject, the facilitator who uploaded them and admins.
 * Anyone else is answered as if the item did not exist.
 */

/** The programmes whose timetables the effective user may see, or "all" for staff. */
export async function timetableProgrammesFor(info: SessionInfo): Promise<string[] | "all"> {
  // Admins: the rule of the timetables page (the subjects permission, within the admin portal).
  if (await hasAdminPermission(info, "can_access_subjects")) return "all";
  const role = effectiveRole(info.effectiveUser.role);
  if (role === "facilitator") return "all";
  if (role === "parent") {
    const registrations = await getParentRegistrations(info.effectiveUser);
    return [...new Set(registrations.map((r) => r.programme))];
  }
  const registration = await getLatestOwnedRegistration(info.effectiveUser);
  return registration ? [registration.programme] : [];
}

export async function mayReadTimetable(info: SessionInfo, timetable: { programme: string }): Promise<boolean> {
  const programmes = await timetableProgrammesFor(info);
  return programmes === "all" || programmes.includes(timetable.programme);
}

/** The subjects whose assignments a student sees (their latest registration's subjects). */
export async function assignmentSubjectsForStudent(info: SessionInfo): Promise<string[]> {
  const registration = await getLatestOwnedRegistration(info.effectiveUser);
  return registration ? [...(registration.subjects ?? [])] : [];
}

export async function mayReadAssignment(
  info: SessionInfo,
  assignment: { subject: string; facilitatorId: string },
): Promise<boolean> {
  if (await hasAdminPermission(info, "can_access_subjects")) return true;
  const role = effectiveRole(info.effectiveUser.role);
  if (role === "facilitator") return assignment.facilitatorId === info.effectiveUser._id;
  if (role === "student") return (await assignmentSubjectsForStudent(info)).includes(assignment.subject);
  return false;
}
