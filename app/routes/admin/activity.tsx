import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/activity";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { ACTIVITY_KIND_NAMES, ACTIVITY_KINDS, actingText, describeAudit } from "#app/domain/audit-wording.ts";
import { ACTIVITY_PER_PAGE, ActivityQuerySchema } from "#app/forms/activity.schema.ts";
import { listActivity } from "#app/models/audit-log.server.ts";
import { searchUsers } from "#app/models/user-admin.server.ts";
import { fullNamesOf } from "#app/models/user.server.ts";
import { RecordFilters, RecordsSection } from "#app/components/ui/filter-form.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_edit_users" } } } satisfies RouteHandle;

/**
 * Who did what, when, and as whom (docs/decisions/0118-every-write-names-who-did-it.md): the audit log, newest first,
 * filtered by a person (what they did, and what was done as them), a kind of action and a period. For the admins who
 * manage accounts, since it shows what every account did.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const query = ActivityQuerySchema.parse(Object.fromEntries(url.searchParams));
  const people = query.q ? (await searchUsers({ q: query.q })).users.map((u) => String(u._id)) : undefined;
  const { rows, older } =
    people && people.length === 0
      ? { rows: [], older: false }
      : await listActivity(
          {
            people,
            actions: query.kind ? ACTIVITY_KINDS[query.kind].actions : undefined,
            from: query.from,
            to: query.to,
          },
          query.page,
          ACTIVITY_PER_PAGE,
        );
  const names = await fullNamesOf(rows.flatMap((r) => [r.actorId, r.asUserId]));
  const link = (page: number) => {
    const next = new URLSearchParams(url.searchParams);
    next.set("page", String(page));
    return `/admin/activity?${next}`;
  };
  return {
    query: { q: query.q, kind: query.kind ?? "", from: query.from ?? "", to: query.to ?? "" },
    rows: rows.map((r) => ({
      id: r._id,
      at: formatDateTime(r.createdAt),
      who: actingText(String(r.actorId), r.asUserId, names),
      what: describeAudit(r.action, r.details),
    })),
    newer: query.page > 1 ? link(query.page - 1) : null,
    older: older ? link(query.page + 1) : null,
  };
}

const KIND_OPTIONS = ACTIVITY_KIND_NAMES.map((k) => ({ value: k, label: ACTIVITY_KINDS[k].label }));

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { rows, query, newer, older } = loaderData;
  const filtered = Boolean(query.q || query.kind || query.from || query.to);
  return (
    <AdminPage title="Activity">
      <p className="text-gray-800">
        Who did what, and when. What an admin did while viewing the portal as someone names the admin, with that person
        beside: &ldquo;Ama Admin (as Kofi Mensah)&rdquo;.
      </p>
      <RecordFilters
        path="/admin/activity"
        label="Activity"
        idPrefix="act"
        filtered={filtered}
        search={{ label: "Person", placeholder: "Name or phone number", value: query.q }}
        selects={[{ name: "kind", label: "Kind", all: "Every kind", value: query.kind, options: KIND_OPTIONS }]}
        period={{ from: { label: "From", value: query.from }, to: { label: "To", value: query.to } }}
      />
      <RecordsSection
        id="act-list"
        title="Newest first"
        count={rows.length === 1 ? "1 entry" : `${rows.length} entries`}
      >
        {rows.length === 0 ? (
          <p className="p-6 text-center text-gray-700">Nothing matches.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {rows.map((r) => (
              <li key={r.id} className="space-y-1 p-4">
                <p className="text-gray-900">{r.what}</p>
                <p className="text-sm text-gray-700">
                  <span className="font-semibold text-gray-900">{r.who}</span> · {r.at}
                </p>
              </li>
            ))}
          </ul>
        )}
        {newer || older ? (
          <nav aria-label="Pages of activity" className="flex justify-between border-t border-gray-200 p-4">
            {newer ? (
              <Link to={newer} className="font-semibold text-brand-700 underline">
                Newer
              </Link>
            ) : (
              <span />
            )}
            {older ? (
              <Link to={older} className="font-semibold text-brand-700 underline">
                Older
              </Link>
            ) : null}
          </nav>
        ) : null}
      </RecordsSection>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Activity | Admin | ${SCHOOL_NAME}` }];
}
