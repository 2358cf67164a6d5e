import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { FeeScheduleModel, OLD_SCHEDULE_ID } from "#app/models/fee-schedule.server.ts";
import { onceForDatabase } from "#app/models/migrations.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import { OLD_DUPLICATE_RULE_INDEX, Registration } from "#app/models/registration.server.ts";
import { Timetable } from "#app/models/timetable.server.ts";
import { VacationModel, forgetVacations } from "#app/models/vacation.server.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";

/**
 * One-off: the version before vacations ran one vacation, named only by its fee season
 * (docs/decisions/0095-one-vacation-after-another.md). Its data becomes vacations, once per database:
 *
 * - one vacation per fee season found (registrations, payments, the fee schedule), dated from its registrations, the
 *   latest kept open for enrolment as before (the admin checks the dates: `datesFromUpgrade`); registrations with no
 *   season join the earliest, or "First vacation" when no season was ever set;
 * - every registration gets its vacation; payments keep their season, which is their vacation, so receipt numbers and
 *   their counters carry over unchanged;
 * - the fee schedule moves under its vacation; class pages and timetables serve every vacation made here;
 * - the duplicate rule's old index (one ward per programme, forever) is dropped; the model builds the new one.
 *
 * Every step finds what is left to do, so a start stopped half-way finishes the job. Returns the vacations made.
 */
export const VACATIONS_MIGRATION = "vacations-2026-11";
export const FIRST_VACATION_NAME = "First vacation";

export function makeVacationsFromSeasons(now: Date = new Date()): Promise<number | null> {
  return onceForDatabase(VACATIONS_MIGRATION, "vacations", async () => {
    const oldSchedule = await FeeScheduleModel.findById(OLD_SCHEDULE_ID).lean<{ season?: string }>();
    const seasons = new Set<string>();
    for (const s of await Registration.distinct("feeSeason")) if (s) seasons.add(String(s));
    for (const s of await Payment.distinct("season")) if (s) seasons.add(String(s));
    if (oldSchedule?.season) seasons.add(oldSchedule.season);
    const anyRegistration = await Registration.exists({ vacation: null });
    if (!seasons.size && anyRegistration) seasons.add(FIRST_VACATION_NAME);

    // Each season's first and last enrolment day (a season nobody enrolled in: today).
    const today = schoolDay(now);
    const spans = await Registration.aggregate<{ _id: string | null; first: Date; last: Date }>([
      { $group: { _id: "$feeSeason", first: { $min: "$createdAt" }, last: { $max: "$createdAt" } } },
    ]);
    const span = (season: string) => {
      const row = spans.find((r) => r._id === season);
      return row ? { first: schoolDay(row.first), last: schoolDay(row.last) } : { first: today, last: today };
    };
    const ordered = [...seasons].sort((a, b) => span(a).first.localeCompare(span(b).first) || a.localeCompare(b));
    const latest = ordered.at(-1);
    for (const name of ordered) {
      const { first, last } = span(name);
      // The latest vacation stays open for enrolment, as the one vacation was (the settings switch still closes it).
      const end = name === latest ? [last, addDays(today, 60)].sort().at(-1)! : last;
      await VacationModel.updateOne(
        { _id: name },
        {
          $setOnInsert: {
            registrationOpens: first,
            registrationCloses: end,
            lessonsStart: first,
            lessonsEnd: end,
            newSchoolYear: false,
            datesFromUpgrade: true,
            createdBy: null,
          },
        },
        { upsert: true },
      );
    }
    forgetVacations();
    if (!ordered.length) return 0;

    for (const name of ordered)
      await Registration.collection.updateMany({ vacation: null, feeSeason: name }, { $set: { vacation: name } });
    await Registration.collection.updateMany({ vacation: null }, { $set: { vacation: ordered[0] } });

    if (oldSchedule) {
      const { _id, ...schedule } = oldSchedule as Record<string, unknown>;
      void _id;
      const target = oldSchedule.season || latest!;
      await FeeScheduleModel.collection.updateOne(
        { _id: target as never },
        { $setOnInsert: { ...schedule, season: target } },
        { upsert: true },
      );
      await FeeScheduleModel.collection.deleteOne({ _id: OLD_SCHEDULE_ID as never });
    }

    await WhatsappGroup.collection.updateMany({ vacations: { $exists: false } }, { $set: { vacations: ordered } });
    await Timetable.collection.updateMany({ vacations: { $exists: false } }, { $set: { vacations: ordered } });

    await Registration.collection.dropIndex(OLD_DUPLICATE_RULE_INDEX).catch((error: { codeName?: string }) => {
      if (error.codeName !== "IndexNotFound" && error.codeName !== "NamespaceNotFound") throw error;
    });
    return ordered.length;
  });
}
