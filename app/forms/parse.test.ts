import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cleanText, parseWithZod } from "#app/forms/parse.ts";
import { UNREADABLE_TEXT } from "#app/domain/messages.ts";

describe("cleanText", () => {
  it("drops NUL, C0/C1 controls and bidi overrides, keeps tab and newlines and ordinary letters", () => {
    expect(cleanText("\u202Eevil\u202Cgnp.exe")).toBe("evilgnp.exe");
    expect(cleanText("a\u0000b\u0007c\u007Fd\u0085e")).toBe("abcde");
    expect(cleanText("\u2066x\u2069\u202Ay\u202B")).toBe("xy");
    expect(cleanText("line 1\r\nline 2\tend")).toBe("line 1\r\nline 2\tend");
    expect(cleanText("Ama Ɔsei – Kwabena ٣ عربي")).toBe("Ama Ɔsei – Kwabena ٣ عربي");
  });
});

describe("parseWithZod", () => {
  it("hands the schema cleaned text, so nothing stored keeps a control character", () => {
    const form = new FormData();
    form.append("name", "\u202Eevil\u0000");
    const submission = parseWithZod(form, { schema: z.object({ name: z.string() }) });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.name).toBe("evil");
  });

  it("refuses by the field text whose bytes were not UTF-8, beside the schema's own errors", async () => {
    const body = new Request("http://x/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new Uint8Array([...Buffer.from("name=Kofi"), 0xff, 0xfe, ...Buffer.from("&age=")]),
    });
    const submission = parseWithZod(await body.formData(), {
      schema: z.object({ name: z.string(), age: z.string({ error: "Enter the age" }) }),
    });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      name: [UNREADABLE_TEXT],
      age: ["Enter the age"],
    });
    const reply = submission.reply();
    expect(reply.initialValue).toMatchObject({ name: "Kofi\uFFFD\uFFFD" });
  });

  it("waits for an async schema before refusing", async () => {
    const form = new FormData();
    form.append("name", "Kofi\uFFFD");
    const submission = await parseWithZod(form, { schema: z.object({ name: z.string() }), async: true });
    expect(submission.status === "error" && submission.error).toEqual({ name: [UNREADABLE_TEXT] });
  });
});
