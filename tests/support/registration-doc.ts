import { wardNameKey } from "#app/models/registration.server.ts";

/**
 * A complete registration for `Registration.create` in unit tests: ward `n`'s numbers are made from `n` (parent
 * +23324…, ward +23355…), a science ward with two subjects; `overrides` change any field.
 */
export function registrationDoc(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const digits = String(n).padStart(7, "0");
  const wardName = (overrides.wardName as string | undefined) ?? `Ward ${n}`;
  return {
    parentName: "Test Parent",
    whatsappNumber: `024${digits}`,
    whatsappNumberNormalized: `+23324${digits}`,
    wardName,
    wardNameKey: wardNameKey(wardName),
    wardWhatsapp: `055${digits}`,
    wardWhatsappNormalized: `+23355${digits}`,
    currentSchool: "School",
    wardForm: "form-2" as const,
    specificClass: "2S1",
    programme: "science" as string,
    subjects: ["Mathematics", "Physics"],
    subjectCount: 2,
    updateMode: ["whatsapp"],
    referralName: "Referee",
    referralStatus: "teacher" as const,
    ...overrides,
  };
}

/**
 * A vacation teaching and taking enrolments today, as the unit tests' registrations name it: class pages and timetables
 * are offered only for a vacation of now (app/models/vacation.server.ts).
 */
export async function insertVacationOfNow(name: string) {
  const { VacationModel, forgetVacations } = await import("#app/models/vacation.server.ts");
  const { addDays, schoolDay } = await import("#app/domain/vacations.ts");
  const today = schoolDay();
  await VacationModel.updateOne(
    { _id: name },
    {
      $setOnInsert: {
        registrationOpens: addDays(today, -30),
        registrationCloses: addDays(today, 30),
        lessonsStart: addDays(today, -7),
        lessonsEnd: addDays(today, 40),
      },
    },
    { upsert: true },
  );
  forgetVacations();
}
