import type { Route } from "./+types/payments";
import { requireRole } from "#app/utils/auth.server.ts";
import { pageRoles } from "#app/components/dashboard/nav.ts";
import { DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME, SUPPORT_PHONES } from "#app/domain/school.ts";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles("payments"));
  return {};
}

export default function Payments() {
  return (
    <DashboardPage title="Payment History" description="Payments you have made for your wards' classes.">
      <EmptyState>
        No payments recorded yet. Online payment is not available yet; for questions about fees call {SUPPORT_PHONES[0].display}.
      </EmptyState>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Payment History | ${SCHOOL_NAME}` }];
}
