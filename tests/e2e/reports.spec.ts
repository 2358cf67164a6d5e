import { test, expect, createRegistration, createUser, signInAs, uniquePhone } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { formatPhone, normalizePhone } from "#app/domain/phone.ts";

/**
 * End-of-vacation reports (docs/decisions/0110-end-of-vacation-reports.md): the parent downloads the ward's report from
 * the ward page; the admin sends every parent the signed link, which opens the PDF without signing in; nobody else
 * gets the ward's report. The report's contents: app/services/reports.server.test.ts.
 */
test("a parent downloads the ward's report; the admin texts the signed link, which opens without signing in", async ({
  page,
  loginAs,
  browser,
}) => {
  const parentPhone = uniquePhone();
  const parent = await createUser({ role: "parent" });
  const ward = await createRegistration({
    whatsappNumber: parentPhone,
    wardName: `Report Ward ${uniquePhone().slice(-4)}`,
    parentUserId: parent.id,
  });
  await signInAs(page.context(), parent);
  await page.goto(`/parent-dashboard/wards/${ward._id}`);
  const link = page.getByRole("link", { name: `Download ${ward.wardName}'s report (PDF)` });
  const download = await page.request.get((await link.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");

  // Another parent gets nothing of it.
  await page.context().clearCookies();
  await signInAs(page.context(), await createUser({ role: "parent" }));
  expect((await page.request.get(`/wards/${ward._id}/report.pdf`)).status()).toBe(404);

  await page.context().clearCookies();
  await loginAs("admin");
  await page.goto("/admin/messages");
  await page.getByRole("link", { name: "End-of-vacation reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "End-of-vacation reports" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Send Reports" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /Reports: \d+ SMS queued/ })
      .first(),
  ).toBeVisible();
  await page.goto(`/admin/messages?q=${encodeURIComponent(formatPhone(normalizePhone(parentPhone)))}`);
  const message = page.getByRole("listitem").filter({ hasText: `${ward.wardName}'s report` });
  await expect(message).toHaveCount(1);
  const url = /https?:\/\/\S+\/reports\/\S+/.exec((await message.textContent())!)![0];

  // Forwarded to a phone that never signed in: the PDF, and only with the link as sent.
  const stranger = await browser.newContext();
  const opened = await stranger.request.get(new URL(url).pathname);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  const path = new URL(url).pathname;
  const tampered = `${path.slice(0, -1)}${path.endsWith("x") ? "y" : "x"}`;
  expect((await stranger.request.get(tampered)).status()).toBe(404);
  await stranger.close();
});
