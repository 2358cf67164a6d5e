import type { SessionInfo } from "#app/utils/session-cookie.server.ts";
import { PAYMENT_STATUS_LABELS, isPaymentStatus } from "#app/domain/money.ts";
import { countUnseenAnnouncements } from "#app/models/communication.server.ts";
import type { PortalRegistration } from "#app/routes/student/+shared/portal.server.ts";
import type { StudentFrameData } from "#app/routes/student/+shared/frame.tsx";

/** The student portal header's data: the account, its registration of now (`loadOwnedRegistration`), the bell. */
export async function studentFrameData(
  info: SessionInfo,
  registration: PortalRegistration | null,
): Promise<StudentFrameData> {
  return {
    accountName: info.effectiveUser.fullName,
    wardName: registration?.wardName ?? null,
    // docs/product.md#behaviour: payment is completed when a registration exists, otherwise pending.
    enrolled: Boolean(registration),
    programmeLabel: registration?.programmeLabel ?? null,
    // Fees (docs/decisions/0020): shown beside the enrolment badge, which keeps its spec meaning.
    fees: isPaymentStatus(registration?.paymentStatus) ? PAYMENT_STATUS_LABELS[registration.paymentStatus] : null,
    showAdminTab: info.user.role === "admin",
    unseenCount: await countUnseenAnnouncements(info.effectiveUser),
  };
}
