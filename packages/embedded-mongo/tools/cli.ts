/**
 * Standalone embedded MongoDB-compatible server.
 *   npm run db -- [--memory] [--data-dir DIR] [--port N] [--host H] [--quiet]
 * Data directory: --data-dir, else $DATA_DIR/db, else .data/db (relative to the
 * working directory). Prints `MONGODB_URI=mongodb://127.0.0.1:PORT/vacation_classes`
 * on stdout once listening.
 */
import path from "node:path";
import { startEmbeddedMongo } from "../src/index.ts";

function usage(msg?: string): never {
  if (msg) console.error(msg);
  console.error(
    "usage: npm run db -- [--memory] [--data-dir DIR] [--port N] [--host H] [--compact-threshold BYTES] [--quiet]",
  );
  process.exit(2);
}

const args = process.argv.slice(2);
let memory = false;
let dataDir = process.env.DATA_DIR ? path.join(process.env.DATA_DIR, "db") : path.join(".data", "db");
let port = 27017;
let host = "127.0.0.1";
let quiet = false;
let compactThresholdBytes: number | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const val = () => (i + 1 < args.length ? args[++i] : usage(`missing value for ${a}`));
  if (a === "--memory") memory = true;
  else if (a === "--data-dir") dataDir = val();
  else if (a === "--port") port = Number(val());
  else if (a === "--host") host = val();
  else if (a === "--quiet") quiet = true;
  else if (a === "--compact-threshold") compactThresholdBytes = Number(val());
  else if (a === "--help" || a === "-h") usage();
  else usage(`unknown argument ${a}`);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`invalid port`);

try {
  const server = await startEmbeddedMongo({
    dataDir: memory ? null : dataDir,
    port,
    host,
    quiet,
    compactThresholdBytes,
    onFatalError: (err) => {
      console.error(`[embedded-mongo] exiting: ${err.message}`);
      process.exit(1);
    },
  });
  const u = new URL(server.uri);
  process.stdout.write(`MONGODB_URI=mongodb://${u.host}/vacation_classes\n`);
  let stopping = false;
  const stop = async (sig: string) => {
    if (stopping) return;
    stopping = true;
    if (!quiet) console.error(`[embedded-mongo] ${sig} received, stopping`);
    try {
      await server.stop();
      process.exit(0);
    } catch (e: any) {
      console.error(`[embedded-mongo] error while stopping: ${e?.message ?? e}`);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (e: any) {
  console.error(e?.message ?? String(e));
  process.exit(1);
}
