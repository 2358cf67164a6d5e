import { CheckboxField, TextField, type AnyField } from "#app/components/form/fields.tsx";
import { VACATION_FIELD_LABELS as L } from "#app/forms/vacation.schema.ts";

type DateFields = Record<
  "registrationOpens" | "registrationCloses" | "lessonsStart" | "lessonsEnd" | "newSchoolYear",
  AnyField
>;

const date = { inputProps: { type: "date" } } as const;

/** A vacation's four dates and whether it starts a school year: opening one, and changing its dates later. */
export function VacationDateFields({ fields }: { fields: DateFields }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.registrationOpens} label={L.registrationOpens} {...date} />
        <TextField field={fields.registrationCloses} label={L.registrationCloses} {...date} />
        <TextField field={fields.lessonsStart} label={L.lessonsStart} {...date} />
        <TextField field={fields.lessonsEnd} label={L.lessonsEnd} {...date} />
      </div>
      <CheckboxField field={fields.newSchoolYear} label={L.newSchoolYear} />
    </>
  );
}
