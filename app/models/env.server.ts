import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

const isProduction = process.env.NODE_ENV === "production";

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
    console.warn(`SESSION_SECRET is not set: generated one for the embedded demo database in ${file}.`);
    return [secret];
  }
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
  /** auto: seed an empty embedded database; true: seed whatever database; false: never. */
  seedDemoData: (process.env.SEED_DEMO_DATA ?? "auto") as "auto" | "true" | "false",
  uploadsDir: path.resolve(process.env.UPLOADS_DIR ?? "uploads"),
  sessionSecrets: readSessionSecret(),
  /** The public origin, e.g. https://portal.example.org; used for links we hand out and the Origin check. */
  appOrigin: process.env.APP_ORIGIN?.trim() || null,
  secureCookies: isProduction && process.env.INSECURE_COOKIES !== "true",
};
