import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/lesson-material";
import { requireUser } from "#app/utils/auth.server.ts";
import { storedFileResponse } from "#app/utils/uploads.server.ts";
import { getLesson, mayReadMaterial } from "#app/services/teaching/lessons.server.ts";

// Students on the lesson's roster read it too: the guard (mayReadMaterial) decides per lesson.
export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * A lesson's material file (docs/decisions/0106-lesson-notes-and-materials.md): for who may teach the lesson and the
 * students on its roster. Anyone else gets the same 404 as for a file that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireUser(request);
  const lesson = await getLesson(String(params.lessonId));
  const file = lesson?.materialFile;
  if (!lesson || !file || !(await mayReadMaterial(effectiveUser, lesson))) throw data("Not found", { status: 404 });
  return storedFileResponse(request, file, { disposition: "inline" });
}
