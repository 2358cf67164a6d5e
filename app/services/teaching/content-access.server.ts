import type { SessionInfo } from "#app/utils/session-cookie.server.ts";
import { hasAdminPermission } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { reaches, type TimetableAudience, type TimetableReader } from "#app/domain/timetables.ts";
import { mayTeachClass, wardFollowedClasses } from "#app/services/teaching/classes.server.ts";
import { getLatestOwnedRegistration, getParentRegistrations } from "#app/models/registration.server.ts";

/**
 * Who may read what the school publishes (docs/decisions/0030-published-content-reaches-students-and-parents.md):
 * a programme's timetables go to that programme's students (of the forms they name, if any), their parents and
 * staff (facilitators, admins); a subject's assignments to the students
 * registered for that subject, the facilitator who uploaded them and admins.
 * Anyone else is answered as if the item did not exist.
 */

/** The wards (programme and form) whose timetables the effective user may see, or "all" for staff. */
async function timetableReadersFor(info: SessionInfo): Promise<TimetableReader[] | "all"> {
  // Admins: the rule of the timetables page (the subjects permission, within the admin portal).
  if (await hasAdminPermission(info, "can_access_subjects")) return "all";
  const role = effectiveRole(info.effectiveUser.role);
  if (role === "facilitator") return "all";
  if (role === "parent") return getParentRegistrations(info.effectiveUser);
  const registration = await getLatestOwnedRegistration(info.effectiveUser);
  return registration ? [registration] : [];
}

/** The rule that lists a timetable to a ward (app/domain/timetables.ts) is the rule that lets its file be read. */
export async function mayReadTimetable(info: SessionInfo, timetable: TimetableAudience): Promise<boolean> {
  const readers = await timetableReadersFor(info);
  return readers === "all" || readers.some((ward) => reaches(timetable, ward));
}

/**
 * An assignment set for one class (docs/decisions/0112-classes-of-a-workable-size.md) is read by that class's students
 * and facilitator only.
 */
export async function mayReadAssignment(
  info: SessionInfo,
  assignment: {
    subject: string;
    facilitatorId: string;
    vacation?: string | null;
    programme?: string | null;
    classNo?: number | null;
  },
): Promise<boolean> {
  if (await hasAdminPermission(info, "can_access_subjects")) return true;
  const role = effectiveRole(info.effectiveUser.role);
  const cls =
    assignment.classNo && assignment.programme && assignment.vacation
      ? {
          vacation: assignment.vacation,
          programme: assignment.programme,
          subject: assignment.subject,
          classNo: assignment.classNo,
        }
      : null;
  if (role === "facilitator")
    return (
      assignment.facilitatorId === info.effectiveUser._id ||
      (cls !== null && (await mayTeachClass(info.effectiveUser, cls)))
    );
  if (role !== "student") return false;
  const registration = await getLatestOwnedRegistration(info.effectiveUser);
  if (!registration || !(registration.subjects ?? []).includes(assignment.subject)) return false;
  if (!cls) return true;
  if (registration.programme !== cls.programme || registration.vacation !== cls.vacation) return false;
  const classes = await wardFollowedClasses({
    id: String(registration._id),
    vacation: registration.vacation ?? null,
    programme: String(registration.programme),
    subjects: [assignment.subject],
  });
  return classes.get(assignment.subject) === cls.classNo;
}
