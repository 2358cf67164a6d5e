import type { RouteHandle } from "#app/utils/route-rules.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/payments-reconciliation";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  RECONCILE_PERIOD_MS,
  reconcile,
  reconciliationOverview,
  resolveException,
} from "#app/services/money/reconciliation.server.ts";
import { GatewayError } from "#app/services/money/gateway/gateway.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { SubmitButton } from "#app/components/form/fields.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_manage_payments" } } } satisfies RouteHandle;

const PATH = "/admin/payments/reconciliation";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const { runs, open, resolved } = await reconciliationOverview();
  return {
    runs: runs.map((r) => ({
      id: String(r._id),
      when: formatDateTime(r.createdAt),
      period: `${formatDateTime(r.from)} – ${formatDateTime(r.to)}`,
      by: r.startedBy === "system" ? "Daily run" : "An admin",
      gateway: r.gateway === "test" ? "TEST gateway" : "Paystack",
      result: r.error
        ? `Failed: ${r.error}`
        : r.finishedAt
          ? `${r.transactions} transactions; ${r.confirmed} confirmed, ${r.declined} declined, ${r.closed} closed unanswered, ${r.exceptions} new exceptions`
          : "Running",
    })),
    open,
    resolved,
  };
}

/** Run now (the last two days), or the office's decision on one exception. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const form = await request.formData();
  const intent = intentOf(form);
  switch (intent) {
    case "run":
      return runNow(user._id);
    case "confirm":
    case "refuse":
      return decide(intent, String(form.get("exceptionId") ?? ""), user._id);
    default:
      return unknownIntent();
  }
}

/** The last two days compared with the gateway now, rather than at the next daily run. */
async function runNow(actor: string) {
  const to = new Date();
  try {
    const summary = await reconcile({ from: new Date(to.getTime() - RECONCILE_PERIOD_MS), to, actor });
    if (!summary)
      return redirectWithToast(PATH, { type: "error", title: "No payment gateway is set up to reconcile with" });
    return redirectWithToast(PATH, {
      type: "success",
      title: "Reconciliation done",
      description: `${summary.transactions} transactions compared; ${summary.exceptions} new exceptions.`,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return redirectWithToast(PATH, {
      type: "error",
      title: "The gateway could not be reached",
      description: error.message,
    });
  }
}

async function decide(intent: "confirm" | "refuse", id: string, actor: string) {
  if (!ID_PATTERN.test(id)) throw data("Choose an exception and Confirm or Refuse", { status: 400 });
  const done = await resolveException(id, intent, actor);
  return redirectWithToast(PATH, {
    type: done ? "success" : "error",
    title: done
      ? intent === "confirm"
        ? "Exception confirmed"
        : "Exception refused"
      : "This exception was already decided",
  });
}

export default function Reconciliation({ loaderData }: Route.ComponentProps) {
  const { runs, open, resolved } = loaderData;
  return (
    <AdminPage
      title="Payments reconciliation"
      actions={
        <>
          <Form method="post">
            <input type="hidden" name="intent" value="run" />
            <SubmitButton pendingLabel="Reconciling...">Reconcile the last two days</SubmitButton>
          </Form>
        </>
      }
    >
      <p className="text-gray-800">
        Every day the gateway's Mobile Money transactions are compared with the portal's payments. Payments the gateway
        settled are confirmed, unanswered ones are closed after a day, and what only the office can decide is listed
        here.{" "}
        <Link to="/admin/payments" className="font-semibold text-brand-700 underline">
          Back to payments
        </Link>
      </p>
      <Section
        id="open-exceptions"
        title="Exceptions to decide"
        headingClassName="mb-3 text-lg font-semibold text-gray-900"
      >
        <DataTable
          label="Exceptions to decide"
          headers={["Exception", "Reference", "Portal", "Gateway", "Note", { label: "Decision", srOnly: true }]}
          rows={open}
          emptyText="Nothing to decide."
        >
          {(ex) => (
            <>
              <td className="p-3 font-semibold">{ex.kind}</td>
              <td className="p-3 font-mono text-xs break-all">{ex.reference}</td>
              <td className="p-3">{ex.portalAmount}</td>
              <td className="p-3">{ex.gatewayAmount}</td>
              <td className="p-3 text-sm">{ex.note}</td>
              <td className="p-3">
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="exceptionId" value={ex.id} />
                  <SubmitButton name="intent" value="confirm" variant="primary">
                    Confirm
                  </SubmitButton>
                  <SubmitButton name="intent" value="refuse" variant="danger">
                    Refuse
                  </SubmitButton>
                </Form>
              </td>
            </>
          )}
        </DataTable>
      </Section>
      <Section id="runs" title="Latest runs" headingClassName="mb-3 text-lg font-semibold text-gray-900">
        <DataTable
          label="Latest runs"
          headers={["When", "Gateway", "Period", "By", "Result"]}
          rows={runs}
          emptyText="No run yet."
        >
          {(r) => (
            <>
              <td className="p-3">{r.when}</td>
              <td className="p-3">{r.gateway}</td>
              <td className="p-3 text-sm">{r.period}</td>
              <td className="p-3">{r.by}</td>
              <td className="p-3 text-sm">{r.result}</td>
            </>
          )}
        </DataTable>
      </Section>
      {resolved.length ? (
        <Section id="resolved" title="Recently decided" headingClassName="mb-3 text-lg font-semibold text-gray-900">
          <DataTable
            label="Recently decided"
            headers={["Exception", "Reference", "Decision"]}
            rows={resolved}
            emptyText=""
          >
            {(ex) => (
              <>
                <td className="p-3">{ex.kind}</td>
                <td className="p-3 font-mono text-xs break-all">{ex.reference}</td>
                <td className="p-3">{ex.state === "confirmed" ? "Confirmed" : "Refused"}</td>
              </>
            )}
          </DataTable>
        </Section>
      ) : null}
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Payments reconciliation | Admin | ${SCHOOL_NAME}` }];
}
