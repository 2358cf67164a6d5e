import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * The container image and the compose file, read as an engine would (this machine has none to build them): what an
 * operator relies on from each, and the hardening of the systemd units docs/deploy.md gives.
 */
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
/** The final stage's instructions, continuation lines joined. */
const finalStage = dockerfile
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .filter((l) => l.trim() && !l.trim().startsWith("#"))
  .reduce<string[]>((stage, line) => (/^FROM\s/i.test(line) ? [line] : [...stage, line]), []);
const instruction = (name: string) => finalStage.filter((l) => l.toUpperCase().startsWith(`${name} `));

describe("the container image", () => {
  it("runs as an unprivileged user, after the files are in place", () => {
    const users = instruction("USER");
    expect(users.at(-1)).toMatch(/^USER\s+node$/);
    expect(finalStage.indexOf(users.at(-1)!)).toBeGreaterThan(finalStage.findIndex((l) => l.startsWith("COPY")));
  });

  it("keeps the data directory in a volume the app's user owns", () => {
    const env = instruction("ENV").join(" ");
    const dataDir = /DATA_DIR=(\S+)/.exec(env)?.[1];
    expect(dataDir).toBe("/data");
    expect(instruction("VOLUME").join(" ")).toContain(`"${dataDir}"`);
    expect(finalStage.join("\n")).toMatch(new RegExp(`chown node:node ${dataDir}`));
    expect(env).toMatch(/UPLOADS_DIR=\/data\//);
  });

  it("is healthy only while /healthz answers, and starts the portal as npm start does", () => {
    expect(instruction("HEALTHCHECK").join(" ")).toMatch(/127\.0\.0\.1:3000\/healthz/);
    expect(instruction("EXPOSE").join(" ")).toContain("3000");
    expect(instruction("CMD").at(-1)).toBe('CMD ["npm", "start"]');
    // The build's own lockfile install, never a floating one.
    expect(dockerfile).toMatch(/RUN npm ci\n/);
  });
});

describe("the compose file", () => {
  // Merge keys ("<<: *mongo") as compose reads them.
  const compose = parse(fs.readFileSync("compose.yaml", "utf8"), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
  };
  const { services } = compose;

  it("makes three MongoDB members one replica set before the portal starts", () => {
    const members = ["mongo1", "mongo2", "mongo3"];
    for (const m of members) expect((services[m].command as string[]).join(" ")).toContain("--replSet rs0");
    const init = (services["mongo-init"].command as string[]).join(" ");
    for (const m of members) expect(init).toContain(`host: "${m}:27017"`);
    expect(services.portal.depends_on).toMatchObject({
      "mongo-init": { condition: "service_completed_successfully" },
    });
  });

  it("points the portal at the whole set, asks for its secrets and keeps its data", () => {
    const env = services.portal.environment as Record<string, string>;
    expect(env.MONGODB_URI).toBe("mongodb://mongo1:27017,mongo2:27017,mongo3:27017/vacation_classes?replicaSet=rs0");
    expect(env.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(env.APP_ORIGIN).toMatch(/^\$\{APP_ORIGIN:\?/);
    expect(services.portal.volumes).toEqual(["portal-data:/data"]);
    // Reached through the proxy on the machine, not from the network.
    expect(services.portal.ports).toEqual(["127.0.0.1:3000:3000"]);
  });
});

describe("the systemd units of docs/deploy.md", () => {
  const units = [...fs.readFileSync("docs/deploy.md", "utf8").matchAll(/```ini\n([\s\S]*?)```/g)].map((m) => m[1]);

  it("each run hardened: no new privileges, the system read-only but for the data, a private /tmp", () => {
    const services = units.filter((u) => u.includes("[Service]"));
    expect(services.length).toBeGreaterThanOrEqual(2);
    for (const unit of services) {
      expect(unit).toMatch(/^NoNewPrivileges=yes$/m);
      expect(unit).toMatch(/^ProtectSystem=strict$/m);
      expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/vacation-classes$/m);
      expect(unit).toMatch(/^PrivateTmp=yes$/m);
      expect(unit).toMatch(/^User=(?!root)\w+$/m);
    }
  });

  it("has nginx redirect plain HTTP to HTTPS", () => {
    expect(fs.readFileSync("docs/deploy.md", "utf8")).toMatch(
      /listen 80;[\s\S]*?return 301 https:\/\/\$host\$request_uri;/,
    );
  });
});
