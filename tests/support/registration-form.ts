import type { Page } from "@playwright/test";
import { test, expect, uniquePhone } from "#tests/support/fixtures.ts";
import { PROGRAMME_SUBJECTS, type Programme } from "#app/domain/programmes.ts";
import { REGISTRATION_FIELD_LABELS as L } from "#app/forms/registration.schema.ts";

/** The enrolment form as a visitor fills it, with JavaScript on or off (the project decides). */

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A control by its visible label; required fields add a decorative " *". */
export const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}( \\*)?$`));

export const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

export type Answers = {
  parentName: string;
  whatsappNumber: string;
  wardName: string;
  wardWhatsapp: string;
  programme: Programme;
  subjects: string[];
};

export function answers(programme: Programme, overrides: Partial<Answers> = {}): Answers {
  const subjects = PROGRAMME_SUBJECTS[programme];
  return {
    parentName: "Akosua Mensah",
    whatsappNumber: uniquePhone(),
    wardName: `Kwame ${uniquePhone()}`,
    wardWhatsapp: uniquePhone(),
    programme,
    subjects: [subjects[0], subjects[subjects.length - 1]],
    ...overrides,
  };
}

/** Chooses a programme as a visitor would: with JS the subjects appear; without, 'Show subjects' asks the server. */
export async function chooseProgramme(page: Page, programme: Programme) {
  await byLabel(page, L.programme).selectOption(programme);
  if (!jsOn()) await page.getByRole("button", { name: "Show subjects" }).click();
  await expect(page.getByRole("checkbox", { name: PROGRAMME_SUBJECTS[programme][0], exact: true })).toBeVisible();
}

export async function fillRegistration(page: Page, a: Answers) {
  await byLabel(page, L.parentName).fill(a.parentName);
  await byLabel(page, L.whatsappNumber).fill(a.whatsappNumber);
  await byLabel(page, L.wardName).fill(a.wardName);
  await byLabel(page, L.wardWhatsapp).fill(a.wardWhatsapp);
  await byLabel(page, L.currentSchool).fill("Accra Academy");
  await byLabel(page, L.wardForm).selectOption("form-2");
  await byLabel(page, L.specificClass).fill("2S1");
  await chooseProgramme(page, a.programme);
  for (const s of a.subjects) await page.getByRole("checkbox", { name: s, exact: true }).check();
  await page.getByRole("checkbox", { name: "WhatsApp", exact: true }).check();
  await byLabel(page, L.referralName).fill("Mr. Owusu");
  await byLabel(page, L.referralStatus).selectOption("teacher");
}
