import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundedEcho, fieldNamesWithinBounds, MAX_ECHO_BYTES, MAX_FORM_FIELDS } from "#app/forms/bounds.ts";
import { parseWithZod } from "#app/forms/parse.ts";

describe("fieldNamesWithinBounds", () => {
  it("takes every form the portal sends: the register of the largest class, lists of up to a hundred", () => {
    expect(fieldNamesWithinBounds(Array.from({ length: MAX_FORM_FIELDS }, (_, i) => `mark:${i}`))).toBe(true);
    expect(fieldNamesWithinBounds(["subjects[0]", "subjects[100]", "answers[3].text", "intent"])).toBe(true);
  });

  it("refuses more fields than that, a list index past a hundred, and names that are paragraphs", () => {
    expect(fieldNamesWithinBounds(Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}`))).toBe(false);
    expect(fieldNamesWithinBounds(["intent", "phone[9999999]"])).toBe(false);
    expect(fieldNamesWithinBounds(["subjects[101]"])).toBe(false);
    expect(fieldNamesWithinBounds(["a[0].b[0000000000000000000001]"])).toBe(false);
    expect(fieldNamesWithinBounds(["x".repeat(129)])).toBe(false);
  });
});

describe("a refused form's reply", () => {
  it("copies back at most 16 KB of what was sent, keeping the fields in order while they fit", () => {
    const form = new FormData();
    form.append("name", "Ama");
    for (let i = 0; i < 100; i++) form.append("notes", "x".repeat(1000));
    const submission = parseWithZod(form, { schema: z.object({ name: z.string().min(5), notes: z.string().array() }) });
    const reply = submission.reply();
    expect(new TextEncoder().encode(JSON.stringify(reply.initialValue)).length).toBeLessThanOrEqual(MAX_ECHO_BYTES);
    expect(reply.initialValue).toMatchObject({ name: "Ama" });
    expect((reply.initialValue as { notes: string[] }).notes.length).toBeGreaterThan(10);
  });

  it("keeps a form of ordinary size whole", () => {
    const value = { name: "Kofi Mensah", subjects: ["Mathematics", "Physics"], notes: "ɔ".repeat(5000) };
    expect(boundedEcho(value)).toEqual(value);
  });
});
