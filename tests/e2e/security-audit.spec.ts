/**
 * The second security audit's findings (docs/decisions/0070-limits-and-ownership.md), each reproduced against the
 * built app: every test here failed before its fix. (The ownership finding, end to end, is in ownership.spec.ts; the
 * fuzzing of every action and query parameter in hostile-input.spec.ts; the duplicate enrolment's wording in
 * registration.spec.ts.)
 */
import {
  test,
  expect,
  connectTestDb,
  createRegistration,
  createUser,
  sessionCookieHeader,
  setPermissions,
  signInAs,
  uniquePhone,
  giveSubjects,
  enrolmentForm,
} from "#tests/support/fixtures.ts";
import { startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";
import { logged, logLines } from "#tests/support/log-lines.ts";
import { waitForHydration } from "#tests/support/hydration.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { pool } from "#tests/support/pool.ts";
import { ADMIN_PERMISSION_FLAGS } from "#app/domain/roles.ts";
import { UNREADABLE_TEXT } from "#app/domain/messages.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { User } from "#app/models/user.server.ts";
import { addQuestion, createEvaluationForm } from "#app/models/evaluation.server.ts";

const SAME_ORIGIN = { Origin: E2E.baseURL };
/** Begins like a PDF (so it is one by its bytes), holds a page with a script. */
const POLYGLOT = Buffer.from("%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n");

test.describe("limits no single client can use up @js-only", () => {
  let app: IsolatedApp;
  test.beforeAll(async () => {
    // The default limits, the demo data, and client addresses from X-Forwarded-For (a proxy on loopback).
    app = await startIsolatedApp(
      { MONGODB_URI: undefined, DB_IN_MEMORY: "true", SEED_DEMO_DATA: "true", TRUST_PROXY: "loopback" },
      { waitFor: "healthy" },
    );
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  const post = (path: string, body: Record<string, string> | string, address: string, contentType?: string) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": address, ...(contentType ? { "Content-Type": contentType } : {}) },
      body: typeof body === "string" ? body : new URLSearchParams(body),
      redirect: "manual",
    });

  test("a post whose forwarded protocol differs from its Origin is refused with one log line, no stack", async () => {
    const res = await fetch(`${app.url}/portal?role=parent`, {
      method: "POST",
      headers: { "X-Forwarded-For": "10.30.0.1", "X-Forwarded-Proto": "https", Origin: app.url },
      body: new URLSearchParams({ intent: "signin", phone: "0244000003", password: "demo-parent-2025" }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    await expect.poll(() => logged(app.output(), "origin", "refused POST /portal")).toBe(true);
    expect(
      logLines(app.output()).filter(
        (line) => line.err?.message?.includes("Aborting the action") || /Aborting the action\.\n\s+at /.test(line.msg),
      ),
    ).toEqual([]);
  });

  test("620 junk sign-ins from one address: the real admin and a new parent still get in", async () => {
    test.setTimeout(120_000);
    const junk = await pool(
      Array.from(
        { length: 620 },
        (_, i) => async () =>
          (
            await post(
              "/portal?role=parent",
              { intent: "signin", phone: `050${String(i).padStart(7, "0")}`, password: "junk" },
              "10.66.6.6",
            )
          ).status,
      ),
      20,
    );
    expect(junk.filter((s) => s >= 500)).toEqual([]);
    expect(junk.filter((s) => s === 429).length, "the attacker is held back by its own limit").toBeGreaterThan(500);
    const admin = await post(
      "/portal?role=admin",
      { intent: "signin", phone: "0244000001", password: "demo-admin-2025" },
      "10.20.0.1",
    );
    expect(admin.status, "the real admin's correct password").toBe(302);
    const phone = "0509990001";
    const signUp = await post(
      "/portal?role=parent",
      {
        intent: "signup",
        role: "parent",
        phone,
        fullName: "New Parent",
        email: "new.parent@example.com",
        password: "good-pass-42",
        confirmPassword: "good-pass-42",
      },
      "10.20.0.2",
    );
    expect(signUp.status, "a new sign-up").toBe(302);
  });

  const enrolment = (whatsappNumber: string) => enrolmentForm({ parentName: "Akosua Mensah", whatsappNumber });

  test("anonymous enrolment: limited per address and per WhatsApp number, values kept, others unaffected", async () => {
    test.setTimeout(120_000);
    const fromOne = await pool(
      Array.from(
        { length: 61 },
        () => async () => (await post("/registration", enrolment(uniquePhone()), "10.30.0.1")).status,
      ),
      4,
    );
    expect(fromOne.filter((s) => s === 302)).toHaveLength(60);
    const refused = await post(
      "/registration",
      { ...enrolment(uniquePhone()), wardName: "Kept Ward Name" },
      "10.30.0.1",
    );
    expect(refused.status).toBe(429);
    const page = await refused.text();
    expect(page).toContain("Too many registrations have been sent from this connection");
    expect(page, "what the parent typed is kept").toContain("Kept Ward Name");
    expect((await post("/registration", enrolment(uniquePhone()), "10.30.0.2")).status, "another address").toBe(302);

    const parent = uniquePhone();
    const sameNumber: number[] = [];
    for (let i = 0; i < 11; i++)
      sameNumber.push((await post("/registration", enrolment(parent), `10.31.0.${i + 1}`)).status);
    expect(sameNumber.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(sameNumber[10], "the 11th enrolment naming one parent number in a day").toBe(429);
  });

  test("CSP reports: limited per address, and a body that is not a report is a 400 with no stack trace", async () => {
    const report = JSON.stringify({
      "csp-report": { "document-uri": `${app.url}/`, "violated-directive": "script-src" },
    });
    const statuses = await pool(
      Array.from(
        { length: 300 },
        () => async () => (await post("/__csp-report", report, "10.40.0.1", "application/csp-report")).status,
      ),
      10,
    );
    expect(statuses.filter((s) => s === 204)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(280);
    const before = app.output().length;
    expect((await post("/__csp-report", "{not json", "10.40.0.2", "application/csp-report")).status).toBe(400);
    expect((await post("/__csp-report", "null", "10.40.0.3", "application/json")).status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    const lines = logLines(app.output().slice(before)).filter((line) => line.msg !== "request");
    expect(lines, "nothing logged for bad input but the requests").toEqual([]);
  });
});

test("unique query strings on a cached page share one entry; a free redirect target is never stored @js-only", async ({
  request,
}) => {
  const misses: string[] = [];
  for (let i = 0; i < 40; i++) {
    const response = await request.get(`/registration?u=${Date.now()}-${i}`, { headers: { "Accept-Encoding": "br" } });
    expect(response.status()).toBe(200);
    if (response.headers()["x-page-cache"] !== "hit") misses.push(String(i));
  }
  // One render per second at most (the entries live 1 s), not one per address.
  expect(misses.length).toBeLessThan(10);
  const withTarget = await request.get(`/portal?redirectTo=${encodeURIComponent(`/admin?x=${Date.now()}`)}`);
  expect(withTarget.headers()["x-page-cache"]).toBeUndefined();
  await expect(await withTarget.text()).toContain("redirectTo");
});

test("an admin with every flag removed has no facilitator or file powers either @js-only", async ({
  request,
  page,
  loginAs,
}) => {
  const facilitator = await loginAs("facilitator");
  await giveSubjects(facilitator.id, "Mathematics");
  const upload = await page.request.post("/facilitator-dashboard/assignments", {
    headers: SAME_ORIGIN,
    multipart: {
      intent: "upload",
      subject: "Mathematics",
      title: `Polyglot ${uniquePhone()}`,
      file: { name: "poly.html", mimeType: "text/html", buffer: POLYGLOT },
    },
    maxRedirects: 0,
  });
  expect(upload.status()).toBe(302);
  await connectTestDb();
  const assignment = (await Assignment.findOne().sort({ createdAt: -1 }).lean())!;

  // Uploads are named by the type their bytes have: the PDF sent as poly.html is poly.pdf, stored and served.
  expect(assignment.fileName).toBe("poly.pdf");
  const served = await page.request.get(`/facilitator-dashboard/assignments/${assignment._id}/file`);
  expect(served.headers()["content-disposition"]).toContain('filename="poly.pdf"');

  const admin = await createUser({ role: "admin" });
  await setPermissions(admin.id, Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, false])));
  const headers = { Cookie: await sessionCookieHeader(admin), ...SAME_ORIGIN };
  expect((await request.get(`/assignments/${assignment._id}/file`, { headers })).status()).toBe(404);
  expect((await request.get(`/facilitator-dashboard/assignments/${assignment._id}/file`, { headers })).status()).toBe(
    404,
  );
  const posted = await request.post("/facilitator-dashboard/assignments", {
    headers,
    multipart: {
      intent: "upload",
      subject: "Mathematics",
      title: "Not allowed",
      file: { name: "a.pdf", mimeType: "application/pdf", buffer: POLYGLOT },
    },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  expect(await Assignment.countDocuments({ title: "Not allowed" })).toBe(0);
});

test("no 500 for redirect targets beyond Latin-1, impossible dates or text that is not UTF-8 @js-only", async ({
  request,
}) => {
  const signOut = await request.post("/sign-out", {
    headers: SAME_ORIGIN,
    form: { redirectTo: "/€" },
    maxRedirects: 0,
  });
  expect(signOut.status()).toBe(302);
  expect(signOut.headers().location).toBe("/%E2%82%AC");

  const user = await createUser({ role: "parent" });
  const signIn = await request.post("/portal?role=parent", {
    headers: SAME_ORIGIN,
    form: {
      intent: "signin",
      phone: user.localPhone,
      password: user.password,
      redirectTo: "/parent-dashboard?ward=Ɛsi",
    },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers().location).toBe("/parent-dashboard?ward=%C6%90si");

  const admin = await createUser({ role: "admin" });
  const headers = { Cookie: await sessionCookieHeader(admin) };
  expect((await request.get("/admin/payments?from=2026-13-45&to=2026-02-30", { headers })).status()).toBe(200);
  const exported = await request.get("/admin/payments/export?from=2026-99-99", { headers });
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-type"]).toContain("text/csv");

  // A name sent as bytes that are not UTF-8: refused by the field, nothing stored.
  const profile = await request.fetch("/profile", {
    method: "POST",
    headers: { ...headers, ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    data: Buffer.from("fullName=Kofi%FF%FEMensah&displayName=Kofi&email="),
    maxRedirects: 0,
  });
  expect(profile.status()).toBe(400);
  expect(await profile.text()).toContain(UNREADABLE_TEXT);
  await connectTestDb();
  expect((await User.findById(admin.id).lean())!.fullName).toBe(admin.fullName);
});

test("the offline page offers back only addresses on this site @js-only", async ({ page }) => {
  await page.goto("/offline?from=/%5Cevil.example/x");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Open the enrolment form" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveCount(0);
  await page.goto("/offline?from=/parent-dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/parent-dashboard");
});

test("viewing as a parent: a payment names the admin who made it; evaluation answers are refused @js-only", async ({
  page,
  context,
}) => {
  const admin = await createUser({ role: "admin", fullName: `Viewing Admin ${uniquePhone().slice(-4)}` });
  const parent = await createUser({ role: "parent" });
  // A subject of its own: the form below reaches only this ward, never another test's parents.
  const subject = `Viewed Subject ${uniquePhone()}`;
  const registration = await createRegistration({
    userId: parent.id,
    programme: "home-economics",
    subjects: [subject],
  });
  await signInAs(context, admin);
  expect(
    (
      await page.request.post("/impersonation/start", {
        headers: SAME_ORIGIN,
        form: { userId: parent.id },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);

  const paid = await page.request.post("/dashboard/payments", {
    headers: SAME_ORIGIN,
    form: {
      registrationId: String(registration._id),
      amount: "50",
      method: "mtn-momo",
      reference: `VA${uniquePhone()}`,
      paidOn: new Date().toISOString().slice(0, 10),
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(302);
  await connectTestDb();
  const entry = (await AuditLog.findOne({ action: "payment.submit", targetId: String(registration._id) }).lean())!;
  expect(entry.actorId, "the audit names the admin").toBe(admin.id);
  expect(entry.details).toMatchObject({ viewingAs: parent.id, source: "parent" });

  const formId = await createEvaluationForm(
    {
      title: `Viewed ${uniquePhone()}`,
      programmes: ["home-economics"],
      subject,
      opensAt: new Date(Date.now() - 86_400_000),
      closesAt: new Date(Date.now() + 86_400_000),
      anonymous: false,
    },
    admin.id,
  );
  await addQuestion(formId, {
    type: "single",
    prompt: "Is the class time convenient?",
    required: true,
    perSubject: false,
    options: ["Yes", "No"],
    lowLabel: "",
    highLabel: "",
  });
  const answered = await page.request.post(`/dashboard/evaluations/${formId}/${registration._id}`, {
    headers: SAME_ORIGIN,
    form: { rev: "1" },
    maxRedirects: 0,
  });
  expect(answered.status()).toBe(403);
  expect(await answered.text()).toContain("cannot be sent while viewing as someone");
});
