import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/messages";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { formatPhone, normalizePhone } from "#app/domain/phone.ts";
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_RETRIED,
  MESSAGE_STATE_LABELS,
  MESSAGE_STATES,
} from "#app/domain/messaging.ts";
import { MESSAGES_PER_PAGE, MessagesQuerySchema, RetryMessageSchema } from "#app/forms/messages.schema.ts";
import { countMessagesByState, listMessages, retryMessage } from "#app/models/outbox.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { RecordFilters, RecordsSection } from "#app/components/ui/filter-form.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_view_messages" } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const query = MessagesQuerySchema.parse(Object.fromEntries(url.searchParams));
  const filter = {
    recipient: query.q ? normalizePhone(query.q) || query.q.toLowerCase() : undefined,
    state: query.state,
    channel: query.channel,
    from: query.from,
    to: query.to,
  };
  const [{ rows, total }, counts] = await Promise.all([
    listMessages(filter, query.page, MESSAGES_PER_PAGE),
    countMessagesByState(),
  ]);
  return {
    query: {
      q: query.q,
      state: query.state ?? "",
      channel: query.channel ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
    },
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / MESSAGES_PER_PAGE)),
    total,
    counts,
    rows: rows.map((m) => ({
      id: m._id,
      channel: m.channel,
      to: m.channel === "sms" ? formatPhone(m.to) : m.to,
      text: m.text,
      state: m.state,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: formatDateTime(m.createdAt),
      sentAt: m.sentAt ? formatDateTime(m.sentAt) : null,
      deliveryUnknown: m.state === "sent" && Boolean(m.deliveryUnknown),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const parsed = RetryMessageSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Unknown action.", { status: 400 });
  const retried = await retryMessage(parsed.data.id);
  if (retried) await audit("message.retry", user._id, parsed.data.id);
  // `url` is the page's address (with JavaScript the request itself is a `.data` request).
  return redirectWithToast(url.pathname + url.search, {
    type: retried ? "success" : "error",
    title: retried ? MESSAGE_RETRIED : "Only a failed message can be retried",
  });
}

const STATE_OPTIONS = MESSAGE_STATES.map((s) => ({ value: s, label: MESSAGE_STATE_LABELS[s] }));
const CHANNEL_OPTIONS = MESSAGE_CHANNELS.map((c) => ({ value: c, label: MESSAGE_CHANNEL_LABELS[c] }));

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { rows, query, total, page, pageCount, counts } = loaderData;
  const filtered = Boolean(query.q || query.state || query.channel || query.from || query.to);
  return (
    <AdminPage title="Messages">
      <p className="text-gray-800">
        Every SMS and e-mail the portal sends is listed here first, then sent by the outbox. With the built-in test
        provider nothing leaves the portal: this is where the text can be read.
      </p>
      <p>
        <Link to="/admin/messages/weekly-progress" className="font-semibold text-brand-700 underline">
          Weekly progress SMS
        </Link>
        : this week&apos;s to parents, and sending it now.{" "}
        <Link to="/admin/messages/reports" className="font-semibold text-brand-700 underline">
          End-of-vacation reports
        </Link>
        : each ward&apos;s report link to its parent.
      </p>
      <dl className="flex flex-wrap gap-3" aria-label="Messages by state">
        {MESSAGE_STATES.map((s) => (
          <div key={s} className="rounded-lg border border-gray-200 bg-white px-3 py-2">
            <dt className="text-sm text-gray-700">{MESSAGE_STATE_LABELS[s]}</dt>
            <dd className="text-lg font-semibold text-gray-900">{counts[s]}</dd>
          </div>
        ))}
      </dl>

      <RecordFilters
        path="/admin/messages"
        label="Messages"
        idPrefix="msg"
        filtered={filtered}
        search={{ label: "Recipient", placeholder: "Phone number or e-mail", value: query.q }}
        selects={[
          { name: "state", label: "State", all: "All states", value: query.state, options: STATE_OPTIONS },
          { name: "channel", label: "Channel", all: "All channels", value: query.channel, options: CHANNEL_OPTIONS },
        ]}
        period={{ from: { label: "Queued from", value: query.from }, to: { label: "Queued to", value: query.to } }}
      />

      <RecordsSection id="msg-list" title="Newest first" count={total === 1 ? "1 message" : `${total} messages`}>
        {rows.length === 0 ? (
          <p className="p-6 text-center text-gray-700">No messages match.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {rows.map((m) => (
              <li key={m.id} className="space-y-2 p-4">
                <p className="text-sm text-gray-700">
                  <span className="font-semibold text-gray-900">{MESSAGE_CHANNEL_LABELS[m.channel]}</span> to{" "}
                  <span className="font-semibold text-gray-900">{m.to}</span> · {MESSAGE_STATE_LABELS[m.state]} ·{" "}
                  {m.attempts === 1 ? "1 attempt" : `${m.attempts} attempts`} · queued {m.createdAt}
                  {m.sentAt ? ` · sent ${m.sentAt}` : ""}
                  {m.deliveryUnknown ? " · delivery unknown (the provider never said)" : ""}
                </p>
                <p className="whitespace-pre-wrap break-words text-gray-900">{m.text}</p>
                {m.lastError ? <p className="text-sm text-red-800">Error: {m.lastError}</p> : null}
                {m.state === "failed" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="id" value={m.id} />
                    <Button type="submit" variant="secondary" aria-label={`Retry the message to ${m.to}`}>
                      Retry
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} className="border-t border-gray-200 p-4" />
      </RecordsSection>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Messages | Admin | ${SCHOOL_NAME}` }];
}
