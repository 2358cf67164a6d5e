import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/analytics";
import { requireRole } from "#app/utils/auth.server.ts";
import { registrationCounts } from "#app/models/facilitator.server.ts";
import { PROGRAMMES, programmeLabel } from "#app/domain/programmes.ts";
import { Card, DashboardPage, EmptyState, StatCard } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/** Real counts from registrations: per programme and per subject. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, handle.rules.access.roles);
  const counts = await registrationCounts();
  const byProgramme = new Map(counts.byProgramme.map((p) => [p.programme, p.count]));
  return {
    total: counts.total,
    byProgramme: PROGRAMMES.map((p) => ({ programme: p, count: byProgramme.get(p) ?? 0 })),
    bySubject: counts.bySubject,
  };
}

function CountTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: Array<{ label: string; count: number }>;
}) {
  return (
    <table className="min-w-full divide-y divide-gray-200 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-left">
        <tr>
          <th scope="col" className="py-2 pr-3 font-semibold text-gray-900">
            {head}
          </th>
          <th scope="col" className="py-2 text-right font-semibold text-gray-900">
            Registrations
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200">
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row" className="py-2 pr-3 text-left font-normal text-gray-900">
              {r.label}
            </th>
            <td className="py-2 text-right font-semibold tabular-nums text-gray-900">{r.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { total, byProgramme, bySubject } = loaderData;
  return (
    <DashboardPage title="Analytics" description="Registrations per programme and per subject.">
      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard label="Total registrations" value={total} />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Per programme">
          <CountTable
            caption="Registrations per programme"
            head="Programme"
            rows={byProgramme.map((p) => ({ label: programmeLabel(p.programme), count: p.count }))}
          />
        </Card>
        <Card title="Per subject">
          {bySubject.length ? (
            <CountTable
              caption="Registrations per subject"
              head="Subject"
              rows={bySubject.map((s) => ({ label: s.subject, count: s.count }))}
            />
          ) : (
            <EmptyState>No registrations yet.</EmptyState>
          )}
        </Card>
      </div>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Analytics | ${SCHOOL_NAME}` }];
}
