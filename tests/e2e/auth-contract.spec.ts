/**
 * The auth contract (docs/security.md): every route of the built app declares who may use it (its `handle.rules`,
 * app/utils/route-rules.ts), and is requested as anonymous and as each identity its declaration refuses, with GET and
 * with a same-origin POST: each must answer with a redirect or 401/403/404/405 — never protected data, never a 500.
 * So the route's guard is checked against its declaration, and a route that declares nothing fails the first test.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { Role } from "#app/domain/roles.ts";
import { ADMIN_PERMISSION_FLAGS } from "#app/domain/roles.ts";
import type { Access } from "#app/utils/route-rules.ts";
import {
  test,
  expect,
  createUser,
  createRegistration,
  sessionCookieHeader,
  setPermissions,
  uniquePhone,
  connectTestDb,
} from "#tests/support/fixtures.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { builtRoutes } from "#tests/support/build-routes.ts";
import { Registration } from "#app/models/registration.server.ts";
import { User } from "#app/models/user.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { Submission } from "#app/models/submission.server.ts";

// ─── The routes, as the build declares them ───

const ROUTES = await builtRoutes();
/** The routes with an address of their own (a pathless layout only wraps others). */
const ADDRESSED = ROUTES.filter((r) => !r.pattern.endsWith("(layout)") && r.id !== "root");

const FAKE_ID = "zzzzzzzzzzzzzzzzzzzzzzzz";
function concreteUrl(pattern: string) {
  return (
    pattern
      .split("/")
      .map((segment) => (segment === "*" ? "x" : segment.startsWith(":") ? FAKE_ID : segment))
      .join("/") || "/"
  );
}

// ─── Identities and protected data ───

type Identity = { name: string; role: Role | null; cookie: string | null };
const WRONG_ROLE_CANDIDATES: Array<{ name: string; role: Role; noFlags?: boolean }> = [
  { name: "student", role: "student" },
  { name: "parent", role: "parent" },
  { name: "facilitator", role: "facilitator" },
  { name: "admin without permissions", role: "admin", noFlags: true },
];

let identities: Identity[] = [];
let markers: string[] = [];
let markerRegistrationId = "";
let markerUserId = "";

test.beforeAll(async () => {
  await connectTestDb();
  // Data nobody in `identities` may see: another family's registration and another user's account.
  const tag = uniquePhone().slice(-6);
  const registration = await createRegistration({
    wardName: `Contract Marker Ward ${tag}`,
    parentName: `Contract Marker Parent ${tag}`,
  });
  const other = await createUser({
    role: "parent",
    fullName: `Contract Marker User ${tag}`,
    email: `marker${tag}@example.com`,
  });
  markerRegistrationId = String(registration._id);
  markerUserId = other.id;
  markers = [
    String(registration.wardName),
    String(registration.parentName),
    String(registration.whatsappNumber),
    String(registration.wardWhatsapp),
    String(registration.whatsappNumberNormalized),
    other.fullName,
    other.phone,
    other.localPhone,
    `marker${tag}@example.com`,
  ];
  identities = [{ name: "anonymous", role: null, cookie: null }];
  for (const candidate of WRONG_ROLE_CANDIDATES) {
    const user = await createUser({ role: candidate.role });
    if (candidate.noFlags)
      await setPermissions(user.id, Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, false])));
    identities.push({ name: candidate.name, role: candidate.role, cookie: await sessionCookieHeader(user) });
  }
});

/**
 * May this identity pass `access`? The admin identity here has no permission flags: without can_view_portal it holds
 * no admin or staff power anywhere, so every route open to admins by role (portals, facilitator tools) refuses it too.
 */
function mayAccess(access: Access, identity: Identity) {
  if (access === "public" || access === "callback") return true;
  if (!identity.role) return false;
  if (access === "signed-in") return true;
  if ("admin" in access) return false;
  return access.roles.includes(identity.role) && identity.role !== "admin";
}

const FORM_BODY = {
  intent: "delete",
  id: FAKE_ID,
  userId: FAKE_ID,
  title: "x",
  message: "x",
  password: "x-password",
  confirmPassword: "x-password",
};

async function call(request: APIRequestContext, method: "GET" | "POST", url: string, identity: Identity) {
  const headers: Record<string, string> = {};
  if (identity.cookie) headers.Cookie = identity.cookie;
  if (method === "POST") headers.Origin = E2E.baseURL;
  return request.fetch(url, { method, headers, form: method === "POST" ? FORM_BODY : undefined, maxRedirects: 0 });
}

async function expectRefused(request: APIRequestContext, response: APIResponse, what: string, identity: Identity) {
  // An anonymous visitor may be bounced through a harmless redirect (e.g. to the section's
  // main page) as long as they end up at /portal; follow a few hops to check where they land.
  for (let hop = 0; ; hop++) {
    const status = response.status();
    const body = await response.text();
    for (const marker of markers) expect(body, `${what}: protected data in the body`).not.toContain(marker);
    if (status < 300 || status >= 400) {
      expect([401, 403, 404, 405], `${what}: expected a redirect or 401/403/404/405, got ${status}`).toContain(status);
      return;
    }
    const location = response.headers().location ?? "";
    if (identity.role !== null || /^\/portal(\?|$)/.test(location)) return;
    expect(
      hop < 3 && location.startsWith("/"),
      `${what}: an anonymous visitor must end up at /portal, was sent to ${location}`,
    ).toBe(true);
    response = await call(request, "GET", location, identity);
  }
}

// ─── Tests ───

test("@js-only every route declares who may use it; sign-in, callbacks and uploads declare what they need", () => {
  const undeclared = ROUTES.filter((r) => !r.rules).map((r) => `${r.pattern} (${r.id})`);
  expect(
    undeclared,
    `Declare \`export const handle = { rules: {…} } satisfies RouteHandle\` in: ${undeclared}`,
  ).toEqual([]);
  const rulesAt = (pattern: string) => ADDRESSED.find((r) => r.pattern === pattern)?.rules;
  // Signing in and the callbacks of gateways and providers keep the load shedder's reserve and stay up in maintenance.
  for (const pattern of [
    "/portal",
    "/auth",
    "/sign-in/code",
    "/webhooks/payments/:gateway",
    "/ussd/:aggregator/:secret",
  ])
    expect(rulesAt(pattern), pattern).toMatchObject({ shed: "priority", maintenance: "open" });
  // An address that carries a secret is logged without it (server/observability.ts).
  expect(
    ADDRESSED.filter((r) => r.rules?.secretPath)
      .map((r) => r.pattern)
      .sort(),
  ).toEqual([
    "/callbacks/:aggregator/sms-inbound/:secret",
    "/callbacks/:provider/sms-delivery/:secret",
    "/registration/:reference",
    "/reports/:token",
    "/reset-password/:token",
    "/ussd/:aggregator/:secret",
  ]);
  // A callback is authenticated by its secret or signature, never by a session.
  for (const route of ADDRESSED.filter((r) => /^\/(webhooks|callbacks|ussd)\//.test(r.pattern)))
    expect(route.rules?.access, route.pattern).toBe("callback");
  expect(
    ADDRESSED.filter((r) => r.rules?.body === "upload")
      .map((r) => r.pattern)
      .sort(),
  ).toEqual([
    "/facilitator-dashboard/assignments",
    "/facilitator-dashboard/lessons/:lessonId/materials",
    "/timetable-upload",
  ]);
  expect(ADDRESSED.filter((r) => r.rules?.body === "handin").map((r) => r.pattern)).toEqual([
    "/assignments/:assignmentId",
  ]);
});

for (const { pattern, id, rules } of ADDRESSED) {
  if (!rules || rules.access === "public" || rules.access === "callback") continue;
  const { access, actionAccess = access } = rules;
  const url = concreteUrl(pattern);
  test(`@js-only ${pattern} (${id}) refuses anonymous visitors and wrong roles`, async ({ request }) => {
    for (const identity of identities) {
      for (const method of ["GET", "POST"] as const) {
        if (mayAccess(method === "GET" ? access : actionAccess, identity)) continue;
        await expectRefused(
          request,
          await call(request, method, url, identity),
          `${method} ${url} as ${identity.name}`,
          identity,
        );
      }
      if (!mayAccess(access, identity)) continue;
      // Allowed: the page works for them (no server error) and shows only what they may see.
      const response = await call(request, "GET", url, identity);
      const what = `GET ${url} as ${identity.name}`;
      expect(response.status(), `${what}: no server error`).toBeLessThan(500);
      const body = await response.text();
      for (const marker of markers) expect(body, `${what}: another family's data in the body`).not.toContain(marker);
      // A page whose uploads need more than reading it shows no upload form to those who may not post.
      if (rules.body && !mayAccess(actionAccess, identity))
        expect(body, `${what}: an upload form for someone who may not upload`).not.toMatch(/type="file"/);
    }
  });
}

/**
 * The teaching pages and files: the facilitator's tools, the assignments list, and every file of a lesson, an
 * assignment or work handed in. `can_view_portal` is the admin portal itself, so an admin holding every other flag
 * but that one gets none of them. The files are requested with real ids (their stored bytes absent): an admin with the
 * portal reaches the "File not found" step, the one without it the 403 or 404 of a refusal.
 */
const TEACHING = ADDRESSED.filter((r) =>
  /^\/(facilitator-dashboard(\/|$)|assignments(\/|$)|lessons\/|work\/)/.test(r.pattern),
).map((r) => r.pattern);

test("@js-only an admin without the admin portal gets no teaching page or file", async ({ request }) => {
  expect(TEACHING).toEqual(
    expect.arrayContaining([
      "/facilitator-dashboard",
      "/facilitator-dashboard/lessons/:lessonId/register",
      "/facilitator-dashboard/work/:submissionId",
      "/facilitator-dashboard/assignments/:assignmentId/file",
      "/assignments",
      "/assignments/:assignmentId/file",
      "/lessons/:lessonId/material",
      "/work/:submissionId/:file",
    ]),
  );
  await connectTestDb();
  const subject = "Mathematics";
  const facilitator = await createUser({ role: "facilitator" });
  const assignment = await Assignment.create({
    facilitatorId: facilitator.id,
    subject,
    title: "Contract worksheet",
    kind: "pdf",
    fileName: "worksheet.pdf",
    fileType: "application/pdf",
    fileSize: 4,
    filePath: "missing/never-written.pdf",
  });
  const lesson = await Lesson.findOneAndUpdate(
    { subject },
    {
      $set: { materialFile: { key: "missing/never-written.pdf", name: "notes.pdf", type: "application/pdf", size: 4 } },
    },
    { returnDocument: "after" },
  ).lean<{ _id: string }>();
  const registration = await createRegistration({ subjects: [subject] });
  const submissionId = `${assignment._id}.${registration._id}`;
  await Submission.create({
    _id: submissionId,
    assignmentId: String(assignment._id),
    registrationId: String(registration._id),
    subject,
    files: [{ key: "missing/never-written.jpg", name: "page-1.jpg", type: "image/jpeg", size: 4 }],
    submittedAt: new Date(),
  });
  const ids: Record<string, string> = {
    lessonId: String(lesson!._id),
    assignmentId: String(assignment._id),
    submissionId,
    file: "0",
  };
  const url = (pattern: string) =>
    pattern
      .split("/")
      .map((s) => (s.startsWith(":") ? (ids[s.slice(1)] ?? FAKE_ID) : s))
      .join("/");
  const withPortal = await createUser({ role: "admin" });
  const without = await createUser({ role: "admin" });
  await setPermissions(without.id, { can_view_portal: false });
  const cookie = { with: await sessionCookieHeader(withPortal), without: await sessionCookieHeader(without) };
  const files = TEACHING.filter((p) => /\/(file|material)$|^\/work\//.test(p));
  expect(files).toHaveLength(4);
  for (const pattern of files) {
    const reached = await request.get(url(pattern), { headers: { Cookie: cookie.with }, maxRedirects: 0 });
    expect(await reached.text(), `${pattern} as an admin with the portal`).toContain("File not found");
  }
  for (const pattern of TEACHING) {
    for (const method of ["GET", "POST"] as const) {
      const response = await call(request, method, url(pattern), {
        name: "admin",
        role: "admin",
        cookie: cookie.without,
      });
      const what = `${method} ${pattern} as an admin without the portal`;
      expect([403, 404, 405], what).toContain(response.status());
      expect(await response.text(), what).not.toContain("File not found");
    }
  }
});

test("@js-only public routes answer an anonymous GET without a server error", async ({ request }) => {
  for (const { pattern, rules } of ADDRESSED) {
    if (rules?.access !== "public" && rules?.access !== "callback") continue;
    const response = await request.get(concreteUrl(pattern), { maxRedirects: 0 });
    expect(response.status(), `GET ${concreteUrl(pattern)}`).toBeLessThan(500);
  }
});

test.afterAll(async () => {
  // No refused POST changed anything.
  await connectTestDb();
  expect(
    await Registration.exists({ _id: markerRegistrationId }),
    "the marker registration survived every refused POST",
  ).toBeTruthy();
  expect(await User.exists({ _id: markerUserId }), "the marker user survived every refused POST").toBeTruthy();
});
