import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Form, data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reports";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { vacationShown } from "#app/models/vacation.server.ts";
import { sendReports } from "#app/services/teaching/reports.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { StatCard } from "#app/components/dashboard/page.tsx";
import { SmsSample } from "#app/components/dashboard/sms-sample.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { BackToMessages } from "#app/routes/admin/+shared/back-to-messages.tsx";
import { VacationPicker } from "#app/components/ui/filter-form.tsx";

export const handle = {
  rules: { access: { admin: "can_view_messages" }, actionAccess: { admin: "can_access_communications" } },
} satisfies RouteHandle;

const SendSchema = z.object({ vacation: z.string().trim().min(1).max(40) });

/**
 * End-of-vacation reports (docs/decisions/0110-end-of-vacation-reports.md): for a vacation (the one teaching unless
 * another is chosen), how many parents get their ward's report link by SMS, and "Send reports". Once per ward.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const { all, shown } = await vacationShown(url.searchParams.get("vacation"));
  const run = shown ? await sendReports(shown.name, false) : null;
  return { vacations: all.map((v) => v.name), vacation: shown?.name ?? null, run };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.actionAccess.admin);
  const parsed = SendSchema.safeParse(Object.fromEntries(await request.formData()));
  const { all } = await vacationShown(null);
  if (!parsed.success || !all.some((v) => v.name === parsed.data.vacation))
    throw data("Choose a vacation from the list.", { status: 400 });
  const run = await sendReports(parsed.data.vacation, { actorId: user._id });
  return redirectWithToast("/admin/messages", {
    type: "success",
    title: `Reports: ${run.queued} SMS queued`,
    description: run.queued < run.wards ? `${run.wards - run.queued} had theirs already.` : undefined,
  });
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { vacations, vacation, run } = loaderData;
  return (
    <AdminPage title="End-of-vacation reports" width="3xl">
      <p className="text-gray-800">
        Each ward&apos;s report (attendance per subject, marks with the facilitators&apos; comments, the average and its
        band) is a PDF the student, the parent and the office download from the portal. &quot;Send reports&quot; texts
        each parent a link to their ward&apos;s report that opens without signing in for 30 days.
      </p>
      <VacationPicker id="vacation" vacations={vacations} value={vacation ?? ""} />
      {vacation && run ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-3" aria-label={`Reports of the ${vacation}`}>
            <StatCard label="Wards' parents" value={run.wards} />
            <StatCard label="Sent STOP (none to them)" value={run.stopped} />
            <StatCard label="SMS parts" value={run.segments} />
          </dl>
          {run.sample ? <SmsSample id="report-sample" text={run.sample} /> : null}
          <Form method="post">
            <input type="hidden" name="vacation" value={vacation} />
            <Button type="submit" disabled={run.wards === 0}>
              Send Reports
            </Button>
          </Form>
        </>
      ) : (
        <p className="text-gray-800">There is no vacation yet.</p>
      )}
      <BackToMessages />
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `End-of-vacation reports | Admin | ${SCHOOL_NAME}` }];
}
