import { raiseRegistrationsRevision } from "#app/models/revisions.server.ts";
import { addDays, schoolDay, type VacationDates } from "#app/domain/vacations.ts";
import { FeeScheduleModel, OLD_SCHEDULE_ID, forgetFeeSchedules } from "#app/models/fee-schedule.server.ts";
import { onceForDatabase } from "#app/models/migrations/migrations.server.ts";
import { OLD_DUPLICATE_RULE_INDEX, Registration } from "#app/models/registration.server.ts";
import { Timetable, forgetTimetables } from "#app/models/timetable.server.ts";
import { VacationModel, forgetVacations } from "#app/models/vacation.server.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";

/**
 * One-off: the version before vacations ran one vacation, named only by its fee season
 * (docs/decisions/0095-one-vacation-after-another.md). Its data becomes vacations, once per database:
 *
 * - one vacation per fee season of its registrations, dated from them; the latest keeps teaching and taking enrolments
 *   as the one vacation did (its window ends no sooner than 60 days on); the admin checks the dates
 *   (`datesFromUpgrade`). The fee schedule's season, when no registration has it yet, becomes the next vacation
 *   (taking enrolments now, its lessons after the latest's), as new enrolments went to it before. Registrations with no
 *   season join the earliest vacation, or "First vacation" when no season was ever set;
 * - payments keep their season, so receipt numbers and their counters carry over unchanged;
 * - the fee schedule moves under its vacation; class pages and timetables serve every vacation made here;
 * - the duplicate rule's old index (one ward per programme, forever) is dropped; the model builds the new one.
 *
 * Every step finds what is left to do from what it wrote (the vacations made count as found), so a start stopped
 * half-way finishes the job. Returns the vacations there are.
 */
export const VACATIONS_MIGRATION = "vacations-2026-11";
export const FIRST_VACATION_NAME = "First vacation";

export function makeVacationsFromSeasons(now: Date = new Date()): Promise<number | null> {
  return onceForDatabase(VACATIONS_MIGRATION, "vacations", async () => {
    const today = schoolDay(now);
    const oldSchedule = await FeeScheduleModel.findById(OLD_SCHEDULE_ID).lean<{ season?: string }>();
    // Each season's first and last enrolment day.
    const spans = await Registration.aggregate<{ _id: string | null; first: Date; last: Date }>([
      { $group: { _id: "$feeSeason", first: { $min: "$createdAt" }, last: { $max: "$createdAt" } } },
    ]);
    const withRegistrations = spans
      .filter((r): r is typeof r & { _id: string } => Boolean(r._id))
      .map((r) => ({ name: String(r._id), first: schoolDay(r.first), last: schoolDay(r.last) }))
      .sort((a, b) => a.first.localeCompare(b.first) || a.name.localeCompare(b.name));
    const unseasoned = spans.find((r) => !r._id);
    if (!withRegistrations.length && unseasoned)
      withRegistrations.push({
        name: FIRST_VACATION_NAME,
        first: schoolDay(unseasoned.first),
        last: schoolDay(unseasoned.last),
      });
    const latest = withRegistrations.at(-1);
    let teachingEnd = today;
    for (const { name, first, last } of withRegistrations) {
      // The latest keeps taking enrolments, as the one vacation did (the settings switch still closes it).
      const end = name === latest?.name ? [last, addDays(today, 60)].sort().at(-1)! : last;
      if (name === latest?.name) teachingEnd = end;
      await insertDated(name, {
        registrationOpens: first,
        registrationCloses: end,
        lessonsStart: first,
        lessonsEnd: end,
      });
    }
    // The schedule's season that nobody enrolled in yet: the next vacation, taking enrolments now.
    const next = oldSchedule?.season;
    if (next && !withRegistrations.some((v) => v.name === next)) {
      const lessonsStart = addDays(teachingEnd, 1);
      const lessonsEnd = addDays(lessonsStart, 42);
      await insertDated(next, { registrationOpens: today, registrationCloses: lessonsEnd, lessonsStart, lessonsEnd });
    }
    forgetVacations();

    const made = (await VacationModel.find().sort({ lessonsStart: 1 }).select("_id").lean<{ _id: string }[]>()).map(
      (v) => String(v._id),
    );
    if (made.length) {
      for (const name of made)
        await Registration.collection.updateMany({ vacation: null, feeSeason: name }, { $set: { vacation: name } });
      await Registration.collection.updateMany({ vacation: null }, { $set: { vacation: made[0] } });
      await raiseRegistrationsRevision(); // past the model's middleware
      await WhatsappGroup.collection.updateMany({ vacations: { $exists: false } }, { $set: { vacations: made } });
      await Timetable.collection.updateMany({ vacations: { $exists: false } }, { $set: { vacations: made } });
      await forgetTimetables();
    }
    if (oldSchedule) {
      const { _id, ...schedule } = oldSchedule as Record<string, unknown>;
      void _id;
      const target = oldSchedule.season || latest?.name || FIRST_VACATION_NAME;
      await FeeScheduleModel.collection.updateOne(
        { _id: target as never },
        { $setOnInsert: { ...schedule, season: target } },
        { upsert: true },
      );
      await FeeScheduleModel.collection.deleteOne({ _id: OLD_SCHEDULE_ID as never });
      forgetFeeSchedules();
    }
    await Registration.collection.dropIndex(OLD_DUPLICATE_RULE_INDEX).catch((error: { codeName?: string }) => {
      if (error.codeName !== "IndexNotFound" && error.codeName !== "NamespaceNotFound") throw error;
    });
    return made.length;
  });
}

/** A vacation made by the upgrade, unless one of that name exists (a start stopped half-way made it). */
async function insertDated(name: string, dates: VacationDates) {
  await VacationModel.updateOne(
    { _id: name },
    { $setOnInsert: { ...dates, newSchoolYear: false, datesFromUpgrade: true, createdBy: null } },
    { upsert: true },
  );
}
