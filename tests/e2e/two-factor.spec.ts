import { spawn } from "node:child_process";
import { test, expect } from "#tests/support/fixtures.ts";
import { MongoClient } from "mongodb";
import { freePort, startIsolatedApp } from "#tests/support/isolated-app.ts";

/**
 * Two-factor sign-in for admins (docs/decisions/0078), on an app and database of its own (the setting is global):
 * with it on, the admin's right password only sends a code to the admin's phone; the session starts with the code.
 */
/** A database and an app of their own with the demo data and two-factor on (the setting is global). */
async function twoFactorApp(name: string) {
  const port = await freePort();
  const db = spawn(
    process.execPath,
    ["--import", "tsx", "packages/embedded-mongo/tools/cli.ts", "--memory", "--port", String(port), "--quiet"],
    { stdio: "ignore" },
  );
  const uri = `mongodb://127.0.0.1:${port}/${name}`;
  const mongo = new MongoClient(uri, { serverSelectionTimeoutMS: 20_000 });
  const app = await startIsolatedApp({ MONGODB_URI: uri, SEED_DEMO_DATA: "true" }, { waitFor: "healthy" });
  const stop = async () => {
    await app.stop();
    await mongo.close();
    db.kill("SIGTERM");
  };
  try {
    await mongo.connect();
    const database = mongo.db(name);
    await database.collection("settings").updateOne({ _id: "global" as never }, { $set: { twoFactorAuth: true } });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the settings cache (1 s)
    return { app, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

test("with two-factor on, an admin signs in with the password and then the code sent by SMS", async ({ page }) => {
  test.setTimeout(120_000);
  const { app, database, stop } = await twoFactorApp("two_factor");
  try {
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
    await stop();
  }
});

/**
 * Wrong codes count against the account across codes: a right password sends a new code, but not five fresh tries.
 * Past 10 wrong codes in an hour the account's sign-in pauses, even for the right code, and the admin is told by SMS.
 */
test("@js-only ten wrong two-factor codes over several codes pause the admin's sign-in and tell the admin", async () => {
  test.setTimeout(120_000);
  const { app, database, stop } = await twoFactorApp("two_factor_guess");
  try {
    const outbox = database.collection<{ to: string; text: string; template: string }>("outbox");

    /** The right password: the code step's cookie, or the page's refusal. */
    const password = async () => {
      const res = await fetch(`${app.url}/portal?role=admin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", phone: "0244000001", password: "demo-admin-2025" }),
        redirect: "manual",
      });
      return { status: res.status, cookie: res.headers.get("set-cookie")?.split(";")[0] ?? "", text: await res.text() };
    };
    const enter = async (cookie: string, code: string) => {
      const res = await fetch(`${app.url}/sign-in/code`, {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ code }),
        redirect: "manual",
      });
      return { status: res.status, text: await res.text() };
    };
    const latestCode = async () =>
      /\b(\d{6})\b/.exec(
        (await outbox.findOne({ template: "code:admin-sign-in" }, { sort: { createdAt: -1 } }))?.text ?? "",
      )![1];
    const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

    // Four wrong codes on each of three codes (a new one per right password): the eleventh try is refused unchecked.
    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      const { status, cookie } = await password();
      expect(status).toBe(302);
      const code = await latestCode();
      for (let i = 0; i < 4; i++) answers.push((await enter(cookie, wrong(code))).status);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers.slice(10)).toEqual([429, 429]);

    // Paused: no new code for the right password, and the admin has been told, once.
    const paused = await password();
    expect(paused.status).toBe(429);
    expect(paused.text).toContain("Too many wrong sign-in codes for this account");
    expect(await outbox.countDocuments({ template: "2fa-paused", to: "+233244000001" })).toBe(1);
  } finally {
    await stop();
  }
});
