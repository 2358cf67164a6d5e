import { test, expect } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";

test("the home page renders on the server with the banner and a skip link @both", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Registration is still open.")).toBeVisible();
  const tel = page.getByRole("region", { name: "Announcement" }).getByRole("link").first();
  await expect(tel).toHaveAttribute("href", /^tel:\+233/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main");
  await expectNoA11yViolations(page);
});

test("an unknown URL shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("/healthz answers 200 when the database is up", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("OK");
});

test("a cross-site POST is refused with 403", async ({ request }) => {
  const response = await request.post("/sign-out", {
    headers: { Origin: "https://evil.example" },
    form: { redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});
