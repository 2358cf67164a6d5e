import { spawn } from "node:child_process";
import { test, expect } from "#tests/support/fixtures.ts";
import { MongoClient } from "mongodb";
import { freePort, startIsolatedApp } from "#tests/support/isolated-app.ts";

/**
 * Two-factor sign-in for admins (docs/decisions/0078), on an app and database of its own (the setting is global):
 * with it on, the admin's right password only sends a code to the admin's phone; the session starts with the code.
 */
test("with two-factor on, an admin signs in with the password and then the code sent by SMS", async ({ page }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const db = spawn(
    process.execPath,
    ["--import", "tsx", "packages/embedded-mongo/src/cli.ts", "--memory", "--port", String(port), "--quiet"],
    { stdio: "ignore" },
  );
  const uri = `mongodb://127.0.0.1:${port}/two_factor`;
  const mongo = new MongoClient(uri, { serverSelectionTimeoutMS: 20_000 });
  const app = await startIsolatedApp({ MONGODB_URI: uri, SEED_DEMO_DATA: "true" }, { waitFor: "healthy" });
  try {
    await mongo.connect();
    const database = mongo.db("two_factor");
    await database.collection("settings").updateOne({ _id: "global" as never }, { $set: { twoFactorAuth: true } });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the settings cache (1 s)

    await page.goto(`${app.url}/portal?role=admin`);
    const form = page.locator("form#sign-in");
    await form.getByLabel("Phone number").fill("0244000001");
    await form.getByLabel(/^Password/).fill("demo-admin-2025");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Enter your sign-in code" })).toBeVisible();
    // Not signed in yet.
    const before = await page.request.get(`${app.url}/admin`, { maxRedirects: 0 });
    expect(before.status()).toBe(302);

    const sms = await database
      .collection<{ to: string; text: string; template: string }>("outbox")
      .findOne({ template: "code:admin-sign-in", to: "+233244000001" }, { sort: { createdAt: -1 } });
    const code = /\b(\d{6})\b/.exec(sms?.text ?? "")![1];
    await page.getByLabel("Code from the SMS").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByLabel("Code from the SMS")).toHaveAccessibleDescription(/The code is not right/);
    await page.getByLabel("Code from the SMS").fill(code);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(new RegExp(`${app.url}/admin$`));
    await expect(page.getByRole("status")).toContainText("Signed in successfully!");
  } finally {
    await app.stop();
    await mongo.close();
    db.kill("SIGTERM");
  }
});
