import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { useFetcher, type Form } from "react-router";
import type { Route } from "./+types/whatsapp-groups";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { GroupFiltersSchema } from "#app/forms/admin-whatsapp-group.schema.ts";
import { PROGRAMME_OPTIONS, PROGRAMME_SUBJECTS, PROGRAMMES, programmeLabel } from "#app/domain/programmes.ts";
import { GROUP_TYPES, groupTypeLabel, isUsableGroupLink } from "#app/domain/whatsapp.ts";
import { WHATSAPP_GROUPS_FETCH_FAILED } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DialogOrLink, useCloseOnSuccess } from "#app/components/ui/modal-dialog.tsx";
import {
  ADMIN_GROUP_LIST_LIMIT,
  countGroupStats,
  countStudentsByProgrammeSubject,
  listClassPageKeys,
  listGroupsForAdmin,
  studentCountKey,
} from "#app/models/whatsapp-group-admin.server.ts";
import { GroupForm, type GroupValues } from "#app/routes/admin/+shared/whatsapp-groups-form.tsx";
import { FilterForm, FilterSearch, FilterSelect } from "#app/components/ui/filter-form.tsx";
import { ErrorAlert } from "#app/components/ui/error-alert.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_whatsapp" } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const filters = GroupFiltersSchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    programme: url.searchParams.get("programme") || undefined,
    type: url.searchParams.get("type") || undefined,
  });
  try {
    const [groups, stats, classPageKeys] = await Promise.all([
      listGroupsForAdmin({ q: filters.q, programme: filters.programme, groupType: filters.type }),
      countGroupStats(),
      listClassPageKeys(),
    ]);
    // Per programme, the catalogue's subjects that have no class page yet.
    const missing = PROGRAMMES.map((p) => ({
      programme: p,
      subjects: PROGRAMME_SUBJECTS[p].filter((s) => !classPageKeys.has(studentCountKey(p, s))),
    }));
    const counts = await countStudentsByProgrammeSubject(groups);
    return {
      filters,
      stats,
      error: null,
      missing,
      limit: ADMIN_GROUP_LIST_LIMIT,
      truncated: groups.length >= ADMIN_GROUP_LIST_LIMIT,
      groups: groups.map((g) => ({
        id: g._id,
        subjectName: g.subjectName,
        programme: g.programme,
        groupType: g.groupType,
        whatsappLink: g.whatsappLink,
        usable: isUsableGroupLink(g.groupType, g.whatsappLink),
        students: counts.get(studentCountKey(g.programme, g.subjectName)) ?? 0,
      })),
    };
  } catch {
    return {
      filters,
      stats: null,
      error: WHATSAPP_GROUPS_FETCH_FAILED,
      missing: [],
      limit: ADMIN_GROUP_LIST_LIMIT,
      truncated: false,
      groups: [],
    };
  }
}

const isHttpLink = (link: string) => /^https?:\/\//i.test(link);

export default function WhatsappGroups({ loaderData }: Route.ComponentProps) {
  const { filters, stats, groups, error, truncated, limit, missing } = loaderData;
  return (
    <AdminPage
      title="WhatsApp Group Management"
      actions={
        <>
          <DialogOrLink to="/admin/whatsapp-groups/new" label="Add Group" title="Add WhatsApp Group">
            {(close) => <DialogGroupForm close={close} />}
          </DialogOrLink>
        </>
      }
    >
      <ErrorAlert message={error} />
      {stats ? (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-gray-700">Total Groups</dt>
            <dd className="mt-1 text-3xl font-bold text-gray-900">{stats.total}</dd>
          </div>
          <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-gray-700">Class Pages</dt>
            <dd className="mt-1 text-3xl font-bold text-gray-900">{stats.classPages}</dd>
          </div>
        </dl>
      ) : null}
      <FilterForm
        label="Filter WhatsApp groups"
        submitLabel="Apply filters"
        clear={
          filters.q || filters.programme || filters.type
            ? { to: "/admin/whatsapp-groups", label: "Clear filters" }
            : null
        }
      >
        <FilterSearch id="group-q" label="Search groups" value={filters.q} placeholder="Subject or programme" />
        <FilterSelect
          id="group-programme"
          name="programme"
          label="Programme"
          value={filters.programme ?? ""}
          all="All Programmes"
          options={PROGRAMME_OPTIONS}
        />
        <FilterSelect
          id="group-type"
          name="type"
          label="Group type"
          value={filters.type ?? ""}
          all="All Types"
          options={GROUP_TYPES.map((t) => ({ value: t, label: groupTypeLabel(t) }))}
        />
      </FilterForm>
      <DataTable
        label="WhatsApp groups"
        headers={["Subject", "Programme", "Group Type", "Students", "Link", { label: "Actions", srOnly: true }]}
        rows={groups}
        emptyText="No WhatsApp groups found matching your criteria"
      >
        {(g) => {
          const name = `${g.subjectName} (${programmeLabel(g.programme) || g.programme})`;
          return (
            <>
              <td className="px-3 py-2 font-medium text-gray-900">{g.subjectName}</td>
              <td className="px-3 py-2">{programmeLabel(g.programme) || g.programme}</td>
              <td className="px-3 py-2">{groupTypeLabel(g.groupType)}</td>
              <td className="px-3 py-2">{g.students}</td>
              <td className="px-3 py-2">
                {!g.usable ? (
                  <span className="font-semibold text-red-800">Unusable link</span>
                ) : isHttpLink(g.whatsappLink) ? (
                  <a
                    href={g.whatsappLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand-700 underline"
                    aria-label={`Open ${name} on WhatsApp (opens in a new tab)`}
                  >
                    Open
                  </a>
                ) : (
                  <span className="text-gray-700">Not available</span>
                )}
              </td>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  <DialogOrLink
                    to={`/admin/whatsapp-groups/${g.id}/edit`}
                    label="Edit"
                    ariaLabel={`Edit ${name}`}
                    title="Edit WhatsApp Group"
                    variant="secondary"
                  >
                    {(close) => <DialogGroupForm close={close} group={g} />}
                  </DialogOrLink>
                  <DialogOrLink
                    to={`/admin/whatsapp-groups/${g.id}/delete`}
                    label="Delete"
                    ariaLabel={`Delete ${name}`}
                    title="Delete WhatsApp Group"
                    variant="danger"
                  >
                    {(close) => <DialogDelete close={close} group={g} name={name} />}
                  </DialogOrLink>
                </div>
              </td>
            </>
          );
        }}
      </DataTable>
      {truncated ? (
        <p className="text-sm text-gray-700">
          Showing the first {limit} groups. Use the search or filters to narrow the list.
        </p>
      ) : null}
      {missing.length ? (
        <Section
          id="missing-heading"
          title="Subjects without a class page"
          className="rounded-xl border border-gray-200 bg-white p-4"
        >
          <ul className="mt-2 space-y-2">
            {missing.map((m) => (
              <li key={m.programme} aria-label={programmeLabel(m.programme)}>
                <span className="font-semibold text-gray-900">{programmeLabel(m.programme)}:</span>{" "}
                <span className="text-gray-800">
                  {m.subjects.length ? m.subjects.join(", ") : "every subject has a class page"}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </AdminPage>
  );
}

function DialogGroupForm({ close, group }: { close: () => void; group?: GroupValues & { id: string } }) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  useCloseOnSuccess(fetcher, useCallback(close, [close]));
  const action = group ? `/admin/whatsapp-groups/${group.id}/edit` : "/admin/whatsapp-groups/new";
  return (
    <GroupForm
      id={group ? `group-edit-dialog-${group.id}` : "group-add-dialog"}
      action={action}
      lastResult={fetcher.data?.result}
      current={group ?? null}
      FormComponent={fetcher.Form as unknown as typeof Form}
      pending={fetcher.state !== "idle"}
      submitLabel={group ? "Update Group" : "Add Group"}
      pendingLabel={group ? "Updating..." : "Adding..."}
    />
  );
}

function DialogDelete({ close, group, name }: { close: () => void; group: { id: string }; name: string }) {
  const fetcher = useFetcher();
  useCloseOnSuccess(fetcher, useCallback(close, [close]));
  return (
    <fetcher.Form method="post" action={`/admin/whatsapp-groups/${group.id}/delete`} className="space-y-4">
      <p className="text-gray-800">Are you sure you want to delete the WhatsApp group {name}?</p>
      <button type="submit" className={buttonClass("danger")} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Deleting..." : "Delete Group"}
      </button>
    </fetcher.Form>
  );
}

export function meta() {
  return [{ title: `WhatsApp Groups | Admin | ${SCHOOL_NAME}` }];
}
