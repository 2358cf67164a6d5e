/**
 * npm run normalize-phones — one-off migration: re-normalises every stored phone
 * number (accounts and registrations) with app/domain/phone.ts and lists the
 * ones it cannot parse or that would collide, for a person to fix by hand.
 * Safe to run again. Uses MONGODB_URI when set, otherwise the embedded database in DATA_DIR.
 */
import { connectAsTool, connectDb, disconnectDb } from "#app/models/db.server.ts";
import { normalizeStoredPhones } from "#app/models/migrations/phone-migration.server.ts";

process.env.SEED_DEMO_DATA ??= "false";
connectAsTool();
await connectDb();
const report = await normalizeStoredPhones();
console.log(`Accounts changed: ${report.usersChanged}. Registrations changed: ${report.registrationsChanged}.`);
if (report.problems.length === 0) console.log("Every stored number parses.");
else {
  console.log(`${report.problems.length} number(s) left as they are:`);
  for (const p of report.problems) console.log(`  ${p.collection} ${p.id} ${p.field} "${p.value}": ${p.reason}`);
}
await disconnectDb();
process.exitCode = report.problems.length ? 1 : 0;
