import fs from "node:fs";
import { expect, it } from "vitest";
import { NODE_FLAGS } from "./tuning/young-generation.ts";

it("npm start runs the server with the same Node flags as the tests and benchmarks", () => {
  const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  expect(scripts.start).toBe(`node ${NODE_FLAGS.join(" ")} build/http-server/main.js build/server/index.js`);
});
