/**
 * The parent portal's page (app/routes/parent/portal.tsx): this vacation's wards in full (the one teaching and the
 * one taking enrolments) with their fees, attendance, class pages, parents' group, timetables and open evaluations;
 * earlier vacations as history; the offers to enrol a ward again.
 */
import { requireRole } from "#app/utils/auth.server.ts";
import { getParentRegistrations } from "#app/models/registration.server.ts";
import { findParentGroupForProgramme, getGroupsForSubjects } from "#app/models/whatsapp-group.server.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { toGroupView } from "#app/components/dashboard/group-card.tsx";
import { balanceView } from "#app/domain/payment-view.ts";
import { toPublishedTimetable } from "#app/components/dashboard/timetable-list.tsx";
import { listTimetablesFor } from "#app/models/timetable.server.ts";
import { reaches } from "#app/domain/timetables.ts";
import { countUnseenAnnouncements } from "#app/models/communication.server.ts";
import { formsForWards } from "#app/models/evaluation.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { openState } from "#app/domain/evaluations.ts";
import { enrolAgainOffers } from "#app/domain/vacations.ts";
import { enrolmentOpening } from "#app/services/content/vacations.server.ts";
import { attendanceOf } from "#app/services/teaching/register.server.ts";
import { attendanceShare, attendanceText } from "#app/domain/attendance.ts";

type Person = Awaited<ReturnType<typeof requireRole>>["user"];

export async function parentPortal(user: Person, effectiveUser: Person) {
  const [all, opening] = await Promise.all([getParentRegistrations(effectiveUser), enrolmentOpening()]);
  // This vacation's wards in full (the one teaching and the one taking enrolments); earlier vacations as history.
  const current = new Set([opening.teaching?.name, ...opening.vacations.map((v) => v.name)]);
  const registrations = all.filter((r) => current.has(r.vacation ?? ""));
  const earlier = all.filter((r) => !current.has(r.vacation ?? ""));
  const offers = opening.open ? enrolAgainOffers(all, opening.vacations) : [];
  const [timetables, unseenCount, evaluations, attendance] = await Promise.all([
    listTimetablesFor(registrations),
    countUnseenAnnouncements(effectiveUser),
    effectiveUser.role === "parent"
      ? formsForWards(
          effectiveUser._id,
          registrations.map((r) => ({
            _id: String(r._id),
            wardName: r.wardName,
            programme: r.programme,
            subjects: r.subjects ?? [],
            vacation: r.vacation ?? null,
          })),
        )
      : [],
    attendanceOf(registrations.map((r) => String(r._id))),
  ]);
  const openForms = evaluations.filter((x) => openState(x.form) === "open");
  const wards = await Promise.all(
    registrations.map(async (r) => {
      const [classPages, parentGroup] = await Promise.all([
        getGroupsForSubjects(r, "student"),
        findParentGroupForProgramme(r.programme),
      ]);
      return {
        id: r._id,
        wardName: r.wardName,
        programme: r.programme,
        subjects: r.subjects,
        wardForm: r.wardForm,
        reference: r.reference,
        vacation: r.vacation ?? "",
        fees: balanceView(r),
        attendance: attendanceText(attendance.get(String(r._id))?.overall ?? attendanceShare([])),
        classPages: classPages.map(toGroupView),
        parentGroup: parentGroup ? toGroupView(parentGroup) : null,
        timetables: timetables.filter((t) => reaches(t, r)).map((t) => toPublishedTimetable(t)),
        evaluations: openForms
          .filter((x) => x.ward._id === String(r._id))
          .map((x) => ({
            id: x.form._id,
            title: x.form.title,
            closesAt: formatDateTime(x.form.closesAt),
            answered: !!x.answeredAt,
          })),
      };
    }),
  );
  return {
    name: effectiveUser.fullName,
    role: effectiveUser.role,
    isAdmin: user.role === "admin",
    unseenCount,
    toAnswer: openForms.filter((x) => !x.answeredAt).length,
    wards,
    offers,
    history: earlier.map((r) => ({
      id: String(r._id),
      wardName: r.wardName,
      vacation: r.vacation ?? "",
      programme: programmeLabel(r.programme),
      reference: r.reference,
      fees: balanceView(r),
    })),
  };
}
