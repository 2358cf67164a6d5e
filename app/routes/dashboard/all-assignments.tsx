import type { Route } from "./+types/all-assignments";
import { requireUser } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { AssignmentList } from "#app/components/dashboard/assignment-list.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { loadAssignmentItems } from "./+assignments.server.ts";

/**
 * /assignments (spec: signed-in, content not shown). Facilitators and admins
 * see the assignments they uploaded; students and parents are told honestly
 * that nothing is shared with them yet (assignment files are only served to
 * their owner and admins).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireUser(request);
  const role = effectiveRole(effectiveUser.role);
  const canUpload = role === "facilitator" || role === "admin";
  return { canUpload, items: canUpload ? await loadAssignmentItems(effectiveUser._id) : [] };
}

export default function AllAssignments({ loaderData }: Route.ComponentProps) {
  const { canUpload, items } = loaderData;
  return (
    <DashboardPage
      title="Assignments"
      actions={canUpload ? <ButtonLink to="/facilitator-dashboard/assignments">Upload an assignment</ButtonLink> : null}
    >
      {canUpload ? (
        <AssignmentList items={items} redirectTo="/assignments" />
      ) : (
        <EmptyState>No assignments have been shared with you yet. Your facilitators share tests and materials in your WhatsApp class pages.</EmptyState>
      )}
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Assignments | ${SCHOOL_NAME}` }];
}
