import { spawn, type ChildProcess } from "node:child_process";
import mongoose from "mongoose";
import { createCookie } from "react-router";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  createRegistration,
  uniquePhone,
  connectTestDb,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { PROGRAMMES, programmeLabel } from "#app/domain/programmes.ts";
import { registrationSearchKeys } from "#app/domain/registration-search.ts";
import { Registration } from "#app/models/registration.server.ts";
import { User } from "#app/models/user.server.ts";
import { Session } from "#app/models/session.server.ts";
import { hashPassword } from "#app/models/password.server.ts";

/** A token no other test's data contains, to search and find only this test's rows. */
function token(prefix: string) {
  return `${prefix}${uniquePhone().slice(-6)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Minimal RFC 4180 parser (quotes, doubled quotes, commas inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else if (ch !== "\r") cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

async function downloadCsv(page: Page, url: string) {
  const response = await page.request.get(url, { maxRedirects: 0 });
  const bytes = await response.body();
  return { response, bytes, rows: parseCsv(new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes)) };
}

test.describe("Registration Management", () => {
  test("lists registrations newest first with the spec's columns, searches case-insensitively and filters by programme", async ({
    page,
    loginAs,
  }) => {
    const t = token("Srch");
    const old = await createRegistration({
      parentName: `Parent ${t} Old`,
      wardName: `Kwesi ${t}`,
      programme: "arts",
      subjects: ["Literature", "History"],
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const mid = await createRegistration({
      parentName: `Parent ${t} Mid`,
      wardName: `Ama ${t}`,
      programme: "science",
      subjects: ["Physics"],
      createdAt: new Date(Date.now() - 3_600_000),
    });
    await createRegistration({
      parentName: "Someone Else",
      wardName: `Esi ${t}`,
      programme: "business",
      subjects: ["Accounting"],
    });
    await loginAs("admin");

    await page.goto("/admin/registrations");
    await expect(page.getByRole("heading", { level: 1, name: "Registration Management" })).toBeVisible();
    const headers = page.getByRole("columnheader");
    await expect(headers).toHaveText([
      "Parent Name",
      "Ward Name",
      "Programme",
      "Subjects",
      "Status",
      "Fees",
      "Date",
      "Actions",
    ]);
    await expect(page.getByText("Total Enrolled")).toBeVisible();
    for (const label of ["General Science", "General Arts", "Business", "Visual Arts", "Home Economics"]) {
      await expect(page.getByRole("link", { name: `Download CSV for ${label}` })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
    await expectNoA11yViolations(page);

    // Search (a GET form): lower-case text matches the ward names; newest first.
    await page.getByLabel("Search registrations").fill(t.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${t.toLowerCase()}`));
    const rows = page.getByRole("row").filter({ hasText: t });
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(`Esi ${t}`);
    await expect(rows.nth(1)).toContainText(`Ama ${t}`);
    await expect(rows.nth(2)).toContainText(`Kwesi ${t}`);
    await expect(rows.nth(2)).toContainText("General Arts");
    await expect(rows.nth(2)).toContainText("Literature, History");
    await expect(rows.nth(2)).toContainText("Enrolled");

    // Programme filter narrows the same search.
    await page.getByLabel("Programme").selectOption("science");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("row").filter({ hasText: t })).toHaveCount(1);
    await expect(page.getByRole("row").filter({ hasText: `Ama ${t}` })).toBeVisible();

    // Search by a subject shown in the table, and by a parent name fragment.
    await page.goto(`/admin/registrations?q=${encodeURIComponent(`parent ${t} old`.toUpperCase())}`);
    await expect(page.getByRole("row").filter({ hasText: t })).toHaveCount(1);
    expect(old._id).toBeTruthy();
    expect(mid._id).toBeTruthy();

    // Regex characters are never operators: punctuation is not searched, the word still finds its three.
    await page.goto(`/admin/registrations?q=${encodeURIComponent(`${t}.*(`)}`);
    await expect(page.getByRole("row").filter({ hasText: t })).toHaveCount(3);
    await page.goto(`/admin/registrations?q=${encodeURIComponent(".*(")}`);
    await expect(page.getByText("No registrations found matching your criteria")).toBeVisible();
  });

  test("paginates on the server, 25 per page", async ({ page, loginAs }) => {
    const t = token("Page");
    await connectTestDb();
    const base = Date.now() - 10 * 86_400_000;
    await Registration.insertMany(
      Array.from({ length: 27 }, (_, i) => {
        const phone = `+23320${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
        return {
          parentName: `Parent ${t}`,
          whatsappNumber: phone,
          whatsappNumberNormalized: phone,
          wardName: `Ward ${t} ${String(i).padStart(2, "0")}`,
          wardNameKey: `ward ${t.toLowerCase()} ${String(i).padStart(2, "0")}`,
          searchKeys: registrationSearchKeys({
            parentName: `Parent ${t}`,
            wardName: `Ward ${t} ${String(i).padStart(2, "0")}`,
            whatsappNumberNormalized: phone,
          }),
          wardWhatsapp: phone,
          wardWhatsappNormalized: phone,
          currentSchool: "Test School",
          wardForm: "form-1",
          specificClass: "1A1",
          programme: "arts",
          vacation: DEMO_VACATION,
          subjects: ["History"],
          subjectCount: 1,
          updateMode: ["sms"],
          referralName: "Someone",
          referralStatus: "friend",
          createdAt: new Date(base + i * 60_000),
          updatedAt: new Date(base + i * 60_000),
        };
      }),
    );
    await loginAs("admin");
    await page.goto(`/admin/registrations?q=${t}`);
    await expect(page.getByText("Showing 1–25 of 27")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: t })).toHaveCount(25);
    await expect(page.getByRole("row").filter({ hasText: t }).first()).toContainText(`Ward ${t} 26`);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Showing 26–27 of 27")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: t })).toHaveCount(2);
    await expect(page.getByRole("row").filter({ hasText: t }).last()).toContainText(`Ward ${t} 00`);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
  });

  test("deletes a registration after confirming in a dialog @js-only", async ({ page, loginAs }) => {
    const t = token("DelJs");
    const reg = await createRegistration({ wardName: `Ward ${t}`, parentName: `Parent ${t}` });
    await loginAs("admin");
    await page.goto(`/admin/registrations?q=${t}`);
    await page.getByRole("button", { name: `Delete registration of Ward ${t}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete registration" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Delete the registration of Ward ${t}?`);
    await expectNoA11yViolations(page);
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: `Delete registration of Ward ${t}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Registration deleted successfully" })).toBeVisible();
    await expect(page.getByText("No registrations found matching your criteria")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${t}`));
    expect(await Registration.exists({ _id: reg._id })).toBeNull();
  });

  test("deletes a registration through a confirmation page @no-js-only", async ({ page, loginAs }) => {
    const t = token("DelNoJs");
    const reg = await createRegistration({ wardName: `Ward ${t}`, parentName: `Parent ${t}` });
    await loginAs("admin");
    await page.goto(`/admin/registrations?q=${t}`);
    await page.getByRole("link", { name: `Delete registration of Ward ${t}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/registrations/${reg._id}/delete`));
    await expect(page.getByText(`Delete the registration of Ward ${t}?`)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("row").filter({ hasText: `Ward ${t}` })).toBeVisible();

    await page.getByRole("link", { name: `Delete registration of Ward ${t}` }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/registrations\\?q=${t}`));
    await expect(page.getByRole("status").filter({ hasText: "Registration deleted successfully" })).toBeVisible();
    await expect(page.getByText("No registrations found matching your criteria")).toBeVisible();
    expect(await Registration.exists({ _id: reg._id })).toBeNull();

    // Deleting it again (e.g. a second tab) fails with the spec's toast.
    const again = await page.request.post(`/admin/registrations?q=${t}`, {
      form: { intent: "delete", id: reg._id },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
  });

  test("Delete All refuses anything but DELETE typed, and deletes nothing then", async ({ page, loginAs }) => {
    const t = token("Keep");
    const reg = await createRegistration({ wardName: `Ward ${t}` });
    await loginAs("admin");
    await page.goto("/admin/registrations/delete-all");
    await expect(page.getByRole("heading", { level: 1, name: "Delete all registrations" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel("Type DELETE to confirm").fill("delete");
    await page.getByRole("button", { name: "Delete All" }).click();
    await expect(page.getByLabel("Type DELETE to confirm")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Type DELETE to confirm").last()).toBeVisible();
    expect(await Registration.exists({ _id: reg._id })).not.toBeNull();
    // A direct POST without the word is refused too.
    const response = await page.request.post("/admin/registrations/delete-all", {
      form: { confirm: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await Registration.exists({ _id: reg._id })).not.toBeNull();
  });

  test("full CSV export: 19 columns, UTF-8 with BOM, newest first, formulas neutralised", async ({ page, loginAs }) => {
    const t = token("Csv");
    await createRegistration({
      parentName: `=HYPERLINK("http://x")`,
      wardName: `Ward ${t} A`,
      feedback: '+1 great, "really"',
      createdAt: new Date(Date.now() - 60_000),
    });
    await createRegistration({
      parentName: `Adwoa Ẹ̀kúá`,
      wardName: `Ward ${t} B`,
      alternativeNumber: "-5",
      programme: "business",
      subjects: ["Accounting", "Economics"],
      amountDue: 40000,
      amountPaid: 10010,
    });
    await loginAs("admin");
    const { response, bytes, rows } = await downloadCsv(page, "/admin/registrations/export");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename="registrations_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...data] = rows;
    expect(header).toEqual([
      "Date Registered",
      "Parent Name",
      "WhatsApp Number",
      "Alternative Number",
      "Ward Name",
      "Ward WhatsApp",
      "Current School",
      "Form",
      "Specific Class",
      "Programme",
      "Subjects",
      "Subject Count",
      "Update Mode",
      "Referral Name",
      "Referral Status",
      "Referral Other",
      "Join Student Groups",
      "Join Parent Group",
      "Feedback",
      // Fees come after the spec's 19 columns.
      "Amount Due (GH₵)",
      "Amount Paid (GH₵)",
      "Balance (GH₵)",
      // Then the vacation, and the reference a parent reads out on the phone.
      "Vacation",
      "Reference",
    ]);
    for (const row of data) expect(row).toHaveLength(24);
    const a = data.findIndex((r) => r[4] === `Ward ${t} A`);
    const b = data.findIndex((r) => r[4] === `Ward ${t} B`);
    expect(a).toBeGreaterThan(b); // newest first
    expect(data[a][1]).toBe(`'=HYPERLINK("http://x")`);
    expect(data[a][18]).toBe(`'+1 great, "really"`);
    expect(data[a][0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(data[b][1]).toBe("Adwoa Ẹ̀kúá");
    expect(data[b][3]).toBe("'-5");
    expect(data[b][9]).toBe("Business");
    expect(data[b][10]).toBe("Accounting, Economics");
    expect(data[b][11]).toBe("2");
    // Ghana numbers as Ghanaians write them (no apostrophe needed); labels, not stored codes.
    expect(data[b][2]).toMatch(/^0\d{2} \d{3} \d{4}$/);
    expect(data[b][12]).toBe("WhatsApp");
    expect(data[b][14]).toBe("Teacher");
    expect(data[b].slice(19, 22)).toEqual(["400.00", "100.10", "299.90"]);
    expect(data[a].slice(19, 22)).toEqual(["", "0.00", ""]); // no fee set for it
    expect(data[b][22]).toBe(DEMO_VACATION);
    // As the screens write it (docs/product.md: capitals in groups of four).
    expect(data[b][23]).toMatch(/^[A-Z0-9]{4} [A-Z0-9]{4} [A-Z0-9]{4}$/);
  });

  test("per-programme CSV: the view list's 11 columns, oldest first", async ({ page, loginAs }) => {
    const t = token("Prog");
    await createRegistration({ wardName: `Ward ${t} New`, programme: "visual-arts", subjects: ["Graphic Design"] });
    await createRegistration({
      wardName: `Ward ${t} Old`,
      programme: "visual-arts",
      subjects: ["Sculpture", "Textiles"],
      joinParentGroup: "no",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await createRegistration({ wardName: `Ward ${t} Other`, programme: "arts", subjects: ["History"] });
    await loginAs("admin");
    const { response, rows } = await downloadCsv(page, "/admin/registrations/export/visual-arts");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename="visual-arts_registrations_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...data] = rows;
    expect(header).toEqual([
      "Date Registered",
      "Programme",
      "Parent Name",
      "WhatsApp Number",
      "Ward Name",
      "Ward WhatsApp Number",
      "Registered Subjects",
      "Subject Count",
      "Referral Name",
      "Join Student Class Page",
      "Join Parent Group",
      "Amount Due (GH₵)",
      "Amount Paid (GH₵)",
      "Balance (GH₵)",
    ]);
    for (const row of data) {
      expect(row).toHaveLength(14);
      expect(row[1]).toBe("Visual Arts");
    }
    const oldIdx = data.findIndex((r) => r[4] === `Ward ${t} Old`);
    const newIdx = data.findIndex((r) => r[4] === `Ward ${t} New`);
    expect(oldIdx).toBeGreaterThanOrEqual(0);
    expect(newIdx).toBeGreaterThan(oldIdx);
    expect(data[oldIdx].slice(6, 11)).toEqual(["Sculpture, Textiles", "2", "Mr. Referee", "Yes", "No"]);
    expect(data.some((r) => r[4] === `Ward ${t} Other`)).toBe(false);
    // Unknown programmes are not found.
    expect((await page.request.get("/admin/registrations/export/physics", { maxRedirects: 0 })).status()).toBe(404);
  });

  test("a programme CSV download from its card @js-only", async ({ page, loginAs }) => {
    await createRegistration({ programme: "home-economics", subjects: ["Food and Nutrition"] });
    await loginAs("admin");
    await page.goto("/admin/registrations");
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV for Home Economics" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^home-economics_registrations_\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByRole("status").filter({ hasText: "Export Complete" })).toContainText(
      "CSV file downloaded successfully",
    );
  });
});

test.describe("Registration view list", () => {
  test("shows the 11 columns oldest first with a total and a CSV download", async ({ page, loginAs }) => {
    const t = token("View");
    await createRegistration({
      wardName: `Ward ${t}`,
      parentName: `Parent ${t}`,
      programme: "arts",
      subjects: ["History", "Literature"],
      createdAt: new Date("2001-01-02T08:05:00Z"),
    });
    await createRegistration({ wardName: `Ward ${t} Later`, createdAt: new Date("2002-06-01T10:00:00Z") });
    await loginAs("admin");
    const response = await page.goto("/registration-view-list");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText([
      "Date Registered",
      "Programme",
      "Parent Name",
      "WhatsApp Number",
      "Ward Name",
      "Ward WhatsApp Number",
      "Registered Subjects",
      "Subject Count",
      "Referral Name",
      "Join Student Class Page",
      "Join Parent Group",
    ]);
    await connectTestDb();
    expect(Number(await page.getByTestId("view-list-total").innerText())).toBeGreaterThanOrEqual(1);
    // Oldest first: the 2001 registration comes before the 2002 one, both on the first page.
    const wards = await page.getByRole("row").locator("td:nth-child(5)").allInnerTexts();
    expect(wards.indexOf(`Ward ${t}`)).toBeGreaterThanOrEqual(0);
    expect(wards.indexOf(`Ward ${t} Later`)).toBeGreaterThan(wards.indexOf(`Ward ${t}`));
    const first = page
      .getByRole("row")
      .filter({ hasText: `Ward ${t}` })
      .first();
    await expect(first.getByRole("cell").nth(0)).toHaveText("02/01/2001 08:05");
    await expect(first.getByRole("cell").nth(1)).toHaveText("General Arts");
    await expect(first.getByRole("cell").nth(6)).toHaveText("History, Literature");
    await expect(first.getByRole("cell").nth(7)).toHaveText("2");
    // The vacation shown (the one teaching, by default) is the one downloaded.
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      `/registration-view-list/export?vacation=${encodeURIComponent(DEMO_VACATION)}`,
    );
    await expectNoA11yViolations(page);

    const { response: csv, rows } = await downloadCsv(page, "/registration-view-list/export");
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(rows[0]).toHaveLength(14); // the list's 11 columns, then amount due, paid and balance
    const mine = rows.findIndex((r) => r[4] === `Ward ${t}`);
    expect(mine).toBeGreaterThan(0);
    expect(rows.findIndex((r) => r[4] === `Ward ${t} Later`)).toBeGreaterThan(mine);
    expect(rows[mine][0]).toBe("02/01/2001 08:05");
  });
});

/**
 * Delete All and empty-programme exports wipe or need an empty collection, so
 * they run against their own app and database (other specs share the main one).
 */
test.describe("with an isolated app and database", () => {
  let server: ChildProcess | null = null;
  let conn: mongoose.Connection | null = null;
  let baseURL = "";

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument to be a pattern
  test.beforeAll(async ({}, testInfo) => {
    const offset = 1000 + (testInfo.project.name === "no-js" ? 1 : 0);
    const port = E2E.port + offset;
    const dbPort = E2E.dbPort + offset;
    baseURL = `http://localhost:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "tests/support/e2e-server.ts"], {
      env: { ...process.env, E2E_PORT: String(port), E2E_DB_PORT: String(dbPort) },
      stdio: "ignore",
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`${baseURL}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error("isolated app did not start");
      await new Promise((r) => setTimeout(r, 300));
    }
    conn = await mongoose.createConnection(`mongodb://127.0.0.1:${dbPort}/vacation_classes_e2e`).asPromise();
  });

  test.afterAll(async () => {
    await conn?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
  });

  async function signInIsolated(page: Page) {
    const UserM = conn!.model("User", User.schema);
    const SessionM = conn!.model("Session", Session.schema);
    const phone = `+23305${String(Date.now()).slice(-8)}`;
    const user = await UserM.create({
      role: "admin",
      phone,
      fullName: "Isolated Admin",
      passwordHash: await hashPassword("x-password-1"),
    });
    const session = await SessionM.create({
      userId: user._id,
      expiresAt: new Date(Date.now() + 3600_000),
      lastSeenAt: new Date(),
    });
    const cookie = createCookie("__session", { secrets: [E2E.sessionSecret], path: "/" });
    const value = (await cookie.serialize(session._id)).split(";")[0].split("=").slice(1).join("=");
    await page.context().addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  }

  test("Delete All with DELETE typed removes every registration without confirmed payments; an empty programme export says No Data", async ({
    page,
  }) => {
    await signInIsolated(page);
    // The demo's registrations with confirmed payments are kept, with their payments and receipts (ADR 0091).
    const paid = (await conn!.collection("payments").distinct("registrationId", { state: "confirmed" })).map(String);
    expect(paid.length).toBeGreaterThan(0);
    await page.goto(`${baseURL}/admin/registrations`);
    await expect(page.getByTestId("count-total")).not.toHaveText("0");
    const js = test.info().project.name === "js";
    if (js) {
      await page.getByRole("button", { name: "Delete All" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete all registrations" });
      await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
      await dialog.getByRole("button", { name: "Delete All" }).click();
    } else {
      await page.getByRole("link", { name: "Delete All" }).click();
      await page.getByLabel("Type DELETE to confirm").fill("DELETE");
      await page.getByRole("button", { name: "Delete All" }).click();
    }
    await expect(page).toHaveURL(`${baseURL}/admin/registrations`);
    const toast = page.getByRole("status").filter({ hasText: "All registrations deleted successfully" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`${paid.length} registration(s) with confirmed payments were kept`);
    await expect(page.getByTestId("count-total")).toHaveText(String(paid.length));
    const left = await conn!
      .collection("registrations")
      .find({}, { projection: { _id: 1, programme: 1 } })
      .toArray();
    expect(left.map((r) => String(r._id)).sort()).toEqual([...paid].sort());

    // A programme with nothing left: its export says so.
    const empty = PROGRAMMES.find((p) => !left.some((r) => r.programme === p))!;
    await page.getByRole("link", { name: `Download CSV for ${programmeLabel(empty)}` }).click();
    const error = page.locator("[data-toast=error]");
    await expect(error).toContainText("No Data");
    await expect(error).toContainText(`No registrations found for ${programmeLabel(empty)} programme`);
    await expectNoA11yViolations(page);

    await page.goto(`${baseURL}/registration-view-list`);
    await expect(page.getByTestId("view-list-total")).toHaveText(String(paid.length));
  });
});
