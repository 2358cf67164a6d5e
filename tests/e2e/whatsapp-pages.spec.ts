import {
  test,
  expect,
  createUser,
  signInAs,
  createRegistration,
  uniquePhone,
  addWhatsappGroups,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";

test.describe("/whatsapp", () => {
  test("asks anonymous visitors to log in", async ({ page }) => {
    await page.goto("/whatsapp");
    await expect(page).toHaveURL(/\/portal\?redirectTo=%2Fwhatsapp/);
    await expect(page.getByRole("alert").filter({ hasText: "Please log in to access WhatsApp groups." })).toBeVisible();
  });

  test("with a registration: a welcome banner and only class-page or subject-group cards of the ward's subjects", async ({
    page,
  }) => {
    const tag = uniquePhone().slice(-6);
    const [classPage, subjectGroup, general, other] = ["Class", "Subject", "General", "Other"].map(
      (n) => `WA ${n} ${tag}`,
    );
    await addWhatsappGroups([
      { subjectName: classPage, whatsappLink: "https://chat.whatsapp.com/WaClass" },
      { subjectName: subjectGroup, groupType: "subject", whatsappLink: "https://chat.whatsapp.com/Temporary" },
      { subjectName: general, groupType: "general", whatsappLink: "https://chat.whatsapp.com/WaGeneral" },
      { subjectName: other, whatsappLink: "https://chat.whatsapp.com/WaOther" },
    ]);
    const user = await createUser({ role: "student" });
    const registration = await createRegistration({
      wardWhatsapp: user.localPhone,
      subjects: [classPage, subjectGroup, general],
    });
    await signInAs(page.context(), user);

    await page.goto("/whatsapp");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("WhatsApp Class Pages");
    const welcome = page.getByRole("region", { name: "Welcome" });
    await expect(welcome).toContainText(`Welcome, ${registration.wardName}!`);
    await expect(welcome).toContainText("General Science");
    await expect(welcome).toContainText("3 subjects");

    const cards = page.getByRole("region", { name: "Your class pages" }).getByRole("listitem");
    await expect(cards.getByRole("heading")).toHaveText([classPage, subjectGroup]);
    await expect(cards.nth(0).getByRole("link", { name: /^Join Class Now/ })).toHaveAttribute(
      "href",
      "https://chat.whatsapp.com/WaClass",
    );
    await expect(cards.nth(0)).toContainText("Class Page");
    await expect(cards.nth(1)).toContainText("Subject Group");
    // 'Temporary' contains 'temp': unusable.
    await expect(cards.nth(1).getByRole("button", { name: /Class Page Coming Soon/ })).toBeDisabled();
    await expect(page.getByRole("region", { name: "Group Guidelines" }).getByRole("listitem")).toHaveCount(5);
    await expectNoA11yViolations(page);
  });

  test("with a registration but no groups: the groups-being-set-up message", async ({ page }) => {
    const user = await createUser({ role: "student" });
    await createRegistration({ wardWhatsapp: user.localPhone, subjects: [`Nothing ${uniquePhone()}`] });
    await signInAs(page.context(), user);
    await page.goto("/whatsapp");
    await expect(page.getByRole("heading", { name: "WhatsApp groups being set up" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("without a registration: the browse-all banner and every class page by programme then subject", async ({
    page,
    loginAs,
  }) => {
    await loginAs("parent");
    await page.goto("/whatsapp");
    await expect(page.getByRole("region", { name: "Browse all class pages" })).toBeVisible();
    const cards = page.getByRole("region", { name: "All class pages" }).getByRole("listitem");
    await expect(cards.first()).toContainText("General Arts");
    const headings = await cards.getByRole("heading").allTextContents();
    // Parent groups are never listed here.
    expect(headings).not.toContain("General Science Parents");
    // Arts (the first programme) is sorted by subject.
    const arts = (await cards.filter({ hasText: "General Arts" }).getByRole("heading").allTextContents()).filter(
      (h) => !h.startsWith("WA "),
    );
    expect(arts).toEqual([...arts].sort());
    expect(arts.length).toBeGreaterThanOrEqual(14);
    await expectNoA11yViolations(page);
  });
});

test.describe("/parent-whatsapp-groups", () => {
  test("is open to everyone: the Science card, other programmes and the link rule", async ({ page }) => {
    const hashName = `Home Economics Parents ${uniquePhone()}`;
    await addWhatsappGroups([
      { subjectName: hashName, programme: "home-economics", groupType: "parent", whatsappLink: "#" },
    ]);
    await page.goto("/parent-whatsapp-groups");
    await expect(page.getByRole("heading", { level: 1, name: "Parent WhatsApp Groups" })).toBeVisible();

    const science = page.getByRole("region", { name: "Science Programme Parents" });
    await expect(science).toContainText("General Science Parents");
    await expect(
      science.getByRole("link", { name: /^Join Parents Group for General Science Parents/ }),
    ).toHaveAttribute("href", /^https:\/\/chat\.whatsapp\.com\//);

    const others = page.getByRole("region", { name: "Other Programmes Parents" });
    const card = (name: string) =>
      others.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(
      card("General Arts Parents").getByRole("link", { name: /^Join Parents Group for General Arts Parents/ }),
    ).toBeVisible();
    await expect(others.getByRole("heading", { name: "General Science Parents" })).toHaveCount(0);
    // Seeded 'placeholder' link and our '#' link are unavailable.
    for (const name of ["Visual Arts Parents", hashName]) {
      await expect(card(name).getByRole("button", { name: "Link Coming Soon" })).toBeDisabled();
      await expect(card(name)).toContainText("This group link will be available soon");
      await expect(card(name).getByRole("link")).toHaveCount(0);
    }
    await expect(page.getByRole("region", { name: "Group Guidelines" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("announces which parents group is opening @js-only", async ({ page, context }) => {
    await context.route("https://chat.whatsapp.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    await page.goto("/parent-whatsapp-groups");
    const popup = context.waitForEvent("page");
    await page.getByRole("region", { name: "Science Programme Parents" }).getByRole("link").click();
    await popup;
    await expect(
      page.getByRole("status").filter({ hasText: "Opening General Science Parents WhatsApp group" }),
    ).toBeVisible();
  });
});
