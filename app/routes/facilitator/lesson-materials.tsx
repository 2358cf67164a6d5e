import { TOO_MANY_PIXELS } from "#app/domain/files.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";
import type { Route } from "./+types/lesson-materials";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { parseUpload, UPLOAD_TYPES } from "#app/utils/uploads.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import {
  LESSON_FIELD_LABELS as L,
  LessonMaterialsFormSchema,
  LessonMaterialsSchema,
} from "#app/forms/lessons.schema.ts";
import { LESSON_NOTES_MAX, MATERIAL_MAX_BYTES, lessonAudience, shortDay, timeLabel } from "#app/domain/lessons.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getLesson, setLessonMaterials } from "#app/services/teaching/lessons.server.ts";
import { mayTeachClass } from "#app/services/teaching/classes.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import {
  CheckboxField,
  FileField,
  FormErrors,
  SubmitButton,
  TextareaField,
  TextField,
} from "#app/components/form/fields.tsx";

export const handle = {
  rules: { access: { roles: ["facilitator", "admin"] }, body: "upload" },
} satisfies RouteHandle;

const ALLOWED = [UPLOAD_TYPES.pdf, UPLOAD_TYPES.jpg, UPLOAD_TYPES.png];
const FILE_ERRORS = {
  "too-large": "The file is larger than 10 MB",
  "invalid-type": "Choose a PDF, JPEG or PNG file",
  empty: "The file is empty",
  "too-many": "Choose one file",
  malformed: "The upload could not be read.",
  "too-many-pixels": TOO_MANY_PIXELS,
} as const;

/** The lesson, when this user may teach it; else the same refusal as the register's. */
async function teachableLesson(request: Request, lessonId: string) {
  const info = await requireRole(request, handle.rules.access.roles);
  const lesson = await getLesson(lessonId);
  if (!lesson) throw data("This lesson no longer exists.", { status: 404 });
  if (!(await mayTeachClass(info.effectiveUser, lesson)))
    throw data("Only the subject's facilitator sets its lessons' materials.", { status: 403 });
  return { actor: actorOf(info), lesson };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { lesson } = await teachableLesson(request, params.lessonId);
  return {
    id: lesson._id,
    title: `${lesson.subject}: ${shortDay(lesson.date)}, ${timeLabel(lesson.start)} to ${timeLabel(lesson.end)}`,
    audience: lessonAudience(lesson.programme, lesson.forms, lesson.classNo),
    notes: lesson.notes ?? "",
    materialLink: lesson.materialLink ?? "",
    file: lesson.materialFile ? { name: lesson.materialFile.name, href: `/lessons/${lesson._id}/material` } : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor, lesson } = await teachableLesson(request, params.lessonId);
  const upload = await parseUpload(request, { fileField: "file", allowed: ALLOWED, maxBytes: MATERIAL_MAX_BYTES });
  if (!upload.ok && upload.failure === "malformed") throw data(FILE_ERRORS.malformed, { status: 400 });
  const submission = parseWithZod(upload.fields, { schema: LessonMaterialsSchema });
  // No file chosen is fine (the one there is kept); a refused one (an empty one too) is said by its field and nothing
  // is stored.
  const fileError = !upload.ok ? FILE_ERRORS[upload.failure] : null;
  if (submission.status !== "success" || fileError)
    return data({ result: submission.reply({ fieldErrors: fileError ? { file: [fileError] } : {} }) }, { status: 400 });
  const outcome = await setLessonMaterials(lesson._id, actor, {
    ...submission.value,
    file: upload.ok ? upload.file : null,
  });
  if (!outcome.ok) throw data("This lesson cannot be changed.", { status: outcome.status });
  return redirectWithToast("/facilitator-dashboard/classes", {
    type: "success",
    title: "Lesson materials saved",
    description: "The lesson's students see them on their schedule.",
  });
}

export default function LessonMaterials({ loaderData, actionData }: Route.ComponentProps) {
  const { title, audience, notes, materialLink, file } = loaderData;
  const [form, fields] = useSchemaForm("lesson-materials", LessonMaterialsFormSchema, actionData?.result, {
    notes,
    materialLink,
  });
  return (
    <DashboardPage
      title="Notes and materials"
      description={
        <>
          {title} · {audience}. The lesson&apos;s students see them on their schedule.
        </>
      }
      back={{ to: "/facilitator-dashboard/classes", label: "Back to Classes" }}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="max-w-2xl space-y-4 rounded-xl border border-gray-200 bg-white p-6"
      >
        <FormErrors form={form} />
        <TextareaField
          field={fields.notes}
          label={L.notes}
          hint={`What to read or do, at most ${LESSON_NOTES_MAX} characters.`}
          rows={6}
        />
        <TextField field={fields.materialLink} label={L.materialLink} inputProps={{ inputMode: "url" }} />
        {file ? (
          <div className="space-y-2 text-sm">
            <p>
              File now:{" "}
              <a href={file.href} className="font-semibold text-brand-700 underline">
                {file.name}
              </a>
            </p>
            <CheckboxField field={fields.removeFile} label={L.removeFile} />
          </div>
        ) : null}
        <FileField
          field={fields.file}
          label={L.file}
          hint={file ? "A new file replaces the one there." : "Optional."}
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        />
        <SubmitButton pendingLabel="Saving...">Save Notes and Materials</SubmitButton>
      </Form>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Notes and materials | Facilitator | ${SCHOOL_NAME}` }];
}
