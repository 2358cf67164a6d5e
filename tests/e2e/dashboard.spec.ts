import { test, expect, connectTestDb, createUser, signInAs } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { Communication } from "#app/models/communication.server.ts";
import type { Role } from "#app/domain/roles.ts";

const SIDEBAR: Record<Role, string[]> = {
  student: ["Overview", "WhatsApp Groups"],
  facilitator: ["Overview", "Subjects", "Assignments", "Communications", "Classes", "Student Management", "Analytics"],
  parent: ["Overview", "WhatsApp Groups", "Communications", "Evaluation Forms", "Payment History"],
  admin: ["Overview", "Analytics", "Portal Management"],
};

for (const role of Object.keys(SIDEBAR) as Role[]) {
  test(`${role}: the sidebar lists the role's links and every one renders a page${role === "student" ? " @both" : ""}`, async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(150_000); // one axe run per page
    await loginAs(role);
    await page.goto("/dashboard");
    const sidebar = page.getByRole("navigation", { name: "Dashboard", exact: true });
    await expect(sidebar.getByRole("link")).toHaveText(SIDEBAR[role]);
    const hrefs = await sidebar.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    for (const [i, href] of hrefs.entries()) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(SIDEBAR[role][i]);
      // The current page's link is highlighted (aria-current), and only that one.
      await expect(sidebar.getByRole("link", { name: SIDEBAR[role][i], exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(sidebar.locator("[aria-current=page]")).toHaveCount(1);
      await expectNoA11yViolations(page);
    }
  });
}

test("the mobile bottom bar shows the first 4 links but Communications; the menu holds the same actions", async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await loginAs("facilitator");
  await page.goto("/dashboard/students");
  const bottom = page.getByRole("navigation", { name: "Quick links" });
  await expect(bottom.getByRole("link")).toHaveText(["Overview", "Subjects", "Assignments", "Classes"]);
  await expect(page.getByRole("navigation", { name: "Dashboard", exact: true })).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Dashboard menu" });
  await expect(menu.getByRole("link", { name: "Student Management" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a parent's bottom bar also holds exactly 4 links, Payment History among them", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await loginAs("parent");
  await page.goto("/dashboard");
  await expect(page.getByRole("navigation", { name: "Quick links" }).getByRole("link")).toHaveText([
    "Overview",
    "WhatsApp Groups",
    "Evaluation Forms",
    "Payment History",
  ]);
});

const FORBIDDEN: Array<[Role, string]> = [
  ["student", "/dashboard/analytics"],
  ["student", "/dashboard/students"],
  ["parent", "/dashboard/subjects"],
  ["parent", "/dashboard/portal-management"],
  ["facilitator", "/dashboard/payments"],
  ["facilitator", "/dashboard/portal-management"],
  ["admin", "/dashboard/whatsapp"],
  ["admin", "/dashboard/evaluations"],
];

test("a role that is not allowed a page gets a 403, not the page", async ({ page, loginAs }) => {
  const users = new Map<Role, boolean>();
  for (const [role, path] of FORBIDDEN) {
    if (!users.has(role)) {
      await page.context().clearCookies();
      await loginAs(role);
      users.set(role, true);
    }
    const response = await page.goto(path);
    expect(response?.status(), `${role} ${path}`).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  }
  await expectNoA11yViolations(page);
});

test("an anonymous visitor is sent to sign in", async ({ page }) => {
  await page.goto("/dashboard/analytics");
  await expect(page).toHaveURL(/\/portal\?redirectTo=%2Fdashboard%2Fanalytics/);
});

test("analytics shows real registration counts per programme and subject", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/dashboard/analytics");
  const perProgramme = page.getByRole("table", { name: "Registrations per programme" });
  await expect(perProgramme.getByRole("row", { name: /General Science/ })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Registrations per subject" }).getByRole("row", { name: /Mathematics \d+/ }),
  ).toBeVisible();
});

test("portal management links into the admin portal", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/dashboard/portal-management");
  await page.getByRole("link", { name: "Registrations" }).click();
  await expect(page).toHaveURL(/\/admin\/registrations$/);
});

test("the bell counts unseen announcements; opening the list marks them seen @no-js-only", async ({
  page,
  loginAs,
}) => {
  await loginAs("student");
  await connectTestDb();
  const title = `Exam week ${Date.now()}`;
  await Communication.create({ title, message: "Revise chapters 1-4.", senderId: "system", recipientType: "students" });
  await Communication.create({
    title: `Parents only ${Date.now()}`,
    message: "Not for students.",
    senderId: "system",
    recipientType: "parents",
  });
  await page.goto("/dashboard");
  const bell = page.getByRole("link", { name: /^Notifications \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(title) })).toBeVisible();
  await expect(page.getByText("Not for students.")).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByRole("status")).toContainText("All notifications marked as read");
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
});

test("the bell opens a popover listing announcements and the badge clears @js-only", async ({ page, loginAs }) => {
  await loginAs("parent");
  await connectTestDb();
  const title = `Fees reminder ${Date.now()}`;
  await Communication.create({ title, message: "Fees are due Friday.", senderId: "system", recipientType: "parents" });
  await page.goto("/dashboard");
  await expect(page.getByTestId("notification-badge")).toBeVisible();
  await page.getByRole("button", { name: /^Notifications \d+ unread$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  await expect(dialog.getByText(title)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
});

test("the profile menu is a menu with JavaScript: name, email, role badge, Profile, Settings, Log out @js-only", async ({
  page,
  loginAs,
}) => {
  const user = await loginAs("facilitator", { fullName: "Menu Tester", email: "menu.tester@example.com" });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /profile menu/ }).click();
  const menu = page.getByRole("menu", { name: "Profile menu" });
  await expect(menu).toContainText(user.fullName);
  await expect(menu).toContainText("menu.tester@example.com");
  await expect(menu).toContainText("Facilitator");
  await expect(menu.getByRole("menuitem")).toHaveText(["Profile", "Settings", "Log out"]);
  await expectNoA11yViolations(page);
  await menu.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole("button", { name: /profile menu/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status")).toContainText("Signed out successfully");
});

test("without JavaScript the profile menu is plain links and a sign-out form @no-js-only", async ({
  page,
  loginAs,
}) => {
  await loginAs("parent", { fullName: "Plain Menu", email: "plain.menu@example.com" });
  await page.goto("/dashboard");
  await page.getByText("Profile menu").click();
  await expect(page.getByText("plain.menu@example.com").first()).toBeVisible();
  await page.getByRole("link", { name: "Profile", exact: true }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status")).toContainText("Signed out successfully");
});

test("Sign Out in the shell goes to /", async ({ page, loginAs }) => {
  await loginAs("student");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  const response = await page.goto("/dashboard");
  expect(response?.url()).toMatch(/\/portal/);
});

test("/assignments: a student's in the student portal's tabs, one tap from the schedule; others' in the shell", async ({
  page,
}) => {
  for (const role of ["student", "facilitator"] as Role[]) {
    await page.context().clearCookies();
    const user = await createUser({ role });
    await signInAs(page.context(), user);
    const response = await page.goto("/assignments");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Assignments" })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const studentTabs = page.getByRole("navigation", { name: "Student portal" });
    if (role === "student") {
      await expect(studentTabs.getByRole("link", { name: "Assignments" })).toHaveAttribute("aria-current", "page");
      await expectNoA11yViolations(page);
      await studentTabs.getByRole("link", { name: "Schedule" }).click();
      await expect(page).toHaveURL(/\/student-dashboard\/schedule$/);
    } else await expect(studentTabs).toHaveCount(0);
  }
  await expect(page.getByRole("link", { name: "Upload an assignment" })).toBeVisible();
  await expectNoA11yViolations(page);
});
