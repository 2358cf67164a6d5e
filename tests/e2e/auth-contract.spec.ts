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
