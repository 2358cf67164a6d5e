import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/vacations";
import { parseWithZod } from "#app/forms/parse.ts";
import { refusalReply } from "#app/utils/refusal-reply.server.ts";
import { OpenVacationSchema, VACATION_FIELD_LABELS as L } from "#app/forms/vacation.schema.ts";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatCedis } from "#app/domain/money.ts";
import { VACATION_STATE_LABELS, addDays, longDay, vacationState } from "#app/domain/vacations.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { vacationTotals } from "#app/models/payment.server.ts";
import { inviteFamilies, invitationPair, openVacation } from "#app/services/content/vacations.server.ts";
import { CheckboxField, SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { VacationDateFields } from "#app/routes/admin/+shared/vacation-date-fields.tsx";

export const handle = { rules: { access: { admin: "can_edit_settings" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const { all, today, teaching, enrollingAll } = await vacationPointers();
  const vacations = await Promise.all(
    [...all].reverse().map(async (v) => {
      const totals = await vacationTotals(v.name);
      return {
        name: v.name,
        state: VACATION_STATE_LABELS[vacationState(v, today)],
        teaching: v.name === teaching?.name,
        enrolling: enrollingAll.some((e) => e.name === v.name),
        registration: `${longDay(v.registrationOpens)} to ${longDay(v.registrationCloses)}`,
        lessons: `${longDay(v.lessonsStart)} to ${longDay(v.lessonsEnd)}`,
        newSchoolYear: v.newSchoolYear,
        datesFromUpgrade: v.datesFromUpgrade,
        totals: {
          registered: totals.registered.toLocaleString("en-GB"),
          due: formatCedis(totals.due),
          collected: formatCedis(totals.collected),
          outstanding: formatCedis(totals.outstanding),
        },
      };
    }),
  );
  const pair = await invitationPair();
  // A new vacation's dates start after the last one's lessons, as a suggestion the admin changes.
  const lastEnd = all.reduce((end, v) => (v.lessonsEnd > end ? v.lessonsEnd : end), "");
  const opens = lastEnd && lastEnd >= today ? addDays(lastEnd, -21) : today;
  return {
    vacations,
    invitation: pair ? { to: pair.to.name, from: pair.from.name } : null,
    suggested: {
      registrationOpens: opens < today ? today : opens,
      lessonsStart: addDays(lastEnd && lastEnd >= today ? lastEnd : today, 14),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "open":
      return open(formData, user._id);
    case "preview-invite":
    case "send-invite":
      return invite(intentOf(formData) === "send-invite", user._id);
    default:
      return unknownIntent();
  }
}

async function open(formData: FormData, actorId: string) {
  const submission = parseWithZod(formData, { schema: OpenVacationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), invite: null }, { status: 400 });
  const outcome = await openVacation(submission.value, actorId);
  if (!outcome.ok) return data({ result: refusalReply(submission, outcome), invite: null }, { status: outcome.status });
  return redirectWithToast(`/admin/settings/fees?vacation=${encodeURIComponent(submission.value.name)}`, {
    type: "success",
    title: "Vacation opened",
    description: `${submission.value.name} is open. Check its fees below.`,
  });
}

async function invite(send: boolean, actorId: string) {
  const pair = await invitationPair();
  if (!pair)
    return data(
      { result: null, invite: { error: "No vacation is taking enrolments after another one." } },
      { status: 409 },
    );
  if (!send) {
    const counts = await inviteFamilies(pair, false);
    return data({ result: null, invite: { error: null, ...counts, to: pair.to.name, from: pair.from.name } });
  }
  const sent = await inviteFamilies(pair, { actorId });
  return redirectWithToast("/admin/vacations", {
    type: "success",
    title: "Families told",
    description: `${sent.phones} SMS queued to last vacation's families (see Messages).`,
  });
}

export default function Vacations({ loaderData, actionData }: Route.ComponentProps) {
  const { vacations, invitation, suggested } = loaderData;
  const preview = actionData?.invite ?? null;
  const [form, fields] = useSchemaForm("open-vacation", OpenVacationSchema, actionData?.result ?? undefined, {
    registrationOpens: suggested.registrationOpens,
    lessonsStart: suggested.lessonsStart,
    copyFees: "on",
    renewClassPages: "on",
    keepTimetables: "on",
  });
  const date = { inputProps: { type: "date" } } as const;
  return (
    <AdminPage title="Vacations">
      <p className="max-w-3xl text-gray-700">
        The school runs vacation after vacation. The one <strong>teaching</strong> is what lists and portals show by
        default; those <strong>taking enrolments</strong> are what the registration form, the banner and the home page
        offer (while two windows are open, families choose one on the form). Past vacations stay readable under each
        list&apos;s vacation filter.
      </p>
      <Section id="all-vacations" title="All vacations" headingClassName="mb-3 text-lg font-semibold text-gray-900">
        {vacations.length === 0 ? (
          <p className="text-gray-700">No vacation yet: open the first one below.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {vacations.map((v) => (
              <li key={v.name} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
                <h3 className="font-semibold text-gray-900">{v.name}</h3>
                <p className="text-sm text-gray-700">
                  {v.state}
                  {v.teaching ? " · teaching" : ""}
                  {v.enrolling ? " · taking enrolments" : ""}
                  {v.newSchoolYear ? " · new school year" : ""}
                </p>
                {v.datesFromUpgrade ? (
                  <p className="mt-1 text-sm font-semibold text-amber-900">
                    Dates set from its registrations at the upgrade: check them.
                  </p>
                ) : null}
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-gray-700">Registration</dt>
                  <dd>{v.registration}</dd>
                  <dt className="text-gray-700">Lessons</dt>
                  <dd>{v.lessons}</dd>
                  <dt className="text-gray-700">Registered</dt>
                  <dd>{v.totals.registered}</dd>
                  <dt className="text-gray-700">Fees due</dt>
                  <dd>{v.totals.due}</dd>
                  <dt className="text-gray-700">Collected</dt>
                  <dd>{v.totals.collected}</dd>
                  <dt className="text-gray-700">Outstanding</dt>
                  <dd>{v.totals.outstanding}</dd>
                </dl>
                <p className="mt-3 flex flex-wrap gap-2">
                  <Link
                    to={`/admin/vacations/${encodeURIComponent(v.name)}/edit`}
                    className={buttonClass("secondary")}
                    aria-label={`Change the dates of ${v.name}`}
                  >
                    Change dates
                  </Link>
                  <Link
                    to={`/admin/registrations?vacation=${encodeURIComponent(v.name)}`}
                    className={buttonClass("secondary")}
                    aria-label={`Registrations of ${v.name}`}
                  >
                    Registrations
                  </Link>
                  <Link
                    to={`/admin/settings/fees?vacation=${encodeURIComponent(v.name)}`}
                    className={buttonClass("secondary")}
                    aria-label={`Fees of ${v.name}`}
                  >
                    Fees
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {invitation ? (
        <Section
          id="invite-families"
          title="Tell last vacation's families"
          className="max-w-2xl rounded-xl border border-gray-200 bg-white p-6"
          headingClassName="mb-2 text-lg font-semibold text-gray-900"
        >
          <p className="text-sm text-gray-700">
            One SMS to each parent of {invitation.from}&apos;s wards that enrolment for {invitation.to} is open, with
            the portal&apos;s link and the USSD code. Numbers that sent STOP get none; wards already enrolled are left
            out.
          </p>
          {preview && "phones" in preview ? (
            <div role="status" className="mt-3 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm">
              <p className="font-semibold">
                {preview.phones} SMS ({preview.segments} part{preview.segments === 1 ? "" : "s"} in all)
                {preview.stopped ? `; ${preview.stopped} number(s) that sent STOP get none` : ""}.
              </p>
              {preview.sample ? <p className="mt-1 whitespace-pre-wrap text-gray-800">{preview.sample}</p> : null}
            </div>
          ) : null}
          {preview?.error ? (
            <p role="alert" className="mt-3 font-semibold text-red-800">
              {preview.error}
            </p>
          ) : null}
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <SubmitButton name="intent" value="preview-invite" variant="secondary" pendingLabel="Counting...">
              Count the messages
            </SubmitButton>
            {preview && "phones" in preview && preview.phones > 0 ? (
              <SubmitButton name="intent" value="send-invite" pendingLabel="Sending...">
                Send {preview.phones} SMS
              </SubmitButton>
            ) : null}
          </Form>
        </Section>
      ) : null}

      <Section id="open-vacation-title" title="Open a new vacation" form>
        <SchemaForm form={form} className="space-y-4">
          <input type="hidden" name="intent" value="open" />
          <TextField
            field={fields.name}
            label={L.name}
            hint="E.g. 2027 Easter vacation. It names the fees and numbers the receipts, and cannot change later."
            inputProps={{ maxLength: 40 }}
          />
          <VacationDateFields fields={fields} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-gray-900">From the last vacation</legend>
            <CheckboxField field={fields.copyFees} label={L.copyFees} hint="You can change them on the next page." />
            <TextField
              field={fields.feesDeadline}
              label={L.feesDeadline}
              hint="The copied fees' deadline. Left empty: the day lessons start."
              {...date}
            />
            <CheckboxField field={fields.renewClassPages} label={L.renewClassPages} />
            <CheckboxField field={fields.keepTimetables} label={L.keepTimetables} />
            <p className="text-sm text-gray-700">Subjects and their facilitators are the school&apos;s: they stay.</p>
          </fieldset>
          {fields.bothOpen.errors?.length ? <CheckboxField field={fields.bothOpen} label={L.bothOpen} /> : null}
          <SubmitButton pendingLabel="Opening...">Open Vacation</SubmitButton>
        </SchemaForm>
      </Section>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Vacations | Admin | ${SCHOOL_NAME}` }];
}
