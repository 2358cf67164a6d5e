import { test, expect, connectTestDb, createRegistration, createUser, signInAs } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { Session } from "#app/models/session.server.ts";

test("a parent sees their wards with class pages and the parents' group, and can always link another", async ({
  page,
  loginAs,
}) => {
  const parent = await loginAs("parent");
  const ward = await createRegistration({
    whatsappNumber: parent.localPhone,
    subjects: ["Mathematics", "French"],
    programme: "science",
  });
  await page.goto("/parent-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Your wards" })).toBeVisible();
  await expect(page.getByText("Parent Portal Coming Soon")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Link another registration" })).toHaveAttribute(
    "href",
    "/link-registration",
  );
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: ward.wardName }) });
  await expect(card).toContainText("General Science");
  // Seeded class pages: Mathematics usable, French deliberately not.
  await expect(card.getByRole("link", { name: /Join Class Now.*Mathematics/ })).toHaveAttribute(
    "href",
    /^https:\/\/chat\.whatsapp\.com\//,
  );
  await expect(card.getByRole("button", { name: "Class Page Coming Soon" })).toBeDisabled();
  await expect(card.getByRole("link", { name: /Join Parent Group/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Portal" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("a parent with no registration gets an honest empty state", async ({ page, loginAs }) => {
  await loginAs("parent");
  await page.goto("/parent-dashboard");
  // The account's Settings (password, the SMS language and switches) are a link away.
  await expect(page.getByRole("link", { name: "Settings", exact: true })).toHaveAttribute("href", "/settings");
  await expect(page.getByText("No registration is linked to your account or phone number yet.")).toBeVisible();
});

test("admins get the Admin Portal tab; other roles get a 403", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/parent-dashboard");
  await page.getByRole("link", { name: "Admin Portal" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.context().clearCookies();
  await loginAs("facilitator");
  expect((await page.goto("/parent-dashboard"))?.status()).toBe(403);
  await page.context().clearCookies();
  await loginAs("student");
  expect((await page.goto("/parent-dashboard"))?.status()).toBe(403);
});

test("while an admin views as a parent, the portal shows the parent's name and wards", async ({ page }) => {
  const admin = await createUser({ role: "admin" });
  const sessionId = await signInAs(page.context(), admin);
  const parent = await createUser({ role: "parent", fullName: "Viewed Parent" });
  const ward = await createRegistration({ whatsappNumber: parent.localPhone });
  await connectTestDb();
  await Session.updateOne({ _id: sessionId }, { $set: { impersonatedUserId: parent.id } });
  await page.goto("/parent-dashboard");
  await expect(page.locator("header", { hasText: "Parent Portal" })).toContainText("Viewed Parent");
  await expect(page.getByRole("heading", { level: 2, name: ward.wardName })).toBeVisible();
  // The real user is an admin, so the Admin Portal tab stays.
  await expect(page.getByRole("link", { name: "Admin Portal" })).toBeVisible();
});

test("parents' dashboard pages: WhatsApp groups, evaluation forms and payment history", async ({ page, loginAs }) => {
  const parent = await loginAs("parent");
  await createRegistration({ whatsappNumber: parent.localPhone, programme: "arts", subjects: ["History"] });
  await page.goto("/dashboard/whatsapp");
  await expect(page.getByRole("heading", { level: 2, name: "General Arts" })).toBeVisible();
  // Which parents' group is chosen is the docs/product.md#integrations fallback lookup's business; a card is shown either way.
  await expect(page.getByText("This group is strictly for parents and guardians.")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/dashboard/evaluations");
  await expect(page.getByText("No evaluation forms are available yet.", { exact: false })).toBeVisible();
  await page.goto("/dashboard/payments");
  await expect(page.getByText("No payments recorded yet.", { exact: false })).toBeVisible();
});
