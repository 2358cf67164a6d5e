/**
 * The demo works at whatever address it is opened: started without APP_ORIGIN and opened at
 * http://127.0.0.1:<port> (as on a school's network at the machine's address, to try it on phones), a TEST-gateway
 * payment comes back to that address, where the browser holds its session, and lands on /payment-success signed in.
 * An app of its own: the shared one is started with APP_ORIGIN. Its own database in memory, so it signs in through the
 * form (the session fixtures write to the shared database).
 */
import { test, expect } from "#tests/support/fixtures.ts";
import { startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";
import { DEMO_ACCOUNTS } from "#app/models/seeds/seed.server.ts";

let app: IsolatedApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startIsolatedApp(
    { APP_ORIGIN: undefined, MONGODB_URI: undefined, DB_IN_MEMORY: "true", SEED_DEMO_DATA: "true" },
    { waitFor: "healthy" },
  );
});
test.afterAll(async () => {
  await app?.stop();
});

test("the demo opened at 127.0.0.1 pays through the TEST gateway and comes back there, signed in", async ({ page }) => {
  test.setTimeout(120_000);
  const at = app.url.replace("localhost", "127.0.0.1");
  const parent = DEMO_ACCOUNTS.find((a) => a.role === "parent")!;
  await page.goto(`${at}/portal?role=parent`);
  const signIn = page.locator("form#sign-in");
  await signIn.getByLabel("Phone number").fill(parent.phone);
  await signIn.getByLabel(/^Password/).fill(parent.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`^${at}/parent-dashboard`), { timeout: 30_000 });

  await page.goto(`${at}/dashboard/payments`);
  await page.getByRole("button", { name: "Pay with Mobile Money" }).first().click();
  await expect(page).toHaveURL(new RegExp(`^${at}/test-gateway/[a-z0-9]+$`));
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(new RegExp(`^${at}/payment-success\\?reference=`));
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Download receipt .* \(PDF\)/ })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveCount(0);
});
