import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { appServerArgs } from "../../server/command.ts";
import { recordNotJson } from "./log-lines.ts";

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Shedding as the shared e2e app has it: on, at a delay and a number of requests in the app that no healthy run reaches
 * on a busy 2-core machine (a page shed there fails a test; server/load-shed.test.ts tests the refusals themselves).
 */
export const TEST_SHEDDING = { SHED_MAX_IN_FLIGHT: "1000", SHED_EVENT_LOOP_DELAY_MS: "2000" };

export type IsolatedApp = { url: string; proc: ChildProcess; output: () => string; stop: () => Promise<number | null> };

/**
 * Starts the built app in its own process with its own environment (its own
 * database unless MONGODB_URI is given), for tests that change global state
 * (settings) or the process itself (signals, a dead database).
 */
export async function startIsolatedApp(
  env: Record<string, string | undefined>,
  options: { waitFor?: "listening" | "healthy" } = {},
): Promise<IsolatedApp> {
  const port = await freePort();
  const buildDir = process.env.BUILD_DIR ?? "build";
  let output = "";
  const proc = spawn(process.execPath, appServerArgs(`${buildDir}/server/index.js`), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      INSECURE_COOKIES: "true",
      SESSION_SECRET: "isolated-test-secret",
      // One process, as these tests kill, signal and read it; tests/e2e/workers.spec.ts runs the workers.
      WEB_WORKERS: "1",
      // Bursts of concurrent requests are what some of these tests send; the in-flight limit's refusals are tested in
      // server/load-shed.test.ts and measured by the overload bench.
      ...TEST_SHEDDING,
      BODIES_PER_ADDRESS: "0",
      // The demo's accounts and data, unless a test starts production (DEMO: undefined, with its APP_ORIGIN).
      DEMO: "on",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (output += d));
  proc.stderr!.on("data", (d) => (output += d));
  // Every line it wrote must be a JSON log line (tests/support/e2e-teardown.ts).
  proc.once("close", () => recordNotJson(`an isolated app (port ${port})`, output));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`app exited early (${proc.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (options.waitFor !== "healthy" || res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      proc.once("exit", (code) => resolve(code));
      proc.kill("SIGTERM");
    });
  return { url, proc, output: () => output, stop };
}
