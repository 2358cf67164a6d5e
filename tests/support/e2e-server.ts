/**
 * Starts a fresh in-memory embedded database and the built app against it.
 * Playwright runs this as its webServer; tests reach the same database
 * through MONGODB_URI to arrange their own data.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";
import { E2E } from "./e2e-env.ts";
import { appServerArgs } from "../../server/command.ts";
import { NOT_JSON_FILE, recordNotJson } from "./log-lines.ts";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!fs.existsSync(`${buildDir}/server/index.js`)) {
  console.error("No build found: run `npm run build` before the e2e tests.");
  process.exit(1);
}

const db = await startEmbeddedMongo({ port: E2E.dbPort, quiet: true });
fs.rmSync(E2E.uploadsDir, { recursive: true, force: true });
fs.mkdirSync(E2E.uploadsDir, { recursive: true });

// Every line the app writes must be a JSON log line (tests/support/e2e-teardown.ts): this run starts the record.
fs.rmSync(NOT_JSON_FILE, { force: true });
const app = spawn(process.execPath, appServerArgs(`${buildDir}/server/index.js`), {
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(E2E.port),
    MONGODB_URI: E2E.mongodbUri,
    SEED_DEMO_DATA: "true",
    // Demo mode: the demo accounts, its USSD secret and codes shown under Admin → Messages (docs/decisions/0086).
    DEMO: "on",
    SESSION_SECRET: E2E.sessionSecret,
    UPLOADS_DIR: path.resolve(E2E.uploadsDir),
    INSECURE_COOKIES: "true",
    // GET /__csp-report lists the violations browsers reported (server/csp-report.ts), for the CSP spec.
    CSP_REPORTS_READABLE: "true",
    // The secret of the SMS provider's delivery-report URL (tests/e2e/messages.spec.ts).
    SMS_CALLBACK_SECRET: E2E.smsCallbackSecret,
    // The built-in TEST payment gateway on a MONGODB_URI database (tests/e2e/checkout.spec.ts).
    TEST_GATEWAY: "on",
    // Load shedding stays on, at a delay and a number of requests in the app that no healthy run reaches on a busy
    // 2-core machine with parallel specs (server/load-shed.test.ts tests the refusals themselves).
    SHED_EVENT_LOOP_DELAY_MS: "2000",
    SHED_MAX_IN_FLIGHT: "1000",
    // Every test client is 127.0.0.1: the cap on bodies still arriving per address is tested on an app of its own
    // (tests/e2e/slow-clients.spec.ts) and in server/body-limit.test.ts.
    BODIES_PER_ADDRESS: "0",
    // One app process: specs read back in-process state (the CSP reports above) and settings a moment after saving
    // them. The workers of the default install are tested on an app of their own (tests/e2e/workers.spec.ts).
    WEB_WORKERS: "1",
    // Every test client is 127.0.0.1 and specs reuse the demo numbers: per-address and per-number limits would make
    // specs depend on each other. They are tested on apps of their own (tests/e2e/sign-in-limits.spec.ts,
    // tests/e2e/security-audit.spec.ts).
    SIGNIN_ADDRESS_FAILURES: "100000",
    AUTH_ADDRESS_PER_MINUTE: "100000",
    ENROL_ADDRESS_PER_HOUR: "100000",
    ENROL_NUMBER_PER_DAY: "100000",
    // The hostile-input walk opens report links by the hundred from 127.0.0.1 (the limit: app/utils/rate-limits).
    REPORT_LINKS_PER_10_MINUTES: "100000",
  },
});

for (const [stream, out] of [
  [app.stdout, process.stdout],
  [app.stderr, process.stderr],
] as const) {
  let partial = "";
  stream.setEncoding("utf8").on("data", (chunk: string) => {
    out.write(chunk);
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    recordNotJson("the shared e2e app", lines.join("\n"));
  });
}

const stop = async () => {
  app.kill("SIGTERM");
  await db.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", async (code) => {
  await db.stop();
  process.exit(code ?? 1);
});
