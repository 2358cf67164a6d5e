import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/timetable-file";
import { requireUser } from "#app/utils/auth.server.ts";
import { storedFileResponse } from "#app/utils/uploads.server.ts";
import { TIMETABLE_MIME_TYPES } from "#app/forms/admin-timetable.schema.ts";
import { mayReadTimetable } from "#app/services/teaching/content-access.server.ts";
import { getTimetableFile } from "#app/models/timetable.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * Uploaded timetables are served only through here: to the programme's
 * students and their parents, facilitators and admins
 * (app/services/teaching/content-access.server.ts); anyone else gets 404, as if it did not
 * exist. The type is our own, checked from the bytes at upload.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const info = await requireUser(request);
  const id = String(params.timetableId ?? "");
  const row = ID_PATTERN.test(id) ? await getTimetableFile(id) : null;
  if (!row || !(await mayReadTimetable(info, row))) throw data("Timetable not found.", { status: 404 });
  const type = (TIMETABLE_MIME_TYPES as readonly string[]).includes(row.fileType)
    ? row.fileType
    : "application/octet-stream";
  return storedFileResponse(
    request,
    { key: row.filePath, type, name: row.fileName },
    {
      disposition: "attachment",
      cacheControl: "private, max-age=0, must-revalidate",
      missing: "Timetable file not found.",
    },
  );
}
