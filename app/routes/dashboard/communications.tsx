import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/communications";
import { requireRole } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { listAnnouncementsFor } from "#app/models/communication.server.ts";
import { AnnouncementBody, CardList } from "#app/components/dashboard/card-list.tsx";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["facilitator", "parent"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const list = await listAnnouncementsFor(effectiveRole(effectiveUser.role), 50);
  return {
    announcements: list.map((a) => ({ _id: a._id, title: a.title, message: a.message, createdAt: a.createdAt })),
  };
}

export default function Communications({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Communications" description="Announcements the school has sent to you.">
      <CardList
        items={loaderData.announcements}
        itemKey={(a) => a._id}
        heading={(a) => a.title}
        empty="No announcements yet."
      >
        {(a) => <AnnouncementBody message={a.message} createdAt={a.createdAt} />}
      </CardList>
      <p className="mt-4 text-sm text-gray-700">
        New announcements also show on the{" "}
        <Link to="/dashboard/notifications" className="font-semibold text-brand-700 underline">
          notification bell
        </Link>
        .
      </p>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Communications | ${SCHOOL_NAME}` }];
}
