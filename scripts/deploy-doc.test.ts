import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/deploy.md cannot start systemd or nginx here, but what it names must exist: the npm commands and options
 * it runs, the environment variables it sets, the health check it waits for.
 */
const doc = fs.readFileSync("docs/deploy.md", "utf8");
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
const example = fs.readFileSync(".env.example", "utf8");
const configuration = fs.readFileSync("docs/configuration.md", "utf8");

describe("docs/deploy.md", () => {
  it("runs only npm commands the project has", () => {
    const commands = [...doc.matchAll(/npm (?:run )?([a-z:-]+)/g)]
      .map((m) => m[1])
      .filter((c) => !["ci", "start", "run"].includes(c));
    expect(commands.length).toBeGreaterThan(2);
    for (const c of new Set(commands)) expect(Object.keys(pkg.scripts), c).toContain(c);
    expect(pkg.scripts.start).toBeDefined();
  });

  it("passes the database only options its command line reads", () => {
    const cli = fs.readFileSync("packages/embedded-mongo/tools/cli.ts", "utf8");
    for (const option of doc.match(/npm run db -- ([^\n]*)/)![1].match(/--[a-z-]+/g)!)
      expect(cli, option).toContain(`"${option}"`);
  });

  it("sets only configuration variables docs/configuration.md and .env.example document", () => {
    const vars = [...doc.matchAll(/(?:Environment=|^|\s|`)([A-Z][A-Z_]{3,})=/gm)].map((m) => m[1]);
    expect(vars).toEqual(
      expect.arrayContaining([
        "NODE_ENV",
        "PORT",
        "MONGODB_URI",
        "APP_ORIGIN",
        "TRUST_PROXY",
        "SESSION_SECRET",
        "METRICS_TOKEN",
      ]),
    );
    for (const v of new Set(vars.filter((v) => v !== "NODE_ENV"))) {
      expect(configuration, `${v} in docs/configuration.md`).toContain(`\`${v}\``);
      expect(example, `${v} in .env.example`).toContain(v);
    }
  });
});
