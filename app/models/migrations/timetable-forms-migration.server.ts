import { onceForDatabase } from "#app/models/migrations/migrations.server.ts";
import { Timetable, forgetTimetables } from "#app/models/timetable.server.ts";

/**
 * One-off: timetables have an audience since this version (app/domain/timetables.ts). The bundled Form 2 timetables
 * uploaded before it (the "Upload All Form 2 Timetables" button's files and titles) are for Form 2 only; any other
 * timetable stored before keeps reaching every form of its programme, as it did.
 */
export const TIMETABLE_FORMS = "timetable-forms-2026-11";

export function giveBundledTimetablesTheirForm(): Promise<number | null> {
  return onceForDatabase(TIMETABLE_FORMS, "formTwo", async () => {
    const result = await Timetable.collection.updateMany(
      { forms: { $exists: false }, fileName: /^form-2-[a-z-]+\.png$/, title: /^Form 2 .+ Timetable$/ },
      { $set: { forms: ["form-2"] } },
    );
    await forgetTimetables(); // past the model's middleware
    return result.modifiedCount;
  });
}
