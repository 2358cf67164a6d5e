import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ACTIVITY_KINDS, actingText } from "#app/domain/audit-wording.ts";

/** Every action the app's source passes to `audit(` as a string. */
function auditedActions(): string[] {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const found = new Set<string>();
  for (const file of readdirSync(root, { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(root, file), "utf8");
    for (const m of source.matchAll(/\baudit\(\s*(?:[^,()]*\?\s*)?"([a-z.-]+)"(?:\s*:\s*"([a-z.-]+)")?/g)) {
      found.add(m[1]!);
      if (m[2]) found.add(m[2]);
    }
  }
  return [...found].sort();
}

describe("Admin → Activity's kinds", () => {
  it("list every action the portal audits, each in one kind", () => {
    const listed: string[] = Object.values(ACTIVITY_KINDS).flatMap((k) => [...k.actions]);
    expect(new Set(listed).size).toBe(listed.length);
    const actions = auditedActions();
    expect(actions.length).toBeGreaterThan(60);
    expect(actions.filter((a) => !listed.includes(a))).toEqual([]);
  });
});

describe("who did it", () => {
  it("names the admin and, while viewing as someone, that person beside", () => {
    const names = new Map([
      ["a1", "Ama Admin"],
      ["f1", "Kofi Mensah"],
    ]);
    expect(actingText("a1", "f1", names)).toBe("Ama Admin (as Kofi Mensah)");
    expect(actingText("f1", null, names)).toBe("Kofi Mensah");
    expect(actingText("gateway:paystack", null, names)).toBe("gateway:paystack");
  });
});
