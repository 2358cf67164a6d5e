import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { NotificationList } from "#app/components/dashboard/notification-bell.tsx";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import { requireUser } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { listAnnouncementsFor, markAnnouncementsSeen } from "#app/models/communication.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { AnnouncementBody, CardList } from "#app/components/dashboard/card-list.tsx";
import { SubmitButton } from "#app/components/form/fields.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { NewBadge } from "#app/components/dashboard/notification-bell.tsx";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * The bell's list. Reading never changes state: "seen" is set by a
 * POST — the bell's popover sends it when opened (with JavaScript); without
 * JavaScript this page offers a 'Mark all as read' button.
 */
export async function loader({ request }: Route.LoaderArgs): Promise<NotificationList> {
  const { effectiveUser } = await requireUser(request);
  const seenAt = effectiveUser.announcementsSeenAt ? new Date(effectiveUser.announcementsSeenAt) : null;
  const list = await listAnnouncementsFor(effectiveRole(effectiveUser.role), 50);
  const announcements = list.map((a) => ({
    _id: a._id,
    title: a.title,
    message: a.message,
    createdAt: a.createdAt,
    isNew: !seenAt || new Date(a.createdAt) > seenAt,
  }));
  return { announcements, unseen: announcements.filter((a) => a.isNew).length };
}

const MarkSeenSchema = z.object({
  intent: z.literal("mark-seen"),
  source: z.enum(["page", "popover"]).default("page"),
});

export async function action({ request }: Route.ActionArgs) {
  const { effectiveUser, impersonating } = await requireUser(request);
  const parsed = MarkSeenSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Unknown action.", { status: 400 });
  // An admin viewing as someone only looks: the user's own read state stays theirs.
  if (!impersonating) await markAnnouncementsSeen(effectiveUser._id);
  if (parsed.data.source === "popover") return { ok: true };
  return redirectWithToast("/dashboard/notifications", { type: "success", title: "All notifications marked as read" });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { announcements, unseen } = loaderData;
  return (
    <DashboardPage
      title="Notifications"
      description="Announcements from the school."
      actions={
        unseen > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-seen" />
            <input type="hidden" name="source" value="page" />
            <SubmitButton variant="secondary" pendingLabel="Marking...">
              Mark all as read
            </SubmitButton>
          </Form>
        ) : null
      }
    >
      <CardList
        items={announcements}
        itemKey={(a) => a._id}
        heading={(a) => (
          <>
            {a.title}
            {a.isNew ? <NewBadge /> : null}
          </>
        )}
        empty="No announcements yet."
      >
        {(a) => <AnnouncementBody message={a.message} createdAt={a.createdAt} />}
      </CardList>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Notifications | ${SCHOOL_NAME}` }];
}
