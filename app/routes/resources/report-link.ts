import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/report-link";
import { readReportToken } from "#app/utils/report-link.server.ts";
import { Registration, type RegistrationDoc } from "#app/models/registration.server.ts";
import { reportPdf } from "#app/services/reports.server.ts";

// The signed token is the authorisation: it opens one ward's report, for 30 days (docs/decisions/0110).
export const handle = { rules: { access: "public", secretPath: true } } satisfies RouteHandle;

/**
 * A ward's end-of-vacation report by the link sent to the parent: the PDF and nothing else. A link that is not ours is
 * "not found"; an expired one says so (the report stays in the portal).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const read = readReportToken(String(params.token));
  if (read === "expired")
    throw data("This report link has expired. Sign in to the portal to download the report, or ask the school.", {
      status: 410,
    });
  const registration = read ? await Registration.findById(read).lean<RegistrationDoc>() : null;
  if (!registration) throw data("Not found", { status: 404 });
  const { pdf, fileName } = await reportPdf(registration);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
