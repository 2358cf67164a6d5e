import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/overview";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { startOfMonth } from "#app/domain/dates.ts";
import { changeLabel, percentChange } from "#app/domain/admin-stats.ts";
import { countUsers } from "#app/models/user.server.ts";
import { countSubjects } from "#app/models/subject.server.ts";
import { countActiveStudents } from "#app/models/registration.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatCedis } from "#app/domain/money.ts";
import { vacationTotals } from "#app/models/payment.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import type { Vacation } from "#app/domain/vacations.ts";
import { Section } from "#app/components/ui/section.tsx";
import { getSettings } from "#app/models/settings.server.ts";
import { countWaitingMessages } from "#app/models/outbox.server.ts";
import { env } from "#app/models/infra/env.server.ts";
import { emailBlocked, smsBlocked } from "#app/services/messaging/providers.server.ts";
import { EMAIL_NOT_CONFIGURED, NO_CREDIT, SMS_NOT_CONFIGURED } from "#app/services/messaging/sms-provider.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_view_portal" } } } satisfies RouteHandle;

/**
 * Overview counters from real data (docs/product.md#sample-figures). Each compares the total
 * now with the total at the end of last month (docs/decisions: admin overview).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { permissions } = await requireAdmin(request);
  const monthStart = startOfMonth(new Date());
  const { teaching, enrolling } = await vacationPointers();
  const [users, usersBefore, students, studentsBefore, subjects, subjectsBefore] = await Promise.all([
    countUsers(),
    countUsers(monthStart),
    teaching ? countActiveStudents(teaching.name) : 0,
    teaching ? countActiveStudents(teaching.name, monthStart) : 0,
    countSubjects(),
    countSubjects(monthStart),
  ]);
  const stat = (label: string, now: number, before: number, hint: string) => ({
    label,
    value: now,
    change: changeLabel(now, before),
    up: percentChange(now, before) >= 0,
    hint,
  });
  // Each vacation shown now (the one teaching, and the one taking enrolments when it is another): its counters, for
  // admins who deal with registrations or payments.
  const shown = [teaching, enrolling].filter((v, i, all): v is Vacation => Boolean(v) && all.indexOf(v) === i);
  const money = permissions.can_access_registrations || permissions.can_manage_payments;
  const vacations = money
    ? await Promise.all(
        shown.map(async (v) => {
          const totals = await vacationTotals(v.name);
          return {
            name: v.name,
            role: v === teaching ? "teaching" : "taking enrolments",
            stats: [
              { label: "Registered", value: totals.registered.toLocaleString("en-GB"), hint: "Wards enrolled." },
              { label: "Fees due", value: formatCedis(totals.due), hint: "What its registrations owe in total." },
              { label: "Collected", value: formatCedis(totals.collected), hint: "Confirmed payments." },
              {
                label: "Outstanding",
                value: formatCedis(totals.outstanding),
                hint: "Unpaid balances (overpayments not netted).",
              },
              {
                label: "Pending payments",
                value: String(totals.pending),
                hint: "Parents' payment reports waiting for confirmation.",
              },
            ],
          };
        }),
      )
    : [];
  return {
    messaging:
      permissions.can_edit_settings || permissions.can_view_messages
        ? await messagingWarnings()
        : { warnings: [], demoNote: null },
    vacations,
    stats: [
      stat("Total Users", users, usersBefore, "All accounts: students, parents, facilitators and admins."),
      stat(
        "Active Students",
        students,
        studentsBefore,
        teaching
          ? `Wards enrolled in ${teaching.name} (each ward WhatsApp number counted once).`
          : "Wards enrolled in the vacation teaching (each ward WhatsApp number counted once).",
      ),
      stat("Total Subjects", subjects, subjectsBefore, "Subjects in the subject list."),
    ],
  };
}

/**
 * Never a silent "sent" (docs/decisions/0093): while no SMS or e-mail can leave, or the SMS account has run out of
 * credit, the overview says so, with the messages waiting; in demo mode, that the test provider sends nothing.
 */
async function messagingWarnings() {
  const settings = await getSettings();
  const waiting = await countWaitingMessages({
    sms: SMS_NOT_CONFIGURED,
    email: EMAIL_NOT_CONFIGURED,
    credit: NO_CREDIT,
  });
  const sms = smsBlocked(settings, env.demo);
  const email = emailBlocked(settings, env.demo);
  const waitingNote = (n: number) => (n ? ` ${n} message${n === 1 ? " is" : "s are"} waiting.` : "");
  const warnings: string[] = [];
  if (sms) warnings.push(`No SMS can leave the portal. ${sms}${waitingNote(waiting.sms)}`);
  if (email) warnings.push(`No e-mail can leave the portal. ${email}${waitingNote(waiting.email)}`);
  if (waiting.credit)
    warnings.push(`The SMS provider reports too little credit: top up the account.${waitingNote(waiting.credit)}`);
  const demoNote =
    env.demo && settings.smsProvider === "none"
      ? "Demo mode: the built-in test provider sends no SMS or e-mail; each message's text is under Messages."
      : null;
  return { warnings, demoNote };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Admin Overview">
      {loaderData.messaging.warnings.length ? (
        <Section
          id="messaging-warnings"
          title="Messages cannot leave"
          className="rounded-xl border border-red-300 bg-red-50 p-4"
          headingClassName="text-base font-semibold text-red-900"
        >
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-900">
            {loaderData.messaging.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {loaderData.messaging.demoNote ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {loaderData.messaging.demoNote}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-3">
        {loaderData.stats.map((s) => (
          <li key={s.label} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
            <h2 className="text-sm font-medium text-gray-700">{s.label}</h2>
            <p className="mt-2 text-3xl font-bold text-gray-900" data-testid={`stat-${s.label}`}>
              {s.value.toLocaleString("en-GB")}
            </p>
            <p className={`mt-1 text-sm font-medium ${s.up ? "text-green-800" : "text-red-700"}`}>{s.change}</p>
            <p className="mt-2 text-xs text-gray-600">{s.hint}</p>
          </li>
        ))}
      </ul>
      {loaderData.vacations.map((v, i) => (
        <Section
          key={v.name}
          id={`vacation-stats-${i}`}
          title={
            <>
              {v.name} ({v.role})
            </>
          }
          headingClassName="mb-3 text-lg font-semibold text-gray-900"
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
            {v.stats.map((s) => (
              <li key={s.label} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <h3 className="text-sm font-medium text-gray-700">{s.label}</h3>
                {/* An amount never breaks between "GH₵" and its figure. */}
                <p
                  className="mt-2 whitespace-nowrap text-xl font-bold text-gray-900 sm:text-2xl"
                  data-testid={`vacation-${i}-${s.label}`}
                >
                  {s.value}
                </p>
                <p className="mt-2 text-xs text-gray-600">{s.hint}</p>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Admin Overview | ${SCHOOL_NAME}` }];
}
