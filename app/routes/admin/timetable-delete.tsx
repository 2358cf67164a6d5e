import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Form } from "react-router";
import type { Route } from "./+types/timetable-delete";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { removeUpload } from "#app/utils/uploads.server.ts";
import { deleteTimetable, getTimetableFile } from "#app/models/timetable.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { audienceLabel } from "#app/domain/timetables.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { TIMETABLE_DELETED } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { DeleteActions } from "#app/components/form/fields.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

/**
 * Deleting an uploaded timetable, a confirmation page (it works without JavaScript): for admins with the subjects
 * permission, as uploading is. The row goes first, then its file: a file left behind by a crash is unreachable (files
 * are served only through their row), a row without its file would be a broken Download.
 */
async function requireTimetable(id: string | undefined) {
  const row = ID_PATTERN.test(String(id ?? "")) ? await getTimetableFile(String(id)) : null;
  if (!row) throw data("Timetable not found.", { status: 404 });
  return row;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const t = await requireTimetable(params.timetableId);
  return { timetable: { title: t.title, audience: audienceLabel(t), fileName: t.fileName } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const id = String(params.timetableId ?? "");
  const deleted = ID_PATTERN.test(id) ? await deleteTimetable(id) : null;
  // Deleted by someone else meanwhile: the outcome they wanted, said plainly.
  if (!deleted) return redirectWithToast("/timetable-upload", { type: "success", title: TIMETABLE_DELETED });
  await removeUpload(deleted.filePath).catch(() => {});
  await audit("timetable.delete", user._id, deleted._id, { title: deleted.title });
  return redirectWithToast("/timetable-upload", { type: "success", title: TIMETABLE_DELETED });
}

export default function DeleteTimetable({ loaderData }: Route.ComponentProps) {
  const { timetable } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <AdminPage title={<>Delete timetable: {timetable.title}</>} card="plain">
        <p className="text-gray-800">
          {timetable.audience} · {timetable.fileName}. Students and parents stop seeing it at once; the file is removed.
        </p>
        <Form method="post">
          <DeleteActions label="Delete timetable" cancelTo="/timetable-upload" />
        </Form>
      </AdminPage>
    </div>
  );
}

export function meta() {
  return [{ title: `Delete timetable | Admin | ${SCHOOL_NAME}` }];
}
