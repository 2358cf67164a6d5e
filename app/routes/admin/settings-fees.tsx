import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import type { Route } from "./+types/settings-fees";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { FeeScheduleSchema, bandFieldName, feeFieldName } from "#app/forms/payments.schema.ts";
import { PROGRAMMES, PROGRAMME_LABELS } from "#app/domain/programmes.ts";
import { pesewasToInput } from "#app/domain/money.ts";
import { DEFAULT_MIN_ONLINE_PAYMENT, type FeeSchedule } from "#app/domain/fees.ts";
import { SETTINGS_SAVED } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import {
  CheckboxField,
  ErrorList,
  SubmitButton,
  TextareaField,
  TextField,
  type AnyField,
  SchemaForm,
} from "#app/components/form/fields.tsx";
import { getFeeSchedule, saveFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { getVacation, vacationPointers } from "#app/models/vacation.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { SettingsPage } from "#app/routes/admin/+shared/settings-nav.tsx";
import { VacationPicker } from "#app/components/ui/filter-form.tsx";

export const handle = { rules: { access: { admin: "can_edit_settings" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  // One vacation's fees: the one asked for, else the one taking enrolments, else the one teaching.
  const pointers = await vacationPointers();
  const asked = new URL(request.url).searchParams.get("vacation");
  const vacation = pointers.all.find((v) => v.name === asked) ?? pointers.enrolling ?? pointers.teaching;
  return {
    vacation: vacation?.name ?? null,
    vacations: pointers.all.map((v) => v.name).reverse(),
    schedule: vacation ? await getFeeSchedule(vacation.name) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const submission = parseWithZod(await request.formData(), { schema: FeeScheduleSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const vacation = await getVacation(v.vacation);
  if (!vacation)
    return data({ result: submission.reply({ fieldErrors: { vacation: ["Choose the vacation"] } }) }, { status: 400 });
  const schedule: FeeSchedule = {
    season: vacation.name,
    deadline: v.deadline,
    merchantName: v.merchantName,
    merchantNumber: v.merchantNumber,
    paymentInstructions: v.paymentInstructions,
    bandFromSubjects: v.bandFromSubjects,
    minOnlinePayment: v.minOnlinePayment,
    allowOverpayment: v.allowOverpayment,
    fees: Object.fromEntries(PROGRAMMES.map((p) => [p, v[feeFieldName(p)]])) as FeeSchedule["fees"],
    bandFees: Object.fromEntries(PROGRAMMES.map((p) => [p, v[bandFieldName(p)]])) as FeeSchedule["bandFees"],
  };
  const before = await getFeeSchedule(vacation.name);
  await saveFeeSchedule(vacation.name, schedule);
  await audit("fees.save", user._id, null, { vacation: vacation.name, before, after: schedule });
  return redirectWithToast(`/admin/settings/fees?vacation=${encodeURIComponent(vacation.name)}`, {
    type: "success",
    title: SETTINGS_SAVED,
    description: "The fee schedule has been saved. It applies to new registrations.",
  });
}

function defaults(vacation: string | null, schedule: FeeSchedule | null) {
  const out: Record<string, string> = {
    vacation: vacation ?? "",
    deadline: schedule?.deadline ?? "",
    merchantName: schedule?.merchantName ?? "",
    merchantNumber: schedule?.merchantNumber ?? "",
    paymentInstructions: schedule?.paymentInstructions ?? "",
    bandFromSubjects: schedule?.bandFromSubjects == null ? "" : String(schedule.bandFromSubjects),
    minOnlinePayment: pesewasToInput(schedule?.minOnlinePayment ?? DEFAULT_MIN_ONLINE_PAYMENT),
    allowOverpayment: schedule?.allowOverpayment ? "on" : "",
  };
  for (const p of PROGRAMMES) {
    out[feeFieldName(p)] = pesewasToInput(schedule?.fees[p]);
    out[bandFieldName(p)] = pesewasToInput(schedule?.bandFees[p]);
  }
  return out;
}

export default function FeeSettings({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(
    "settings-fees",
    FeeScheduleSchema,
    actionData?.result,
    defaults(loaderData.vacation, loaderData.schedule),
  );
  const f = fields as unknown as Record<string, AnyField>;
  const money = { inputMode: "decimal" as const, maxLength: 12, placeholder: "0.00" };
  return (
    <SettingsPage title={"Fees Settings"}>
      <p className="text-sm text-gray-700">
        Amounts in Ghana cedis (GH₵), up to two decimals. A registration keeps the fee in force when it was made; a
        later change here does not alter what a family already owes.
      </p>
      <VacationPicker
        id="fees-vacation"
        vacations={loaderData.vacations}
        value={loaderData.vacation ?? ""}
        submitLabel="Show its fees"
      />
      {loaderData.vacation ? null : (
        <p role="status" className="text-sm font-semibold text-gray-900">
          No vacation yet: open one under Vacations first.
        </p>
      )}
      <SchemaForm form={form} className="space-y-5">
        <h2 className="text-lg font-semibold text-gray-900">Fees for {loaderData.vacation ?? "no vacation"}</h2>
        <input type="hidden" name={f.vacation.name} value={loaderData.vacation ?? ""} />
        <ErrorList id={f.vacation.errorId} errors={f.vacation.errors} />
        <TextField field={f.deadline} label="Payment deadline" inputProps={{ type: "date" }} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900">Fee per programme</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {PROGRAMMES.map((p) => (
              <TextField
                key={p}
                field={f[feeFieldName(p)]}
                label={`${PROGRAMME_LABELS[p]} fee (GH₵)`}
                inputProps={money}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900">Subject-count band (optional)</legend>
          <TextField
            field={f.bandFromSubjects}
            label="Band fees apply from this many subjects"
            type="number"
            inputProps={{ min: 1, max: 20, step: 1 }}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {PROGRAMMES.map((p) => (
              <TextField
                key={p}
                field={f[bandFieldName(p)]}
                label={`${PROGRAMME_LABELS[p]} band fee (GH₵)`}
                inputProps={money}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900">How to pay</legend>
          <TextField field={f.merchantName} label="Mobile Money merchant name" inputProps={{ maxLength: 100 }} />
          <TextField
            field={f.merchantNumber}
            label="Mobile Money merchant number"
            type="tel"
            inputProps={{ maxLength: 30 }}
          />
          <TextareaField
            field={f.paymentInstructions}
            label="Other payment instructions"
            hint="E.g. bank name and account number."
            rows={3}
          />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900">Paying from the portal (Mobile Money gateway)</legend>
          <TextField
            field={f.minOnlinePayment}
            label="Smallest online payment (GH₵)"
            hint="A parent may pay part of a balance, down to this amount (or the whole balance when it is less)."
            inputProps={money}
          />
          <CheckboxField field={f.allowOverpayment} label="Parents may pay more than the balance" />
        </fieldset>
        <SubmitButton pendingLabel="Saving...">Save Fees</SubmitButton>
      </SchemaForm>
    </SettingsPage>
  );
}

export function meta() {
  return [{ title: `Fees Settings | Admin | ${SCHOOL_NAME}` }];
}
