import { test, expect, createRegistration } from "#tests/support/fixtures.ts";
import { startScreenReader } from "#tests/support/screen-reader.ts";

/**
 * What a screen-reader user hears (a virtual screen reader in the page, reading the accessibility tree as NVDA or
 * VoiceOver do), on the server-rendered pages everyone gets first: every field's label, hint and required state, and
 * after a failed submit the error summary first, then each field with its error.
 */

const said = (phrases: string[]) => phrases.join("\n");

test("the registration form, heard: labels, hints and required state; a failed submit starts with the summary @no-js-only", async ({
  page,
}) => {
  await page.goto("/registration");
  let reader = await startScreenReader(page, "main");
  const form = said(await reader.readUntil(/^button, Submit Registration/));
  expect(form).toContain("Fields marked\nwith an asterisk\nare required.");
  for (const phrase of [
    "textbox, Parent/Guardian Name, required",
    "textbox, WhatsApp Number, The number we will use to reach you on WhatsApp, e.g. 024 123 4567., required",
    "textbox, Alternative Number (optional)\n",
    "textbox, Ward's Name, required",
    "combobox, Form, has popup listbox, not expanded, required",
    "combobox, Programme, has popup listbox, not expanded, required",
    "group, Subjects (required), Choose a programme, then press Show subjects to see its subjects.",
    "group, Preferred Update Mode (required)",
    "textbox, Please specify, Only needed when the referral status is Other.",
    "textbox, Feedback (optional), Anything you would like us to know.",
  ])
    expect(form).toContain(phrase);

  await page.getByRole("textbox", { name: "WhatsApp Number", exact: true }).fill("024123");
  await page.getByRole("button", { name: "Submit Registration" }).click();
  reader = await startScreenReader(page, "form");
  const summary = said(await reader.readUntil(/^textbox, WhatsApp Number/));
  // The summary comes first, names each empty field as a link, then the fields say what is wrong with them.
  expect(summary).toMatch(
    /^alert\nheading, Missing Required Fields, level 2\nparagraph\nPlease fill in:\nlink, Parent\/Guardian Name\n/,
  );
  expect(summary).toContain("link, Ward's Name");
  expect(summary).toMatch(/textbox, Parent\/Guardian Name, Parent\/Guardian name is required, .*invalid/);
  expect(summary).toMatch(
    /textbox, WhatsApp Number, 024123, Enter a valid phone number, e\.g\. 024 123 4567 .*invalid/,
  );
});

test("signing in, heard: the two fields, then the summary of what is wrong and each field's error @no-js-only", async ({
  page,
}) => {
  await page.goto("/portal?role=parent");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign In" }) });
  let reader = await startScreenReader(page, "main");
  const heard = said(await reader.readUntil(/^button, Sign In/));
  expect(heard).toMatch(/textbox, Phone number, .*required/);
  // A password field has no ARIA role, so this reader gives its label only (NVDA and VoiceOver say "password, edit").
  expect(heard).toContain("Password\n");

  await form.getByRole("button", { name: "Sign In" }).click();
  reader = await startScreenReader(page, "main");
  const afterSubmit = said(await reader.readUntil(/^textbox, Password/));
  expect(afterSubmit).toMatch(/alert\nheading, 2 fields need attention, level 2\n/);
  expect(afterSubmit).toMatch(/link, .*[Pp]hone/);
  expect(afterSubmit).toMatch(/textbox, Phone number, .*invalid/);
});

test("the parent's payments page, heard by landmarks and headings; a failed 'I have paid' reads its summary @no-js-only", async ({
  page,
  loginAs,
}) => {
  const parent = await loginAs("parent");
  const ward = await createRegistration({ whatsappNumber: parent.localPhone });
  await page.goto("/dashboard/payments");
  let reader = await startScreenReader(page);
  const landmarks: string[] = [];
  for (let i = 0; i < 6; i++) landmarks.push(await reader.perform("moveToNextLandmark"));
  // One banner (the page's header), the dashboard navigation and the main content, each once.
  expect(landmarks.filter((l) => /^banner\b/.test(l))).toHaveLength(1);
  expect(landmarks).toContain("navigation, Dashboard");
  expect(landmarks).toContain("main");

  reader = await startScreenReader(page, "main");
  const headings: string[] = [];
  for (let i = 0; i < 4; i++) headings.push(await reader.perform("moveToNextHeading"));
  expect(headings).toEqual([
    "heading, Payment History, level 1",
    "heading, Balances, level 2",
    `heading, ${ward.wardName}, level 3`,
    "heading, I have paid, level 2",
  ]);

  await page.getByRole("button", { name: "Send payment details" }).click();
  reader = await startScreenReader(page, "main");
  const afterSubmit = said(await reader.readUntil(/^combobox, Ward/));
  expect(afterSubmit).toMatch(/alert\nheading, \d fields need attention, level 2\n/);
  expect(afterSubmit).toMatch(/link, .*amount/i);
});
