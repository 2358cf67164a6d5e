/**
 * The framework floor and a bare Node server, started beside the app in the same bench run.
 *
 * - floor/: a minimal React Router app (same installed versions as ours: one node_modules) with a page of `?bytes=N`
 *   of HTML and a plain resource route, built here into BUILD_DIR-floor and served by react-router-serve with
 *   NODE_ENV=production, exactly as the framework ships it.
 * - bare: Node's `http` answering "OK", the ceiling of this machine for reference.
 * Ratios against these, measured in the same run, survive a noisy shared machine better than absolute req/s.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./app.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FLOOR_DIR = path.join(import.meta.dirname, "floor");

export type RunningServer = { url: string; pid: number | null; stop(): Promise<void> };

function run(args: string[], options: { cwd: string; env: Record<string, string> }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed (exit ${code}):\n${output.slice(-3000)}`)),
    );
  });
}

/** `react-router build` of scripts/bench/floor into buildDir (inside the repository, so Node finds node_modules). */
export async function buildFloor(buildDir: string): Promise<void> {
  await run([path.join(ROOT, "node_modules/.bin/react-router"), "build"], {
    cwd: FLOOR_DIR,
    env: { FLOOR_BUILD_DIR: path.resolve(ROOT, buildDir), NODE_ENV: "production" },
  });
}

async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  cwd = ROOT,
  processGroup = false,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    detached: processGroup,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) return { url, pid: child.pid ?? null, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${args.join(" ")} did not answer ${readyPath}`);
}

/** react-router-serve on the floor build, in production mode (in a process group of its own, for the cost probe). */
export function startFloor(buildDir: string, processGroup = false): Promise<RunningServer> {
  const serve = path.join(ROOT, "node_modules/.bin/react-router-serve");
  return startProcess(
    [serve, path.resolve(ROOT, buildDir, "server/index.js")],
    { NODE_ENV: "production" },
    "/resource",
    // The build names its client files relative to the floor app's folder: served from there, the page gets its script.
    FLOOR_DIR,
    processGroup,
  );
}

const BARE = `require("node:http").createServer((req, res) => { res.setHeader("Content-Type", "text/plain"); res.end("OK"); }).listen(Number(process.env.PORT), process.env.HOST);`;

/** Node's http module alone. */
export function startBareNode(): Promise<RunningServer> {
  return startProcess(["-e", BARE], {}, "/");
}
