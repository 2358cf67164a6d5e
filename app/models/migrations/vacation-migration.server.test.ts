/**
 * The upgrade to vacations (app/models/migrations/vacation-migration.server.ts), on the demo data as the version before vacations
 * stored it: one fee schedule "current", registrations with a fee season and no vacation, the old duplicate index.
 */
import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";

useTestDatabase("vacation_migration_test");

let m: {
  seed: typeof import("#app/models/seeds/seed.server.ts");
  migration: typeof import("#app/models/migrations/vacation-migration.server.ts");
  registrations: typeof import("#app/models/registration.server.ts");
  payments: typeof import("#app/models/payment.server.ts");
  fees: typeof import("#app/models/fee-schedule.server.ts");
  vacations: typeof import("#app/models/vacation.server.ts");
};

const db = () => mongoose.connection.db!;

beforeAll(async () => {
  m = {
    seed: await import("#app/models/seeds/seed.server.ts"),
    migration: await import("#app/models/migrations/vacation-migration.server.ts"),
    registrations: await import("#app/models/registration.server.ts"),
    payments: await import("#app/models/payment.server.ts"),
    fees: await import("#app/models/fee-schedule.server.ts"),
    vacations: await import("#app/models/vacation.server.ts"),
  };
  await m.registrations.Registration.init();
  await m.seed.seedDemoData();
  // Back to the version before vacations.
  const { Registration, DUPLICATE_RULE_INDEX } = m.registrations;
  const season = (await db().collection("vacations").findOne())!._id;
  await db().collection("vacations").deleteMany({});
  await db().collection("migrations").deleteMany({});
  await Registration.collection.updateMany({}, { $unset: { vacation: 1 } });
  await db()
    .collection("whatsapp_groups")
    .updateMany({}, { $unset: { vacations: 1 } });
  const schedule = await db()
    .collection("fee_schedules")
    .findOne({ _id: season as never });
  await db().collection("fee_schedules").deleteMany({});
  await db()
    .collection("fee_schedules")
    .insertOne({ ...schedule, _id: "current" as never });
  await Registration.collection.dropIndex(DUPLICATE_RULE_INDEX);
  await Registration.collection.createIndex(
    { programme: 1, wardWhatsappNormalized: 1, wardNameKey: 1 },
    { unique: true, name: m.registrations.OLD_DUPLICATE_RULE_INDEX },
  );
  m.vacations.forgetVacations();
});

describe("the upgrade to vacations", () => {
  it("makes the one vacation a record, once, with every registration, payment and receipt in it", async () => {
    const { Registration } = m.registrations;
    const { Payment } = m.payments;
    const before = {
      registrations: await Registration.countDocuments(),
      payments: await Payment.find().select("_id season receiptCode amount").sort({ _id: 1 }).lean(),
    };
    expect(before.registrations).toBeGreaterThan(0);

    expect(await m.migration.makeVacationsFromSeasons()).toBe(1);
    expect(await m.migration.makeVacationsFromSeasons(), "once per database").toBeNull();

    const [vacation] = await m.vacations.listVacations();
    expect(vacation).toMatchObject({ name: "2026 Christmas vacation", datesFromUpgrade: true });
    expect(await m.vacations.listVacations()).toHaveLength(1);
    expect(await Registration.countDocuments()).toBe(before.registrations);
    expect(await Registration.countDocuments({ vacation: vacation.name })).toBe(before.registrations);
    // Payments keep their season, which is the vacation: receipts unchanged, and the next is numbered after them.
    expect(await Payment.find().select("_id season receiptCode amount").sort({ _id: 1 }).lean()).toEqual(
      before.payments,
    );
    expect(before.payments.every((p) => p.season === vacation.name)).toBe(true);
    // The fee schedule is the vacation's now; the old one is gone.
    expect((await m.fees.getFeeSchedule(vacation.name))?.fees.science).toBe(45000);
    expect(
      await db()
        .collection("fee_schedules")
        .countDocuments({ _id: "current" as never }),
    ).toBe(0);
    // The registration window stays open, as the one vacation's was.
    expect((await m.vacations.vacationPointers()).enrolling?.name).toBe(vacation.name);
    expect(await db().collection("whatsapp_groups").countDocuments({ vacations: vacation.name })).toBeGreaterThan(0);
  });

  it("drops the old duplicate rule: the same ward enrols again in the next vacation, once", async () => {
    const { Registration, DUPLICATE_RULE_INDEX, OLD_DUPLICATE_RULE_INDEX } = m.registrations;
    await Registration.createIndexes();
    const names = (await Registration.collection.indexes()).map((i) => i.name);
    expect(names).toContain(DUPLICATE_RULE_INDEX);
    expect(names).not.toContain(OLD_DUPLICATE_RULE_INDEX);
    const yaw = await Registration.findOne({ reference: "demoyawowusu" }).lean();
    const { _id, reference, claimCode, createdAt, updatedAt, ...answers } = yaw as Record<string, unknown>;
    void [_id, reference, claimCode, createdAt, updatedAt];
    const again = { ...answers, vacation: "2027 Easter vacation", feeSeason: null, amountPaid: 0 };
    await expect(Registration.create(again)).resolves.toBeTruthy();
    await expect(Registration.create(again)).rejects.toMatchObject({ code: 11000 });
  });

  it("finishes a start stopped half-way: pages without vacations get them, the old index goes", async () => {
    const { Registration, OLD_DUPLICATE_RULE_INDEX } = m.registrations;
    await Registration.deleteMany({ vacation: "2027 Easter vacation" });
    await db().collection("migrations").deleteMany({});
    await db()
      .collection("whatsapp_groups")
      .updateMany({}, { $unset: { vacations: 1 } });
    await Registration.collection.createIndex(
      { programme: 1, wardWhatsappNormalized: 1, wardNameKey: 1 },
      { unique: true, name: OLD_DUPLICATE_RULE_INDEX },
    );
    expect(await m.migration.makeVacationsFromSeasons()).toBe(1);
    expect(
      await db()
        .collection("whatsapp_groups")
        .countDocuments({ vacations: { $exists: false } }),
    ).toBe(0);
    expect((await Registration.collection.indexes()).map((i) => i.name)).not.toContain(OLD_DUPLICATE_RULE_INDEX);
  });

  it("makes the fee schedule's season that nobody enrolled in yet the next vacation, taking enrolments", async () => {
    const { Registration } = m.registrations;
    const christmas = "2026 Christmas vacation";
    const schedule = await db()
      .collection("fee_schedules")
      .findOne({ _id: christmas as never });
    await db().collection("vacations").deleteMany({});
    await db().collection("migrations").deleteMany({});
    await db().collection("fee_schedules").deleteMany({});
    await db()
      .collection("fee_schedules")
      .insertOne({ ...schedule, _id: "current" as never, season: "2027 Easter vacation" });
    await Registration.collection.updateMany({}, { $unset: { vacation: 1 } });
    m.vacations.forgetVacations();

    expect(await m.migration.makeVacationsFromSeasons()).toBe(2);
    const pointers = await m.vacations.vacationPointers();
    expect(pointers.teaching?.name).toBe(christmas);
    expect(pointers.enrolling?.name).toBe("2027 Easter vacation");
    expect(await Registration.countDocuments({ vacation: christmas })).toBe(await Registration.countDocuments());
    expect((await m.fees.getFeeSchedule("2027 Easter vacation"))?.fees.science).toBe(45000);
  });
});
