import { test, expect, fieldError } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { startApp, type RunningApp } from "../../scripts/bench/app.ts";
import { TEST_SHEDDING } from "#tests/support/isolated-app.ts";
import { DEMO_ACCOUNTS } from "#app/models/seeds/seed.server.ts";
import { DEMO_PHONE_CALLBACK_SECRET } from "#app/models/settings.server.ts";
import { DEFAULT_CONTACTS } from "#app/domain/school.ts";

/**
 * The school's contacts are settings (Settings → General): changing them shows everywhere. A global setting, so this
 * runs against a private app and database: every other test keeps the defaults meanwhile.
 */
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startApp({ env: TEST_SHEDDING });
});

test.afterAll(async () => {
  await app?.stop();
});

test("@no-js-only the admin changes the school's phone in Settings: the landing page, its footer and the USSD contacts screen say it", async ({
  page,
  request,
}) => {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  await page.goto(`${app.url}/portal?role=admin`);
  const signIn = page.locator("form#sign-in");
  await signIn.getByLabel("Phone number").fill(admin.phone);
  await signIn.getByLabel(/^Password/).fill(admin.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  // A fresh app on a busy machine: the first sign-in hashes and warms up.
  await expect(page).toHaveURL(/\/admin/, { timeout: 30_000 });

  await page.goto(`${app.url}/admin/settings`);
  await expect(page.getByLabel("Support phone number", { exact: true })).toHaveValue(
    DEFAULT_CONTACTS.phones[0]!.display,
  );
  // Refused by the field, what was typed kept: a number that is not Ghanaian, hours that a basic phone cannot show.
  await page.getByLabel("Support phone number", { exact: true }).fill("+44 7911 123456");
  await page.getByLabel("Support hours").fill("8am – 4pm, Mon–Sat");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(fieldError(page, "Enter the school's phone number, e.g. 024 123 4567")).toBeVisible();
  await expect(fieldError(page, /plain punctuation only/)).toBeVisible();
  await expect(page.getByLabel("Support phone number", { exact: true })).toHaveValue("+44 7911 123456");
  await expectNoA11yViolations(page);

  await page.getByLabel("Support phone number", { exact: true }).fill("0551234567");
  await page.getByLabel("Second support phone number (optional)").fill("");
  await page.getByLabel("Support hours").fill("8am to 4pm, Monday to Saturday");
  await page.getByLabel("School e-mail").fill("office@akwaaba-school.example");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings Saved" })).toBeVisible();
  await expect(page.getByLabel("Support phone number", { exact: true })).toHaveValue("055 123 4567");

  // The landing page (kept at most a second by the page cache) and its footer.
  await expect(async () => {
    await page.goto(`${app.url}/`);
    await expect(page.getByRole("main").getByRole("link", { name: "055 123 4567" }).first()).toHaveAttribute(
      "href",
      "tel:+233551234567",
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("main")).toContainText("8am to 4pm, Monday to Saturday");
  await expect(page.getByRole("main")).not.toContainText(DEFAULT_CONTACTS.phones[0]!.display);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "office@akwaaba-school.example" })).toHaveAttribute(
    "href",
    "mailto:office@akwaaba-school.example",
  );
  await expect(footer.getByRole("link", { name: "055 123 4567" })).toBeVisible();
  await expect(footer.getByRole("link", { name: DEFAULT_CONTACTS.phones[1]!.display })).toHaveCount(0);

  // The USSD menu's contacts screen, dialled by the demo parent as Africa's Talking posts it.
  const parent = `+233${DEMO_ACCOUNTS.find((a) => a.role === "parent")!.phone.slice(1)}`;
  const sessionId = `ATUid_contacts_${Date.now()}`;
  const dial = async (text: string) => {
    const response = await request.post(`${app.url}/ussd/africastalking/${DEMO_PHONE_CALLBACK_SECRET}`, {
      form: { sessionId, serviceCode: "*920*44#", phoneNumber: parent, text, networkCode: "62001" },
    });
    expect(response.status()).toBe(200);
    return response.text();
  };
  let prefix = "";
  let screen = await dial("");
  if (screen.includes("Choose your language")) {
    prefix = "1*";
    screen = await dial("1");
  }
  if (screen.includes("choose a ward")) {
    prefix += "1*";
    await dial(prefix.slice(0, -1));
  }
  expect(await dial(`${prefix}4`)).toBe("END Vacation Classes: call 055 123 4567, 8am to 4pm, Monday to Saturday.");
});
