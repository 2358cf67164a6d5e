import { redirect } from "react-router";
import type { SessionInfo } from "#app/utils/session-cookie.server.ts";
import { requireUser } from "#app/utils/auth.server.ts";
import { toastHeader } from "#app/utils/toast.server.ts";
import { oncePerRequest } from "#app/utils/request-scope.server.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { WHATSAPP_LOGIN_REQUIRED } from "#app/domain/messages.ts";
import { getOwnedRegistrations } from "#app/models/registration.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { enrolAgainOffers } from "#app/domain/vacations.ts";
import { enrolmentOpening } from "#app/services/content/vacations.server.ts";
import { getGroupsForSubjects } from "#app/models/whatsapp-group.server.ts";
import { withOwnClassPages } from "#app/services/teaching/classes.server.ts";
import { toGroupCard, type GroupCardData } from "#app/routes/student/+shared/group-data.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("student-portal");

/** Who may open /student-dashboard: students (a user with no role counts as one) and admins. */
export const STUDENT_PORTAL_ROLES = ["student", "admin"] as const;

export type PortalRegistration = {
  id: string;
  reference: string;
  wardName: string;
  programme: string;
  programmeLabel: string;
  wardForm: string;
  subjects: string[];
  classPagesOpenedAt: Date | null;
  /** Unpaid / part-paid / paid / overpaid, or null while no fee is set (app/domain/money.ts). */
  paymentStatus: string | null;
  /** The vacation it is for, and whether that vacation is teaching or taking enrolments (else it is an old one). */
  vacation: string | null;
  current: boolean;
  /** "Enrol again for <vacation>", when this ward's registration is from an earlier vacation and one takes enrolments. */
  enrolAgain: { registrationId: string; vacation: string } | null;
  /** Withdrawn by the office (ADR 0091): off the rosters, so no lesson's notes, materials or join link reach it. */
  withdrawn: boolean;
};

export type StudentPortal = {
  registration: PortalRegistration | null;
  /** Class pages (type student) of the programme among the registered subjects, by subject. */
  classPages: GroupCardData[];
};

/**
 * The registration a user owns (docs/product.md#data-rules); a failed lookup counts as none
 * (docs/product.md#messages: failed lookups in the student portal are silently ignored).
 */
export async function loadOwnedRegistration(user: SessionInfo["effectiveUser"]): Promise<PortalRegistration | null> {
  const [owned, pointers, opening] = await Promise.all([
    getOwnedRegistrations(user).catch((error: unknown) => {
      log.error({ err: error }, "student portal: registration lookup failed");
      return [];
    }),
    vacationPointers(),
    enrolmentOpening(),
  ]);
  // The vacation teaching now, else the one taking enrolments, else the latest (an earlier vacation's).
  const current = [pointers.teaching?.name, ...pointers.enrollingAll.map((v) => v.name)].filter(Boolean);
  const r =
    owned.find((o) => o.vacation === pointers.teaching?.name) ??
    owned.find((o) => current.includes(o.vacation ?? "")) ??
    owned[0];
  if (!r) return null;
  return {
    id: r._id,
    reference: r.reference,
    wardName: r.wardName,
    programme: r.programme,
    programmeLabel: programmeLabel(r.programme),
    wardForm: r.wardForm,
    subjects: [...(r.subjects ?? [])],
    classPagesOpenedAt: r.classPagesOpenedAt ?? null,
    paymentStatus: r.paymentStatus ?? null,
    vacation: r.vacation ?? null,
    current: current.includes(r.vacation ?? ""),
    withdrawn: Boolean(r.withdrawnAt),
    enrolAgain: opening.open
      ? (enrolAgainOffers(owned, opening.vacations)
          .filter((o) => o.registrationId === String(r._id))
          .map((o) => ({ registrationId: o.registrationId, vacation: o.vacation }))[0] ?? null)
      : null,
  };
}

async function loadPortal(info: SessionInfo): Promise<StudentPortal> {
  const registration = await loadOwnedRegistration(info.effectiveUser);
  // Last vacation's class pages are not offered: a student enrolled only in an earlier vacation is offered to enrol again.
  // A withdrawn ward is off the rosters (ADR 0091): no class page, which is also a lesson's join link by default.
  if (
    !registration ||
    registration.withdrawn ||
    !registration.current ||
    !registration.programme ||
    registration.subjects.length === 0
  )
    return { registration, classPages: [] };
  const groups = await getGroupsForSubjects(registration, "student").catch((error: unknown) => {
    log.error({ err: error }, "student portal: group lookup failed");
    return [];
  });
  // A class with a page of its own gives it to its students instead of the subject's (ADR 0112).
  const pages = await withOwnClassPages(registration, groups);
  return { registration, classPages: pages.map(toGroupCard) };
}

/** The portal's data, read once per request however many of its loaders ask. */
export function getStudentPortal(request: Request, info: SessionInfo): Promise<StudentPortal> {
  return oncePerRequest(request, `student-portal ${info.sessionId} ${info.effectiveUser._id}`, () => loadPortal(info));
}

/** requireUser, with the spec's message shown on the sign-in page an anonymous visitor is sent to. */
export async function requireUserForWhatsapp(request: Request): Promise<SessionInfo> {
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      const location = error.headers.get("Location") ?? "/portal";
      throw redirect(location, {
        headers: {
          "Set-Cookie": await toastHeader({
            type: "error",
            title: "Access Denied",
            description: WHATSAPP_LOGIN_REQUIRED,
          }),
        },
      });
    }
    throw error;
  }
}
