import { redirectWithToast } from "#app/utils/toast.server.ts";
import { REGISTRATION_DELETE_FAILED, REGISTRATION_DELETED } from "#app/domain/messages.ts";
import { logFor } from "#app/models/infra/log.server.ts";

export const REGISTRATION_HAS_PAYMENTS =
  "It has confirmed payments (or a Mobile Money payment on its way), which must keep their registration and receipts: withdraw the ward instead (below).";
import { deleteRegistrationById } from "#app/models/registration.server.ts";
import { removeWorkOf } from "#app/models/submission.server.ts";
import { removeAttendanceOf } from "#app/models/attendance.server.ts";
import { audit } from "#app/models/audit-log.server.ts";

const log = logFor("registrations");

/** Where to go back to after a delete: the registrations list, keeping its search/filter/page. */
export function registrationsReturnUrl(value: unknown): string {
  if (typeof value !== "string" || value.length > 400) return "/admin/registrations";
  try {
    const url = new URL(value, "http://x");
    if (url.pathname !== "/admin/registrations" || url.host !== "x") return "/admin/registrations";
    return `${url.pathname}${url.search}`;
  } catch {
    return "/admin/registrations";
  }
}

/** Deletes one registration and redirects with the spec's toast (success or failure). */
export async function deleteRegistrationAndRedirect(actorId: string, id: string, returnTo: string) {
  const outcome = await deleteRegistrationById(id).catch((error: unknown) => {
    log.error({ err: error }, "delete failed");
    return "failed" as const;
  });
  if (outcome === "paid")
    return redirectWithToast(`/admin/registrations/${id}`, {
      type: "error",
      title: REGISTRATION_DELETE_FAILED,
      description: REGISTRATION_HAS_PAYMENTS,
    });
  if (outcome !== "deleted") return redirectWithToast(returnTo, { type: "error", title: REGISTRATION_DELETE_FAILED });
  // Its work handed in (ADR 0108) and its attendance go with it: nobody could open them any more. A failure leaves
  // files or entries nothing names.
  await removeWorkOf([id]).catch((error: unknown) => log.error({ err: error }, "work not removed"));
  await removeAttendanceOf([id]).catch((error: unknown) => log.error({ err: error }, "attendance not removed"));
  await audit("registration.delete", actorId, id).catch(() => {});
  return redirectWithToast(returnTo, { type: "success", title: REGISTRATION_DELETED });
}
