/**
 * npm run create-admin -- --phone 024xxxxxxx --name "Full Name" [--password …] [--email …]
 * Creates an admin, or promotes an existing account, with every permission.
 * Without --password it asks for one without echoing it.
 */
import { parseArgs } from "node:util";
import readline from "node:readline";
import { normalizePhone, isPlausiblePhone } from "#app/domain/phone.ts";
import { ADMIN_PERMISSION_FLAGS } from "#app/domain/roles.ts";
import { passwordPolicyFrom, passwordRuleError } from "#app/domain/password-policy.ts";
import { getSettings } from "#app/models/settings.server.ts";
import { hashPassword } from "#app/models/password.server.ts";
import { connectAsTool, connectDb, disconnectDb } from "#app/models/db.server.ts";
import { User } from "#app/models/user.server.ts";
import { setAdminPermissions } from "#app/models/admin-permission.server.ts";

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) write.call(rl, question);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

const { values } = parseArgs({
  options: {
    phone: { type: "string" },
    name: { type: "string" },
    password: { type: "string" },
    email: { type: "string" },
  },
});
if (!values.phone || !isPlausiblePhone(values.phone)) {
  console.error('Usage: npm run create-admin -- --phone 024xxxxxxx --name "Full Name" [--password …] [--email …]');
  process.exit(2);
}
const phone = normalizePhone(values.phone);
process.env.SEED_DEMO_DATA ??= "false";
connectAsTool();
await connectDb();
const existing = await User.findOne({ phone }).select("_id fullName").lean();
if (!existing && (!values.name || values.name.trim().length < 2)) {
  console.error("--name is required for a new admin (at least 2 characters).");
  process.exit(2);
}
let password = values.password;
// A new admin needs a password; promoting an existing account keeps its password unless one is given.
if (!password && !existing) {
  if (!process.stdin.isTTY) {
    console.error("No terminal to ask for a password: pass --password.");
    process.exit(2);
  }
  password = await askHidden("Password: ");
  const again = await askHidden("Repeat password: ");
  if (password !== again) {
    console.error("Passwords do not match");
    process.exit(2);
  }
}
if (password !== undefined) {
  // The security settings' password rules, as at sign-up (app/domain/password-policy.ts).
  const ruleError = passwordRuleError(password, passwordPolicyFrom(await getSettings().catch(() => null)));
  if (ruleError) {
    console.error(ruleError);
    await disconnectDb();
    process.exit(2);
  }
}
const $set: Record<string, unknown> = { role: "admin" };
if (values.name) $set.fullName = values.name.trim();
if (values.email) $set.email = values.email.trim().toLowerCase();
if (password) $set.passwordHash = await hashPassword(password);
let id: string;
if (existing) {
  await User.updateOne({ _id: existing._id }, { $set });
  id = existing._id;
  console.log(`Promoted ${existing.fullName} (${phone}) to admin.`);
} else {
  const user = await User.create({ ...$set, phone });
  id = user._id;
  console.log(`Created admin ${values.name} (${phone}).`);
}
await setAdminPermissions(id, Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, true])));
await disconnectDb();
