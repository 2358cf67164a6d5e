import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Form } from "react-router";
import type { Route } from "./+types/weekly-progress";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getSettings } from "#app/models/settings.server.ts";
import { sendWeeklyProgress, weeklyProgressPreview } from "#app/services/teaching/weekly-progress.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { StatCard } from "#app/components/dashboard/page.tsx";
import { SmsSample } from "#app/components/dashboard/sms-sample.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { BackToMessages } from "#app/routes/admin/+shared/back-to-messages.tsx";

export const handle = {
  rules: { access: { admin: "can_view_messages" }, actionAccess: { admin: "can_access_communications" } },
} satisfies RouteHandle;

/**
 * This week's progress SMS (docs/decisions/0109-weekly-progress-by-sms.md): what it would send (numbers, numbers that
 * sent STOP, SMS parts, one text as a parent reads it) and "Send now". Scheduled, it goes on Fridays from 4 pm; a
 * number already sent this week's gets nothing again.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const [run, settings] = await Promise.all([weeklyProgressPreview(), getSettings()]);
  return { run, on: settings.weeklyProgressSms };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.actionAccess.admin);
  const run = await sendWeeklyProgress(user._id);
  if (!run.vacation)
    return redirectWithToast("/admin/messages/weekly-progress", {
      type: "error",
      title: "No vacation is teaching now",
    });
  return redirectWithToast("/admin/messages", {
    type: "success",
    title: `Weekly progress: ${run.queued} SMS queued`,
    description: run.queued < run.phones ? `${run.phones - run.queued} had this week's already.` : undefined,
  });
}

export default function WeeklyProgress({ loaderData }: Route.ComponentProps) {
  const { run, on } = loaderData;
  return (
    <AdminPage title="Weekly progress SMS" width="3xl">
      <p className="text-gray-800">
        One SMS to each parent with a ward enrolled this vacation: lessons attended of held, work missing and the
        average mark, a line per ward.{" "}
        {on
          ? "It goes by itself on Fridays from 4 pm while lessons run."
          : "It is switched off for the school (Settings → Notifications): it goes only when sent from here."}
      </p>
      {run.vacation ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="This week's progress SMS">
            <StatCard label="Parents' numbers" value={run.phones} />
            <StatCard label="Sent STOP (none to them)" value={run.stopped} />
            <StatCard label="Sent this week already" value={run.sentThisWeek} />
            <StatCard label="SMS parts" value={run.segments} />
          </dl>
          <p className="text-sm text-gray-800">
            Each SMS is at most 2 parts. A number sent this week&apos;s gets nothing more this week, the Friday run
            included.
          </p>
          {run.sample ? <SmsSample id="sample-heading" text={run.sample} /> : null}
          <Form method="post">
            <Button type="submit" disabled={run.phones === 0}>
              Send This Week&apos;s Progress Now
            </Button>
          </Form>
        </>
      ) : (
        <p className="text-gray-800">No vacation is teaching now: there is no progress to send.</p>
      )}
      <BackToMessages />
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Weekly progress SMS | Admin | ${SCHOOL_NAME}` }];
}
