import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/report-link";
import { readReportToken } from "#app/utils/report-link.server.ts";
import { checkReportLink } from "#app/utils/rate-limits.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { pdfResponse } from "#app/utils/pdf-render.server.ts";
import { schoolPage } from "#app/utils/school-page.server.ts";
import { Registration, type RegistrationDoc } from "#app/models/registration.server.ts";
import { reportPdf } from "#app/services/teaching/reports.server.ts";

// The signed token is the authorisation: it opens one ward's report, for 30 days (docs/decisions/0110).
export const handle = { rules: { access: "public", secretPath: true } } satisfies RouteHandle;

/**
 * A ward's end-of-vacation report by the link sent to the parent: the PDF and nothing else. Opened from an SMS on any
 * phone, so what is not the report is the school's small page, never a bare error: a link that is not ours, an
 * expired one (the report stays in the portal), one opened too often (each opening renders a PDF).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const read = readReportToken(String(params.token));
  const busy = await checkReportLink(context.get(clientAddressContext), read && read !== "expired" ? read : null);
  if (busy)
    return schoolPage(429, {
      title: "Please wait a little",
      lines: [busy.message],
      retryAfterSeconds: busy.retryAfterSeconds,
    });
  if (read === "expired")
    return schoolPage(410, {
      title: "This report link has expired",
      lines: [
        "Report links open for 30 days.",
        "Sign in to the portal to download the report, or ask the school for a new link.",
      ],
    });
  const registration = read ? await Registration.findById(read).lean<RegistrationDoc>() : null;
  if (!registration)
    return schoolPage(404, {
      title: "This link does not open a report",
      lines: [
        "Part of the link may have been lost when it was copied. Open it again from the SMS, or ask the school for a new link.",
      ],
    });
  const { pdf, fileName } = await reportPdf(registration);
  return pdfResponse(pdf, `inline; filename="${fileName}"`, {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  });
}
