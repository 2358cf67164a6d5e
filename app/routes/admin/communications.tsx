import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
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
import {
  CheckboxField,
  ChoiceGroup,
  FormErrors,
  SubmitButton,
  TextareaField,
  TextField,
} from "#app/components/form/fields.tsx";
import { listCommunicationHistory } from "#app/models/communication-admin.server.ts";
import { announce } from "#app/services/messaging/announcements.server.ts";

import { ErrorAlert } from "#app/components/ui/error-alert.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_communications" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
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
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const submission = parseWithZod(await request.formData(), { schema: AnnouncementSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), preview: null }, { status: 400 });
  const { alsoSms, alsoEmail, confirmedFor, ...announcement } = submission.value;
  let answer: Awaited<ReturnType<typeof announce>>;
  try {
    answer = await announce(user._id, announcement, { alsoSms, alsoEmail, confirmedFor });
  } catch {
    return data({ result: submission.reply({ formErrors: [MESSAGE_SEND_FAILED] }), preview: null }, { status: 500 });
  }
  // Before a send to many: how many phones (and SMS parts each) and addresses; sent only once the admin saw it.
  if ("preview" in answer) return data({ result: submission.reply(), preview: answer.preview }, { status: 200 });
  const { sms, email } = answer.sent;
  return redirectWithToast("/admin/communications", {
    type: "success",
    title: MESSAGE_SENT,
    description: sms || email ? `${sms} SMS and ${email} e-mail(s) queued (see Messages).` : undefined,
  });
}

const RECIPIENT_LABELS: Record<string, string> = Object.fromEntries(
  RECIPIENT_TYPE_OPTIONS.map((o) => [o.value, o.label]),
);

export default function Communications({ loaderData, actionData }: Route.ComponentProps) {
  const { history, error } = loaderData;
  const preview = actionData?.preview ?? null;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm("announcement", AnnouncementSchema, actionData?.result, {
    recipientType: "all",
  });
  return (
    <AdminPage title="Communications">
      <Section id="send-heading" title="Send Announcement" form>
        <Form method="post" {...getFormProps(form)} ref={formRef} className="space-y-4">
          <FormDraft formId="announcement" formRef={formRef} />
          <FormErrors form={form} />
          <TextField field={fields.title} label="Title" inputProps={{ maxLength: 200 }} />
          <TextareaField field={fields.message} label="Message" rows={5} />
          <ChoiceGroup
            field={fields.recipientType}
            legend="Recipients"
            type="radio"
            options={RECIPIENT_TYPE_OPTIONS}
            columns={2}
          />
          <CheckboxField
            field={fields.alsoSms}
            label="Also send by SMS"
            hint="To the phones of the recipients chosen. You see how many SMS it makes before anything is sent."
          />
          <CheckboxField
            field={fields.alsoEmail}
            label="Also send by e-mail"
            hint="To the accounts of the recipients chosen that gave an e-mail address."
          />
          {preview ? (
            <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-gray-900">
              {preview.phones !== null ? (
                <p className="font-semibold">
                  {preview.phones === 1 ? "1 phone" : `${preview.phones} phones`}, {preview.segments} SMS part
                  {preview.segments === 1 ? "" : "s"} each: {preview.phones * preview.segments} SMS in all.{" "}
                  {preview.encoding === "GSM-7"
                    ? "Plain letters (GSM-7): 160 characters a part."
                    : "Letters outside GSM-7 (such as ɛ, ɔ or ₵): 70 characters a part."}
                  {preview.stopped ? ` ${preview.stopped} number(s) that sent STOP are left out.` : null}
                </p>
              ) : null}
              {preview.emails !== null ? (
                <p className="font-semibold">
                  {preview.emails === 1 ? "1 e-mail address" : `${preview.emails} e-mail addresses`}.
                </p>
              ) : null}
              <p className="mt-1 text-sm">Send again to confirm, or untick what you do not want sent.</p>
              <input type="hidden" name="confirmedFor" value={preview.recipientType} />
            </div>
          ) : null}
          <SubmitButton pendingLabel="Sending...">{preview ? "Confirm and send" : "Send Message"}</SubmitButton>
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
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Communications | Admin | ${SCHOOL_NAME}` }];
}
