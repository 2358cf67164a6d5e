/**
 * End-of-vacation reports (docs/decisions/0110-end-of-vacation-reports.md): a ward's attendance and marks as a PDF, for
 * the student, the parent and the office, and by a signed link (30 days, no sign-in) sent to each parent by SMS.
 */
import { readableReference } from "#app/domain/registration-reference.ts";
import { programmeLabel, WARD_FORM_LABELS, type WardForm } from "#app/domain/programmes.ts";
import { smsLength, toGsm7 } from "#app/domain/sms.ts";
import { hasAdminPermission } from "#app/utils/auth.server.ts";
import type { SessionInfo } from "#app/utils/session-cookie.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { queueMessages, withCode } from "#app/models/outbox.server.ts";
import {
  ENROLLED,
  Registration,
  ownedRegistrationsFilter,
  type RegistrationDoc,
} from "#app/models/registration.server.ts";
import { audienceVoices } from "#app/services/messaging/message-language.server.ts";
import { wardAttendance, wardWork } from "#app/services/teaching/progress.server.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";
import { reportFileName } from "#app/utils/report-pdf.server.ts";
import { renderPdf } from "#app/utils/pdf-render.server.ts";
import { reportToken } from "#app/utils/report-link.server.ts";

/** A ward's report as a PDF, with the name it downloads under. */
export async function reportPdf(registration: RegistrationDoc): Promise<{ pdf: Uint8Array; fileName: string }> {
  const [attendance, work] = await Promise.all([
    wardAttendance(registration),
    wardWork(registration, new Date(), { marks: "all" }),
  ]);
  const pdf = await renderPdf({
    kind: "report",
    input: {
      wardName: registration.wardName,
      vacation: registration.vacation ?? "",
      programme: programmeLabel(registration.programme),
      form: WARD_FORM_LABELS[registration.wardForm as WardForm] ?? String(registration.wardForm),
      reference: readableReference(registration.reference),
      attendance: { overall: attendance.overall.text, subjects: attendance.subjects },
      work,
    },
  });
  return { pdf, fileName: reportFileName(registration.wardName, registration.vacation ?? "vacation") };
}

/** A registration whose report this user may download: its student, its parent, or an admin of registrations. */
export async function readableReportRegistration(info: SessionInfo, id: string): Promise<RegistrationDoc | null> {
  if (await hasAdminPermission(info, "can_access_registrations"))
    return Registration.findById(String(id)).lean<RegistrationDoc>();
  if (!["parent", "student"].includes(info.effectiveUser.role)) return null;
  return Registration.findOne({
    _id: String(id),
    ...ownedRegistrationsFilter(info.effectiveUser),
  }).lean<RegistrationDoc>();
}

const TOKEN_SLOT = "REPORTTOKENSLOT";

export type ReportsRun = { wards: number; stopped: number; segments: number; queued: number; sample: string | null };

/**
 * "Send reports": one SMS per ward enrolled in the vacation to its parent's number, with the signed link to the ward's
 * report, none to a number that sent STOP; with `send` false, the counts only. Once per ward (outbox key).
 */
export async function sendReports(vacation: string, send: false | { actorId: string }, now = new Date()) {
  const wards = await Registration.find({ vacation, ...ENROLLED })
    .select("_id wardName whatsappNumberNormalized")
    .sort({ createdAt: 1 })
    .lean<Array<{ _id: string; wardName: string; whatsappNumberNormalized: string | null }>>();
  const withPhone = wards.filter((w): w is typeof w & { whatsappNumberNormalized: string } =>
    Boolean(w.whatsappNumberNormalized),
  );
  const { sayFor, stopped } = await audienceVoices(
    [...new Set(withPhone.map((w) => w.whatsappNumberNormalized))],
    "reports",
  );
  const reached = withPhone.filter((w) => !stopped.has(w.whatsappNumberNormalized));
  // The text with its link's token put in by `token` (a real one only when sending).
  // The 7-bit text first, the token after: the token is ASCII, and CODE_MASK must reach the sender as it is.
  const textOf = (w: (typeof reached)[number], token: string) =>
    toGsm7(
      sayFor(w.whatsappNumberNormalized)("sms.report", {
        ward: w.wardName.slice(0, 27),
        vacation,
        reportLink: `${appOrigin()}/reports/${TOKEN_SLOT}`,
      }),
    ).replace(TOKEN_SLOT, token);
  // Counted and shown with a stand-in of the token's length: the preview opens nobody's report.
  const standIn = `${"x".repeat(24)}.${"x".repeat(4)}.${"x".repeat(22)}`;
  const texts = reached.map((w) => textOf(w, standIn));
  const segments = texts.reduce((sum, t) => sum + smsLength(t).segments, 0);
  let queued = 0;
  if (send) {
    queued = await queueMessages(
      reached.map((w) => {
        // Like a code: outside the demo the stored text shows CODE_MASK where the token is and the token is sealed
        // beside it, so Admin → Messages opens no report (ADR 0089).
        const { text, secret } = withCode((token) => textOf(w, token), reportToken(String(w._id), now));
        return {
          key: `report:${String(w._id)}`,
          channel: "sms" as const,
          to: w.whatsappNumberNormalized,
          template: "report",
          values: { vacation, registrationId: String(w._id) },
          text,
          secret: secret ?? null,
        };
      }),
    );
    await audit("messages.reports", send.actorId, vacation, { sms: reached.length, queued, segments });
  }
  return {
    wards: reached.length,
    stopped: withPhone.length - reached.length,
    segments,
    queued,
    sample: texts[0] ?? null,
  } satisfies ReportsRun;
}
