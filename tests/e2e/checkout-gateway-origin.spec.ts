/**
 * "Pay with Mobile Money" reaches a real gateway's checkout page on another origin, with JavaScript on and off. The
 * portal's CSP allows form posts to its own origin only (form-action 'self'), and Chromium applies that to where a
 * post redirects: a post answered with a redirect to the gateway is blocked and the parent sees nothing happen. Here
 * Paystack's stand-in serves its hosted checkout over HTTPS on its own origin, as checkout.paystack.com does.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { createCookie } from "react-router";
import { test, expect } from "@playwright/test";
import { E2E } from "#tests/support/e2e-env.ts";
import { connectTestDb } from "#tests/support/fixtures.ts";
import { startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";
import { startPaystackStandIn } from "#tests/support/stand-ins/paystack.ts";
import { User } from "#app/models/user.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Session } from "#app/models/session.server.ts";
import { Settings } from "#app/models/settings.server.ts";

/** A certificate for 127.0.0.1 that the app trusts through NODE_EXTRA_CA_CERTS (the browser ignores HTTPS errors). */
function selfSignedCertificate(dir: string) {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { keyFile: key, certFile: cert, key: fs.readFileSync(key, "utf8"), cert: fs.readFileSync(cert, "utf8") };
}

test("the parent's Pay with Mobile Money lands on the gateway's own checkout page on another origin", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-paystack-tls-"));
  const tls = selfSignedCertificate(dir);
  const gateway = await startPaystackStandIn("sk_test_origin", { tls: { key: tls.key, cert: tls.cert } });
  const uri = `mongodb://127.0.0.1:${E2E.dbPort}/checkout_origin_${testInfo.project.name.replace(/\W/g, "_")}`;
  const conn = await mongoose.createConnection(uri).asPromise();
  // The models' hooks (a registration raises the figures' revision) write through the default connection.
  await connectTestDb();
  let app: IsolatedApp | null = null;
  try {
    await conn.dropDatabase();
    await conn.model("Settings", Settings.schema).create({ _id: "global", paymentGateway: "paystack" });
    const parent = await conn.model("User", User.schema).create({
      role: "parent",
      fullName: "Gateway Parent",
      phone: "+233244990011",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$c29tZWhhc2g",
      phoneVerifiedAt: new Date(),
    });
    await conn.model("Registration", Registration.schema).create({
      parentName: "Gateway Parent",
      parentUserId: parent._id,
      whatsappNumber: "0244990011",
      whatsappNumberNormalized: "+233244990011",
      wardName: "Ama Gateway",
      wardNameKey: "ama gateway",
      wardWhatsapp: "0244990012",
      wardWhatsappNormalized: "+233244990012",
      currentSchool: "Test School",
      wardForm: "form-2",
      specificClass: "2S1",
      programme: "science",
      subjects: ["Mathematics", "Physics"],
      subjectCount: 2,
      updateMode: ["whatsapp"],
      referralName: "Mr. Referee",
      referralStatus: "teacher",
      joinStudentGroups: "yes",
      joinParentGroup: "yes",
      amountDue: 40000,
      amountPaid: 0,
      feeSeason: "E2E Season",
      paymentStatus: "unpaid",
    });
    const session = await conn.model("Session", Session.schema).create({
      userId: parent._id,
      expiresAt: new Date(Date.now() + 3600_000),
      lastSeenAt: new Date(),
    });
    app = await startIsolatedApp(
      {
        MONGODB_URI: uri,
        SEED_DEMO_DATA: "false",
        PAYSTACK_SECRET_KEY: gateway.secretKey,
        PAYSTACK_BASE_URL: gateway.baseUrl,
        NODE_EXTRA_CA_CERTS: tls.certFile,
      },
      { waitFor: "healthy" },
    );
    const cookie = (await createCookie("__session", { secrets: ["isolated-test-secret"] }).serialize(session._id))
      .split(";")[0]
      .split("=")
      .slice(1)
      .join("=");
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
    });
    await context.addCookies([{ name: "__session", value: cookie, url: app.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${app.url}/dashboard/payments`);
    await page.getByLabel("Amount to pay for Ama Gateway (GH₵)").fill("150");
    await page.getByRole("button", { name: "Pay with Mobile Money" }).click();
    await expect(page).toHaveURL(new RegExp(`^${gateway.baseUrl}/ac_\\d+$`));
    await expect(page.getByRole("heading", { name: "Paystack Checkout" })).toBeVisible();
    await expect(page.getByText("Pay GHS 150.00")).toBeVisible();
    expect(violations).toEqual([]);
    await context.close();
  } finally {
    await app?.stop();
    await conn.dropDatabase().catch(() => {});
    await conn.close();
    await gateway.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
