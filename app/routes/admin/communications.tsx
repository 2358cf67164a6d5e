import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Form } from "react-router";
import { useRef } from "react";
import { FormDraft } from "#app/components/form/form-draft.tsx";
import type { Route } from "./+types/communications";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { AnnouncementSchema, RECIPIENT_TYPE_OPTIONS } from "#app/forms/admin-communication.schema.ts";
import { COMMUNICATIONS_FETCH_FAILED, MESSAGE_SEND_FAILED, MESSAGE_SENT } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { ChoiceGroup, FormErrors, SubmitButton, TextareaField, TextField } from "#app/components/form/fields.tsx";
import { createAnnouncement, listCommunicationHistory } from "#app/models/communication-admin.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { ErrorAlert } from "#app/components/ui/error-alert.tsx";
import { Section } from "#app/components/ui/section.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "can_access_communications");
  try {
    const history = await listCommunicationHistory();
    return {
      error: null,
      history: history.map((c) => ({
        id: c._id,
        title: c.title,
        message: c.message,
        recipientType: c.recipientType ?? "all",
        senderId: String(c.senderId),
        senderName: c.senderName,
        createdAt: new Date(c.createdAt).toISOString(),
      })),
    };
  } catch {
    return { error: COMMUNICATIONS_FETCH_FAILED, history: [] };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, "can_access_communications");
  const submission = parseWithZod(await request.formData(), { schema: AnnouncementSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const id = await createAnnouncement({ ...submission.value, senderId: user._id });
    await audit("announcement.send", user._id, id, { recipientType: submission.value.recipientType });
  } catch {
    return data({ result: submission.reply({ formErrors: [MESSAGE_SEND_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast("/admin/communications", { type: "success", title: MESSAGE_SENT });
}

const RECIPIENT_LABELS: Record<string, string> = Object.fromEntries(
  RECIPIENT_TYPE_OPTIONS.map((o) => [o.value, o.label]),
);

export default function Communications({ loaderData, actionData }: Route.ComponentProps) {
  const { history, error } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: "announcement",
    lastResult: actionData?.result,
    defaultValue: { recipientType: "all" },
    constraint: getZodConstraint(AnnouncementSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AnnouncementSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main id="main" className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Communications</h1>
      <Section
        id="send-heading"
        title="Send Announcement"
        className="max-w-2xl rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="mb-4 text-lg font-semibold text-gray-900"
      >
        <Form method="post" {...getFormProps(form)} ref={formRef} className="space-y-4">
          <FormDraft formId="announcement" formRef={formRef} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.title} label="Title" inputProps={{ maxLength: 200 }} />
          <TextareaField field={fields.message} label="Message" rows={5} />
          <ChoiceGroup
            field={fields.recipientType}
            legend="Recipients"
            type="radio"
            options={RECIPIENT_TYPE_OPTIONS}
            columns={2}
          />
          <SubmitButton pendingLabel="Sending...">Send Message</SubmitButton>
        </Form>
      </Section>
      <Section id="history-heading" title="Message History" headingClassName="mb-3 text-lg font-semibold text-gray-900">
        {error ? (
          <ErrorAlert message={error} />
        ) : history.length === 0 ? (
          <p className="text-gray-700">No messages sent yet.</p>
        ) : (
          <ol className="space-y-3">
            {history.map((c) => (
              <li key={c.id} className="rounded-xl border border-gray-200 bg-white p-4">
                <article aria-labelledby={`msg-${c.id}`}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 id={`msg-${c.id}`} className="font-semibold text-gray-900">
                      {c.title}
                    </h3>
                    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
                      To: {RECIPIENT_LABELS[c.recipientType] ?? c.recipientType}
                    </span>
                  </div>
                  <p className="mt-2 whitespace-pre-line text-gray-800">{c.message}</p>
                  <p className="mt-2 text-sm text-gray-700">
                    Sent by {c.senderName ?? <span title="Sender id">{c.senderId.slice(0, 8)}</span>} on{" "}
                    <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                  </p>
                </article>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </main>
  );
}

export function meta() {
  return [{ title: `Communications | Admin | ${SCHOOL_NAME}` }];
}
