/**
 * npm run seed — creates the demo accounts and data (idempotent).
 * Uses MONGODB_URI when set (it is only ever seeded when asked, i.e. here),
 * otherwise the embedded database in DATA_DIR.
 */
import mongoose from "mongoose";
import { connectAsTool, connectDb, disconnectDb } from "#app/models/db.server.ts";
import { seedDemoData, DEMO_ACCOUNTS } from "#app/models/seeds/seed.server.ts";
import { env } from "#app/models/infra/env.server.ts";

// The demo's accounts have published passwords: only a demo gets them (docs/decisions/0086).
if (!env.demo) {
  console.error("The demo data has published passwords: seed a demo only, with DEMO=on (DEMO=on npm run seed).");
  process.exit(2);
}

process.env.SEED_DEMO_DATA = "false"; // seed explicitly below, once
connectAsTool();
await connectDb();
await seedDemoData();
console.log(`Demo data is in place (${mongoose.connection.name}). Demo accounts:`);
for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(12)} ${a.phone}  ${a.password}`);
await disconnectDb();
