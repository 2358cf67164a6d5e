import { describe, expect, it } from "vitest";
import {
  ALL_SUBJECTS,
  GROUP_FORM_SUBJECTS,
  PROGRAMME_LABELS,
  PROGRAMME_SUBJECTS,
  PROGRAMMES,
  isSubjectOf,
  programmeLabel,
  subjectsFor,
} from "#app/domain/programmes.ts";
import { isUsableParentLink, isUsableStudentLink, groupTypeLabel, GROUP_TYPE_LABELS } from "#app/domain/whatsapp.ts";
import { performanceLabel } from "#app/domain/performance.ts";
import { DEFAULT_SETTINGS, maskSecret } from "#app/domain/settings.ts";
import { defaultPermissions, effectiveRole, homePathForRole, roleBadgeClass } from "#app/domain/roles.ts";

describe("programmes and subjects", () => {
  it("has the five programmes with their labels", () => {
    expect(PROGRAMMES).toEqual(["science", "arts", "business", "visual-arts", "home-economics"]);
    expect(PROGRAMME_LABELS).toEqual({
      science: "General Science",
      arts: "General Arts",
      business: "Business",
      "visual-arts": "Visual Arts",
      "home-economics": "Home Economics",
    });
    expect(programmeLabel("visual-arts")).toBe("Visual Arts");
    expect(programmeLabel("unknown")).toBe("unknown");
  });

  it("offers exactly 12/14/11/11/10 distinct subjects", () => {
    const counts = Object.fromEntries(PROGRAMMES.map((p) => [p, PROGRAMME_SUBJECTS[p].length]));
    expect(counts).toEqual({ science: 12, arts: 14, business: 11, "visual-arts": 11, "home-economics": 10 });
    for (const p of PROGRAMMES) expect(new Set(PROGRAMME_SUBJECTS[p]).size).toBe(PROGRAMME_SUBJECTS[p].length);
  });

  it("includes the subjects the spec names", () => {
    for (const s of [
      "Mathematics",
      "English Language",
      "Social Studies",
      "Economics",
      "Additional Mathematics",
      "French",
      "Computing",
    ]) {
      expect(ALL_SUBJECTS).toContain(s);
    }
  });

  it("spells shared subjects exactly as the admin group list does", () => {
    expect(GROUP_FORM_SUBJECTS).toHaveLength(14);
    const lower = new Map(GROUP_FORM_SUBJECTS.map((s) => [s.toLowerCase(), s]));
    for (const subject of ALL_SUBJECTS) {
      const twin = lower.get(subject.toLowerCase());
      if (twin) expect(subject).toBe(twin);
    }
  });

  it("checks membership of a subject in a programme", () => {
    expect(isSubjectOf("science", "Physics")).toBe(true);
    expect(isSubjectOf("arts", "Physics")).toBe(false);
    expect(subjectsFor("nope")).toEqual([]);
  });
});

describe("WhatsApp link usability", () => {
  const good = "https://chat.whatsapp.com/AbCdEf123";
  it("accepts a real group link", () => expect(isUsableStudentLink(good)).toBe(true));
  it.each(["", "   ", null, undefined])("refuses empty %p", (v) => expect(isUsableStudentLink(v)).toBe(false));
  it.each([
    "https://chat.whatsapp.com/PLACEHOLDER",
    "https://chat.whatsapp.com/Coming Soon",
    "https://chat.whatsapp.com/not available",
    "https://chat.whatsapp.com/TEMP-link",
    "https://chat.whatsapp.com/attempt", // 'temp' anywhere, as the spec says
  ])("refuses a link containing a marker: %s", (v) => expect(isUsableStudentLink(v)).toBe(false));
  it.each([
    "https://example.com/abc",
    "http://chat.whatsapp.com/abc",
    "https://chat.whatsapp.com",
    "chat.whatsapp.com/abc",
  ])("refuses a wrong host: %s", (v) => expect(isUsableStudentLink(v)).toBe(false));
  it("parent links: empty, '#' and placeholder are unavailable", () => {
    expect(isUsableParentLink("")).toBe(false);
    expect(isUsableParentLink("#")).toBe(false);
    expect(isUsableParentLink("https://chat.whatsapp.com/placeholder-parents")).toBe(false);
    expect(isUsableParentLink(good)).toBe(true);
  });
  it("labels group types", () => {
    expect(groupTypeLabel("student")).toBe("Class Page");
    expect(groupTypeLabel("parent")).toBe("Parent Group");
    expect(Object.keys(GROUP_TYPE_LABELS)).toEqual(["student", "subject", "general", "parent"]);
  });
});

describe("performance labels", () => {
  it.each([
    [100, "Excellent"],
    [80, "Excellent"],
    [79.9, "Good"],
    [70, "Good"],
    [69, "Average"],
    [60, "Average"],
    [59, "Needs Improvement"],
    [0, "Needs Improvement"],
  ] as const)("%d is %s", (score, label) => expect(performanceLabel(score)).toBe(label));
});

describe("roles and permissions", () => {
  it("treats a missing role as student", () => {
    expect(effectiveRole(null)).toBe("student");
    expect(effectiveRole("bogus")).toBe("student");
    expect(effectiveRole("parent")).toBe("parent");
  });
  it("sends each role home", () => {
    expect(homePathForRole("admin")).toBe("/admin");
    expect(homePathForRole("student")).toBe("/student-dashboard");
    expect(homePathForRole("parent")).toBe("/parent-dashboard");
    expect(homePathForRole("facilitator")).toBe("/facilitator-dashboard");
    expect(homePathForRole(undefined)).toBe("/dashboard");
  });
  it("defaults permission flags to true for admins, false otherwise", () => {
    expect(Object.values(defaultPermissions("admin")).every(Boolean)).toBe(true);
    expect(Object.values(defaultPermissions("parent")).some(Boolean)).toBe(false);
  });
  it("colours role badges", () => {
    expect(roleBadgeClass("admin")).toContain("red");
    expect(roleBadgeClass("facilitator")).toContain("blue");
    expect(roleBadgeClass("parent")).toContain("green");
    expect(roleBadgeClass("student")).toContain("gray");
  });
});

describe("settings", () => {
  it("has the defaults docs/product.md#constants states", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      sessionTimeout: 60,
      minPasswordLength: 8,
      maxLoginAttempts: 5,
      emailProvider: "built-in",
    });
    const on = [
      "registrationEnabled",
      "whatsappNotifications",
      "assignmentReminders",
      "paymentNotifications",
      "weeklyProgressSms",
      "analyticsTracking",
    ] as const;
    const off = ["maintenanceMode", "smsNotifications", "twoFactorAuth"] as const;
    for (const key of on) expect(DEFAULT_SETTINGS[key], key).toBe(true);
    for (const key of off) expect(DEFAULT_SETTINGS[key], key).toBe(false);
  });
  it("masks secrets", () => {
    expect(maskSecret("sk_live_abcdef1234")).toBe("••••1234");
    expect(maskSecret("")).toBe("");
  });
});
