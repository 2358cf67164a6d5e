import type { RouteHandle } from "#app/utils/route-rules.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/timetable-upload";
import { ItemRow } from "#app/components/ui/item-row.tsx";
import { hasAdminPermission, requireUser } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { parseUpload, UPLOAD_TYPES } from "#app/utils/uploads.server.ts";
import {
  EMPTY_FILE,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MISSING_TIMETABLE_INFO,
  TIMETABLE_MAX_BYTES,
  TimetableFieldsSchema,
} from "#app/forms/admin-timetable.schema.ts";
import {
  ALL_TIMETABLES_UPLOADED,
  TIMETABLE_ACCESS_RESTRICTED,
  TIMETABLE_UPLOADED,
  UPLOAD_FAILED,
} from "#app/domain/messages.ts";
import { PROGRAMMES, programmeLabel } from "#app/domain/programmes.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatFileSize, TOO_MANY_PIXELS } from "#app/domain/files.ts";
import { SingleUploadForm } from "#app/routes/admin/+shared/timetable-upload-form.tsx";
import { formatDateTime } from "#app/domain/dates.ts";
import { Button } from "#app/components/ui/button.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { listTimetables } from "#app/models/timetable.server.ts";
import { BackLink } from "#app/components/ui/back-link.tsx";
import { audienceLabel } from "#app/domain/timetables.ts";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { publishBundledTimetables, publishTimetable } from "#app/services/teaching/timetables.server.ts";

export const handle = {
  rules: { access: "signed-in", actionAccess: { admin: "can_access_subjects" }, body: "upload" },
} satisfies RouteHandle;

const ALLOWED = [UPLOAD_TYPES.jpg, UPLOAD_TYPES.png, UPLOAD_TYPES.pdf];

/**
 * Signed-in users reach the page; its content is for admins with the subjects permission only (docs/product.md#screens, #roles-and-permissions;
 * docs/decisions/0019-admin-permissions-and-impersonation.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireUser(request);
  if (!(await hasAdminPermission(info, "can_access_subjects"))) return { isAdmin: false as const, timetables: [] };
  const rows = await listTimetables();
  return {
    isAdmin: true as const,
    timetables: rows.map((t) => ({
      id: t._id,
      title: t.title,
      description: t.description ?? null,
      audience: audienceLabel(t),
      fileName: t.fileName,
      fileType: t.fileType,
      fileSize: t.fileSize,
      createdAt: new Date(t.createdAt).toISOString(),
    })),
  };
}

const FAILURE_MESSAGES = {
  "too-large": { status: 413, message: FILE_TOO_LARGE },
  "invalid-type": { status: 415, message: INVALID_FILE_TYPE },
  empty: { status: 400, message: EMPTY_FILE },
  "too-many": { status: 400, message: "Choose one file" },
  malformed: { status: 400, message: MISSING_TIMETABLE_INFO },
  "too-many-pixels": { status: 413, message: TOO_MANY_PIXELS },
} as const;

export async function action({ request }: Route.ActionArgs) {
  const info = await requireUser(request);
  const { user } = info;
  if (!(await hasAdminPermission(info, "can_access_subjects")))
    throw data(TIMETABLE_ACCESS_RESTRICTED, { status: 403 });
  const parsed = await parseUpload(request, { fileField: "file", allowed: ALLOWED, maxBytes: TIMETABLE_MAX_BYTES });
  switch (intentOf(parsed.fields)) {
    case "bulk":
      return bulkUpload(user._id);
    case "single":
      return upload(parsed, user._id);
    default:
      return unknownIntent();
  }
}

/** One timetable: its details and its file, stored together or not at all. */
async function upload(parsed: Awaited<ReturnType<typeof parseUpload>>, userId: string) {
  const submission = parseWithZod(parsed.fields, { schema: TimetableFieldsSchema });
  const fail = (status: number, message: string) =>
    data({ result: submission.reply({ formErrors: [message] }) }, { status });
  if (!parsed.ok) {
    // The text fields typed before the file come back with the message by the file field.
    const { status, message } = FAILURE_MESSAGES[parsed.failure];
    if (parsed.failure === "malformed") return fail(status, message);
    return data({ result: submission.reply({ fieldErrors: { file: [message] } }) }, { status });
  }
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { title, description, programme, forms } = submission.value;
  if (!title || !programme || !parsed.file) return fail(400, MISSING_TIMETABLE_INFO);

  try {
    await publishTimetable(userId, { title, description: description || null, programme, forms }, parsed.file);
  } catch {
    return fail(500, `${UPLOAD_FAILED}: Failed to upload timetable`);
  }
  return redirectWithToast("/timetable-upload", { type: "success", title: TIMETABLE_UPLOADED });
}

/** All five or none (app/services/teaching/timetables.server.ts). */
async function bulkUpload(userId: string) {
  try {
    await publishBundledTimetables(userId);
  } catch {
    return redirectWithToast("/timetable-upload", {
      type: "error",
      title: UPLOAD_FAILED,
      description: "Failed to upload timetables",
    });
  }
  return redirectWithToast("/timetable-upload", { type: "success", title: ALL_TIMETABLES_UPLOADED });
}

export default function TimetableUpload({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/timetable-upload") === true;
  if (!loaderData.isAdmin) {
    return (
      <AdminPage title="Timetable Upload" width="3xl" className="mx-auto px-4 py-10">
        <p role="alert" className="mt-4 rounded-xl border border-yellow-300 bg-yellow-50 p-4 text-gray-900">
          {TIMETABLE_ACCESS_RESTRICTED}
        </p>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title="Timetable Upload"
      width="4xl"
      className="mx-auto px-4 py-10"
      above={
        <div className="flex items-center justify-between gap-3">
          <BackLink to="/admin">Back to the admin portal</BackLink>
          <SignOutButton />
        </div>
      }
    >
      <Section
        id="bulk-heading"
        title="Form 2 programme timetables"
        className="rounded-xl border border-gray-200 bg-white p-6"
      >
        <p className="mt-1 text-sm text-gray-700">
          Uploads the five bundled Form 2 timetables, one per programme, for Form 2 wards only.
        </p>
        <ul className="mt-3 list-disc pl-6 text-sm text-gray-800">
          {PROGRAMMES.map((p) => (
            <li key={p}>Form 2 {programmeLabel(p)}</li>
          ))}
        </ul>
        <Form method="post" encType="multipart/form-data" className="mt-4">
          <input type="hidden" name="intent" value="bulk" />
          <Button type="submit" disabled={busy}>
            {busy && navigation.formData?.get("intent") === "bulk" ? "Uploading..." : "Upload All Form 2 Timetables"}
          </Button>
        </Form>
      </Section>
      <Section
        id="single-heading"
        title="Upload a timetable"
        className="rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="mb-4 text-lg font-semibold text-gray-900"
      >
        <SingleUploadForm
          lastResult={actionData?.result}
          busy={busy && navigation.formData?.get("intent") === "single"}
          disabled={busy}
        />
      </Section>
      <Section
        id="list-heading"
        title="Uploaded timetables"
        headingClassName="mb-3 text-lg font-semibold text-gray-900"
      >
        {loaderData.timetables.length === 0 ? (
          <p className="text-gray-700">No timetables uploaded yet.</p>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
            {loaderData.timetables.map((t) => (
              <ItemRow
                key={t.id}
                title={t.title}
                details={
                  <>
                    <p className="text-sm text-gray-700">
                      {t.audience} · {t.fileName} · {formatFileSize(t.fileSize)} · uploaded{" "}
                      <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
                    </p>
                    {t.description ? <p className="text-sm text-gray-700">{t.description}</p> : null}
                  </>
                }
              >
                <div className="flex gap-4">
                  <a
                    href={`/timetables/${t.id}/file`}
                    className="font-medium text-brand-700 underline"
                    aria-label={`Download ${t.title}`}
                  >
                    Download
                  </a>
                  <Link
                    to={`/timetable-upload/${t.id}/delete`}
                    className="font-medium text-red-700 underline"
                    aria-label={`Delete ${t.title}`}
                  >
                    Delete
                  </Link>
                </div>
              </ItemRow>
            ))}
          </ul>
        )}
      </Section>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Timetable Upload | ${SCHOOL_NAME}` }];
}
