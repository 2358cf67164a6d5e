import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  INVALID_PHONE,
  ONE_VALUE_ONLY,
  REFERRAL_OTHER_REQUIRED,
  REGISTRATION_MESSAGES as M,
  RegistrationSchema,
  SUBJECT_NOT_IN_PROGRAMME,
  fieldsInMissingMessage,
  missingFieldsMessage,
} from "#app/forms/registration.schema.ts";

function form(entries: [string, string][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const VALID: [string, string][] = [
  ["parentName", "Akosua Mensah"],
  ["whatsappNumber", "024 123 4567"],
  ["wardName", "Kwame Mensah"],
  ["currentSchool", "Accra Academy"],
  ["wardForm", "form-2"],
  ["specificClass", "2S1"],
  ["programme", "science"],
  ["subjects", "Mathematics"],
  ["subjects", "Physics"],
  ["subjectCount", "2"],
  ["wardWhatsapp", "055 987 6543"],
  ["updateMode", "whatsapp"],
  ["referralName", "Mr. Owusu"],
  ["referralStatus", "teacher"],
];

const parse = (entries: [string, string][]) => parseWithZod(form(entries), { schema: RegistrationSchema });

describe("RegistrationSchema", () => {
  it("accepts a complete registration and defaults the yes/no answers to yes", () => {
    const s = parse(VALID);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.subjects).toEqual(["Mathematics", "Physics"]);
    expect(s.value.joinStudentGroups).toBe("yes");
    expect(s.value.joinParentGroup).toBe("yes");
  });

  it("says a one-letter name is too short, not missing", () => {
    const s = parse(VALID.map(([k, v]) => [k, k === "parentName" || k === "wardName" ? "A" : v] as [string, string]));
    const error = s.reply().error ?? {};
    expect(error.parentName).toEqual(["Parent/Guardian Name must be at least 2 characters"]);
    expect(error.wardName).toEqual(["Ward's Name must be at least 2 characters"]);
  });

  it("reports every empty required field with the spec messages and the summary", () => {
    const s = parse([]);
    expect(s.status).toBe("error");
    const error = s.reply().error ?? {};
    expect(error.parentName).toEqual([M.parentName]);
    expect(error.subjects).toEqual([M.subjects]);
    expect(error.updateMode).toEqual([M.updateMode]);
    expect(error.referralStatus).toEqual([M.referralStatus]);
    const summary = error[""]?.[0] ?? "";
    expect(summary.startsWith("Please fill in: Parent/Guardian Name, WhatsApp Number, Ward's Name")).toBe(true);
    expect(fieldsInMissingMessage(summary)).toHaveLength(12);
  });

  it("requires 'Please specify' only when the referral status is other", () => {
    const other = VALID.map(([k, v]) => (k === "referralStatus" ? [k, "other"] : [k, v])) as [string, string][];
    expect(parse(other).reply().error?.referralOther).toEqual([REFERRAL_OTHER_REQUIRED]);
    expect(parse([...other, ["referralOther", "Church member"]]).status).toBe("success");
    expect(parse(VALID).status).toBe("success");
  });

  it("refuses subjects outside the chosen programme", () => {
    const s = parse([...VALID, ["subjects", "Accounting"]]);
    expect(s.reply().error?.subjects).toEqual([SUBJECT_NOT_IN_PROGRAMME]);
  });

  it("refuses arrays where one value belongs, oversized text and bad phones", () => {
    const s = parse([
      ...VALID.filter(([k]) => k !== "wardName"),
      ["parentName", "Second Name"],
      ["wardName", "x".repeat(500)],
    ]);
    const error = s.reply().error ?? {};
    expect(error.parentName).toEqual([ONE_VALUE_ONLY]);
    expect(error.wardName?.[0]).toMatch(/at most 100 characters/);
    const phone = parse(
      VALID.map(([k, v]) => (k === "wardWhatsapp" ? [k, "abcdefghijkl"] : [k, v])) as [string, string][],
    );
    expect(phone.reply().error?.wardWhatsapp).toEqual([INVALID_PHONE]);
    const short = parse(VALID.map(([k, v]) => (k === "wardWhatsapp" ? [k, "024123"] : [k, v])) as [string, string][]);
    expect(short.reply().error?.wardWhatsapp).toEqual([INVALID_PHONE]);
    const empty = parse(VALID.map(([k, v]) => (k === "wardWhatsapp" ? [k, ""] : [k, v])) as [string, string][]);
    expect(empty.reply().error?.wardWhatsapp).toEqual([M.wardWhatsapp]);
    // Nine digits without the 0 (24 123 4567) is a usual way of writing a Ghana number.
    const nine = parse(VALID.map(([k, v]) => (k === "wardWhatsapp" ? [k, "241234567"] : [k, v])) as [string, string][]);
    expect(nine.reply().error?.wardWhatsapp).toBeUndefined();
    // Cross-field checks still run alongside field errors.
    const mixed = parse([
      ...VALID.filter(([k]) => !["wardWhatsapp", "parentName", "referralStatus"].includes(k)),
      ["wardWhatsapp", "024123"],
      ["parentName", "A"],
      ["referralStatus", "other"],
    ]);
    expect(mixed.reply().error?.referralOther).toEqual([REFERRAL_OTHER_REQUIRED]);
  });

  it("does not turn operator-like keys into values", () => {
    const s = parse([...VALID.filter(([k]) => k !== "parentName"), ["parentName[$ne]", "x"], ["programme[$gt]", ""]]);
    expect(s.status).toBe("error");
    expect(s.reply().error?.parentName?.length).toBeGreaterThan(0);
  });

  it("builds the summary text from labels", () => {
    expect(missingFieldsMessage(["A", "B"])).toBe("Please fill in: A, B");
  });
});
