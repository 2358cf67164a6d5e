import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("config");

const isProduction = process.env.NODE_ENV === "production";

/**
 * Demo mode (docs/decisions/0086-demo-mode.md): the demo accounts and data, the TEST payment gateway and the published
 * USSD callback secret exist only with DEMO=on (`npm run demo`), whatever the database. Any other start is production.
 * TEST_GATEWAY=on and SEED_DEMO_DATA=true, kept for the tests and the bench, also count as a demo for the banner.
 */
const demo = process.env.DEMO?.trim().toLowerCase() === "on";
const demoBanner = demo || process.env.TEST_GATEWAY === "on" || process.env.SEED_DEMO_DATA === "true";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const mongodbUri = process.env.MONGODB_URI?.trim() || null;

/**
 * SESSION_SECRET (comma-separated for rotation: newest first) is required in
 * production, i.e. whenever a real MongoDB is configured. The demo on the
 * embedded database generates one and keeps it in DATA_DIR so a fresh
 * machine can `npm start` without configuration.
 */
function readSessionSecret(): string[] {
  const raw = process.env.SESSION_SECRET?.trim();
  if (raw)
    return raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (isProduction && mongodbUri) {
    throw new Error(
      "SESSION_SECRET is required in production. Set it to a long random string (e.g. `openssl rand -hex 32`).",
    );
  }
  if (process.env.DB_IN_MEMORY === "true") return [randomBytes(32).toString("hex")];
  const file = path.join(dataDir, "session-secret");
  try {
    return [fs.readFileSync(file, "utf8").trim()];
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    log.warn(`SESSION_SECRET is not set: generated one for the embedded demo database in ${file}.`);
    return [secret];
  }
}

/**
 * APP_ORIGIN, the portal's public origin: links in SMS and e-mail are built from it, never from the request's Host
 * (which a client chooses). Required in production outside demo mode; a demo or development falls back to the
 * request's origin.
 */
function readAppOrigin(): string | null {
  const raw = process.env.APP_ORIGIN?.trim();
  if (raw) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(
        `APP_ORIGIN is not a URL: "${raw}". Set it to the portal's public address, e.g. https://portal.example.org.`,
      );
    }
    return url.origin;
  }
  if (isProduction && !demo)
    throw new Error(
      "APP_ORIGIN is required: the portal's public address, e.g. https://portal.example.org (links in SMS and e-mail use it). For a demo on this machine, start with DEMO=on (`npm run demo`).",
    );
  return null;
}

/**
 * EMAIL_FROM, the address e-mail comes from, is required with SMTP_URL in production outside demo mode: a made-up
 * sender domain is refused by real mail servers, so the portal would look as if it sent what never arrived.
 */
function checkEmailFrom() {
  if (!process.env.SMTP_URL?.trim() || process.env.EMAIL_FROM?.trim() || !isProduction || demo) return;
  throw new Error(
    'EMAIL_FROM is required with SMTP_URL: the address e-mail comes from, on a domain the mail server may send for, e.g. "Vacation Classes <office@school.edu.gh>".',
  );
}
checkEmailFrom();

/** OUTBOX_KEEP_DAYS: a whole number of days (at least 1), else the start stops and says which variable is wrong. */
function readKeepDays(): number {
  const raw = process.env.OUTBOX_KEEP_DAYS?.trim();
  if (!raw) return 400;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1)
    throw new Error(`OUTBOX_KEEP_DAYS must be a whole number of days, at least 1 (it is "${raw}").`);
  return days;
}

/** Configuration read once at start-up. See docs/configuration.md and .env.example. */
export const env = {
  isProduction,
  port: Number(process.env.PORT ?? 3000),
  mongodbUri,
  dataDir,
  dbInMemory: process.env.DB_IN_MEMORY === "true",
  /** Set by `npm start`'s first process for its workers: the embedded database it runs for them (server/cluster.ts). */
  embeddedDbUri: process.env.EMBEDDED_DB_URI?.trim() || null,
  /** DEMO=on: demo accounts, data, TEST gateway and callback secret (see above). */
  demo,
  /** Every page says "Demo" (DEMO=on, or the tests' TEST_GATEWAY / SEED_DEMO_DATA). */
  demoBanner,
  /** auto: seed an empty database in demo mode; true: seed whatever database; false: never. */
  seedDemoData: (process.env.SEED_DEMO_DATA ?? "auto") as "auto" | "true" | "false",
  uploadsDir: path.resolve(process.env.UPLOADS_DIR ?? "uploads"),
  sessionSecrets: readSessionSecret(),
  /** The public origin, e.g. https://portal.example.org; used for links we hand out and the Origin check. */
  appOrigin: readAppOrigin(),
  secureCookies: isProduction && process.env.INSECURE_COOKIES !== "true",
  /** How long a message is kept once it was sent or failed for good (docs/messages.md, "How long messages are kept"). */
  outboxKeepDays: readKeepDays(),
};
