import { test, expect, createRegistration, uniquePhone } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { formatPhone, normalizePhone } from "#app/domain/phone.ts";

/**
 * The weekly progress SMS sent now by an admin (docs/decisions/0109-weekly-progress-by-sms.md): the page says what it
 * would send, the button queues one SMS per parent number with a line per ward, and a second press sends that parent
 * nothing again. The figures themselves: app/services/teaching/weekly-progress.server.test.ts.
 */
test("an admin sends this week's progress now: one SMS per parent with a line per ward, once", async ({
  page,
  loginAs,
}) => {
  const parentPhone = uniquePhone();
  const suffix = uniquePhone().slice(-4);
  // A subject of their own: no other test's work falls due in it.
  const subjects = [`Weekly subject ${suffix}`];
  await createRegistration({ whatsappNumber: parentPhone, wardName: `Adwoa Progress ${suffix}`, subjects });
  await createRegistration({ whatsappNumber: parentPhone, wardName: `Kojo Progress ${suffix}`, subjects });
  await loginAs("admin");
  await page.goto("/admin/messages");
  await page.getByRole("link", { name: "Weekly progress SMS" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly progress SMS" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Send This Week's Progress Now" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /Weekly progress: \d+ SMS queued/ })
      .first(),
  ).toBeVisible();

  const ours = async () => {
    await page.goto(`/admin/messages?q=${encodeURIComponent(formatPhone(normalizePhone(parentPhone)))}`);
    return page.getByRole("listitem").filter({ hasText: "this week:" });
  };
  const row = await ours();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Adwoa Progress ${suffix}: 0/0 lessons, 0 work missing, marks none yet.`);
  await expect(row).toContainText(`Kojo Progress ${suffix}: 0/0 lessons`);

  await page.goto("/admin/messages/weekly-progress");
  await page.getByRole("button", { name: "Send This Week's Progress Now" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /Weekly progress: \d+ SMS queued/ })
      .first(),
  ).toBeVisible();
  await expect(await ours()).toHaveCount(1);
});
