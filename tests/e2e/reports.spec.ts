import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import {
  test,
  expect,
  createRegistration,
  createUser,
  sessionCookieHeader,
  signInAs,
  uniquePhone,
} from "#tests/support/fixtures.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { startIsolatedApp } from "#tests/support/isolated-app.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { formatPhone, normalizePhone } from "#app/domain/phone.ts";

/**
 * End-of-vacation reports (docs/decisions/0110-end-of-vacation-reports.md): the parent downloads the ward's report from
 * the ward page; the admin sends every parent the signed link, which opens the PDF without signing in; nobody else
 * gets the ward's report. The report's contents: app/services/teaching/reports.server.test.ts.
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
  // A link garbled on the way gets the school's page (a basic phone's browser shows it), with the school's numbers.
  const garbled = await stranger.request.get(tampered);
  expect(garbled.status()).toBe(404);
  expect(garbled.headers()["content-type"]).toContain("text/html");
  const page404 = await garbled.text();
  expect(page404).toContain("This link does not open a report");
  expect(page404).toMatch(/href="tel:\+233\d{9}"/);
  await stranger.close();
});

/** A report link as the portal signs it (app/utils/report-link.server.ts), under `secret`. */
function signedReportPath(registrationId: string, secret: string) {
  const expires = (Math.floor(Date.now() / 86_400_000) + 30).toString(36);
  const mac = createHmac("sha256", secret)
    .update(`report:${registrationId}:${expires}`)
    .digest("base64url")
    .slice(0, 22);
  return `/reports/${registrationId}.${expires}.${mac}`;
}

/** CPU time, in clock ticks, of each named thread of a process (/proc/<pid>/task/<tid>/comm and stat). */
function threadTicks(pid: number): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
    ticks.set(name, (ticks.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

/**
 * Four report links at once on an app of its own, on the shared database so that the wards made here are there: the
 * PDFs' work is done by its PDF thread, not by the thread that answers requests (measured as each thread's CPU from
 * /proc, which another process's load does not change the way it changes a delay), and every other answer meanwhile
 * comes within 2 s.
 */
test("@js-only four report links rendered at once leave the server's thread free for everyone else", async () => {
  // The shared app's secret: the student's cookie made below opens this app too.
  const secret = E2E.sessionSecret;
  const app = await startIsolatedApp(
    // The shared database's counters: the other specs' report links from 127.0.0.1 count there too.
    {
      MONGODB_URI: E2E.mongodbUri,
      SEED_DEMO_DATA: "false",
      SESSION_SECRET: secret,
      REPORT_LINKS_PER_10_MINUTES: "100000",
    },
    { waitFor: "healthy" },
  );
  try {
    const wards = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => createRegistration()));
    const student = await sessionCookieHeader(await createUser({ role: "student" }));
    const timed = async (path: string, cookie?: string) => {
      const started = performance.now();
      const res = await fetch(`${app.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
      await res.arrayBuffer();
      return { path, status: res.status, type: res.headers.get("content-type"), ms: performance.now() - started };
    };
    // A first PDF starts the thread (and loads pdfkit there); then four at once.
    await timed(signedReportPath(String(wards[7]!._id), secret));
    const before = threadTicks(app.proc.pid!);
    const pdfs = await Promise.all(wards.slice(0, 4).map((w) => timed(signedReportPath(String(w._id), secret))));
    const after = threadTicks(app.proc.pid!);
    expect(pdfs.map((a) => [a.status, a.type])).toEqual(Array(4).fill([200, "application/pdf"]));
    const spent = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    // The request thread read the wards and answered; the PDF thread made the PDFs.
    expect(spent("pdf-thread"), "the PDF thread's CPU").toBeGreaterThan(0);
    expect(spent("MainThread"), "the request thread's CPU").toBeLessThan(spent("pdf-thread"));
    // Three more while a student uses the portal: the PDFs made, the student's every page answered within 2 s.
    const answers = await Promise.all([
      ...wards.slice(4, 7).map((w) => timed(signedReportPath(String(w._id), secret))),
      ...[0, 1, 2].map(() => timed("/student-dashboard", student)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    for (const a of answers.slice(3)) expect(a.ms, `${a.path} answered in ${Math.round(a.ms)} ms`).toBeLessThan(2_000);
  } finally {
    await app.stop();
  }
});
