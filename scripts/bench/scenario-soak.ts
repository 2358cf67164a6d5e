import type { BenchScenario } from "./types.ts";
import { buildFloor, startFloor } from "./floor.ts";
import { formatSoak, runSoak, type SoakMinute } from "./soak.ts";
import { measureThroughput } from "./throughput.ts";

/** Targets of an enrolment day: p99 in every minute after the first; memory that follows the data. */
/** memoryOverData: the memory a registration adds after the first minutes, at most this many times its data at rest. */
export const SOAK_BUDGETS = { p99Ms: 150, memoryOverData: 1.5, flatMiBPerMinute: 1, settleMinutes: 5 } as const;

/**
 * What this machine serves today, measured before the soak: the framework floor's page of the student dashboard's size
 * (19 KB), one process, 20 connections, the median of three 4-second rounds. The soak's load is fixed (65 requests a
 * second) while this shared machine's speed is not: the floor's figure, printed beside the soak's, tells a slower
 * machine from a slower app (docs/benchmarks.md compares runs by it).
 */
async function machineFloor(buildDir: string, log: (m: string) => void): Promise<number> {
  const floorDir = `${buildDir}-floor`;
  log(`building the framework floor into ${floorDir} (the machine's baseline)…`);
  await buildFloor(floorDir);
  const floor = await startFloor(floorDir);
  try {
    const path = "/?bytes=19000";
    await fetch(`${floor.url}${path}`);
    const rounds: number[] = [];
    for (let i = 0; i < 3; i++)
      rounds.push((await measureThroughput(floor.url, path, { duration: 4, connections: 20 })).requestsPerSecond);
    return rounds.sort((a, b) => a - b)[1];
  } finally {
    await floor.stop();
  }
}

const rss = (m: SoakMinute) => m.appRssMiB + m.dbRssMiB;

/** Least-squares slope of RSS (MiB per minute) over the given minutes. */
function slope(minutes: SoakMinute[]): number {
  if (minutes.length < 2) return 0;
  const xs = minutes.map((m) => m.minute);
  const ys = minutes.map(rss);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0);
  return num / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
}

/**
 * The enrolment-day mix on the default install for SOAK_MINUTES minutes (default 20; `npm run bench -- --only soak`),
 * with one worker killed (SIGKILL) as the last minute starts (SOAK_KILL=off to leave them be), or with constant data
 * (SOAK_CONSTANT=on: reads only); SOAK_VERBOSE=on shows the app's own log. Fails on a lost enrolment, any 5xx, a
 * failed request outside the kill's minute, a p99 over the target in any minute after the first (the kill's minute is
 * reported, not judged), no worker back after the kill, or memory beyond its budget after the first 5 minutes (up to
 * the kill): per registration added, at most 1.5× what a registration's data (the registration, its messages, its
 * idempotency key: every document the run added) takes in the database's snapshot; or flat (≤ 1 MiB a minute) with
 * constant data.
 */
export const scenario: BenchScenario = {
  name: "soak",
  description:
    "65 req/s enrolment-day mix on the default install for SOAK_MINUTES (default 20), a worker killed in the last minute: p99 per minute, 5xx, memory per registration, enrolments acknowledged vs present, beside the framework floor's req/s on this machine",
  async run({ app, log }) {
    const minutes = Math.max(SOAK_BUDGETS.settleMinutes + 2, Number(process.env.SOAK_MINUTES ?? 20) || 20);
    const enrolments = process.env.SOAK_CONSTANT !== "on";
    const killAt = process.env.SOAK_KILL === "off" ? undefined : minutes;
    const floorRps = await machineFloor(app.buildDir, log);
    log(`the machine: the framework floor serves ${floorRps} req/s (19 KB page, one process)`);
    const result = await runSoak({ minutes, buildDir: app.buildDir, log, enrolments, killWorkerAtMinute: killAt });
    const failures: string[] = [];
    const lines = [
      `the machine today: the framework floor serves ${floorRps} req/s (a 19 KB page, one process, 20 connections); the soak's ${result.rate} req/s is ${((100 * result.rate) / Math.max(1, floorRps)).toFixed(1)} % of that`,
      ...formatSoak(result).split("\n"),
    ];
    if (result.present !== result.acknowledged)
      failures.push(`${result.acknowledged} enrolments acknowledged, ${result.present} in the database`);
    const judged = result.minutes.filter((m) => m.minute > 1 && m.minute !== killAt);
    const server5xx = result.minutes.reduce((n, m) => n + m.server5xx, 0);
    if (server5xx) failures.push(`${server5xx} requests answered 5xx`);
    const errors = judged.reduce((n, m) => n + m.errors, 0);
    if (errors) failures.push(`${errors} requests failed outside the kill's minute`);
    const slow = judged.filter((m) => m.p99 > SOAK_BUDGETS.p99Ms);
    if (slow.length)
      failures.push(
        `p99 over ${SOAK_BUDGETS.p99Ms} ms in minute(s) ${slow.map((m) => `${m.minute} (${m.p99} ms)`).join(", ")}`,
      );
    if (killAt && !result.killed?.backAfterMs) failures.push("no worker stood in for the killed one");
    // Memory from the end of minute 5 to the last minute before the kill.
    const window = result.minutes.filter((m) => m.minute >= SOAK_BUDGETS.settleMinutes && m.minute !== killAt);
    const [from, to] = [window[0], window[window.length - 1]];
    if (enrolments) {
      const added = to.registrations - from.registrations;
      const perRegistrationKiB = added > 0 ? ((rss(to) - rss(from)) * 1024) / added : 0;
      const { data } = result;
      const dataKiB =
        (data.endBytes - data.startBytes) / 1024 / Math.max(1, data.endRegistrations - data.startRegistrations);
      const ratio = dataKiB > 0 ? perRegistrationKiB / dataKiB : 0;
      lines.push(
        `memory from minute ${from.minute} to ${to.minute}: ${rss(from)} → ${rss(to)} MiB for ${added} registrations added: ${perRegistrationKiB.toFixed(2)} KiB each`,
        `a registration's data at rest (every document the run added, as the snapshot stores it): ${dataKiB.toFixed(2)} KiB; memory ${ratio.toFixed(2)}× that (budget ${SOAK_BUDGETS.memoryOverData}×)`,
      );
      if (ratio > SOAK_BUDGETS.memoryOverData)
        failures.push(
          `RSS grew ${perRegistrationKiB.toFixed(2)} KiB per registration added after minute 5, ${ratio.toFixed(2)}× its ${dataKiB.toFixed(2)} KiB of data`,
        );
    } else {
      const perMinute = slope(window);
      lines.push(
        `memory from minute ${from.minute} to ${to.minute}: ${perMinute.toFixed(2)} MiB a minute (budget ${SOAK_BUDGETS.flatMiBPerMinute})`,
      );
      if (perMinute > SOAK_BUDGETS.flatMiBPerMinute)
        failures.push(`RSS grows ${perMinute.toFixed(2)} MiB a minute with constant data`);
    }
    return { lines, data: { ...(result as unknown as Record<string, unknown>), floorRps }, failures };
  },
};
