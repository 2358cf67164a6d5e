/**
 * The indexes the models declare are exactly the reviewed list in docs/decisions/0056-the-indexes-the-app-needs.md:
 * adding or dropping one without its row there (and the query it serves) fails here.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import mongoose from "mongoose";
import { describe, expect, it } from "vitest";

const ADR = path.resolve(import.meta.dirname, "../../docs/decisions/0056-the-indexes-the-app-needs.md");

function option(value: unknown) {
  return JSON.stringify(value);
}

describe("declared indexes", () => {
  it("are the reviewed list, row for row", async () => {
    for (const file of readdirSync(import.meta.dirname)) {
      if (file.endsWith(".server.ts")) await import(path.join(import.meta.dirname, file));
    }
    const declared: string[] = [];
    for (const model of Object.values(mongoose.models)) {
      for (const [key, options] of model.schema.indexes()) {
        const opts = Object.entries(options)
          .filter(([k]) => k !== "background")
          .map(([k, v]) => `${k}: ${option(v)}`)
          .join(", ");
        declared.push(`${model.collection.collectionName} | ${JSON.stringify(key).replace(/"/g, "")} | ${opts}`);
      }
    }
    const reviewed = readFileSync(ADR, "utf8")
      .split("\n")
      .map((line) => /^\| (\w+) \| `([^`]+)` \| ([^|]*) \|/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => `${m[1]} | ${m[2]} | ${m[3].trim()}`);
    expect(reviewed.length).toBeGreaterThan(40);
    expect(declared.sort()).toEqual(reviewed.sort());
  });
});
