/**
 * The auth contract (docs/security.md: every route of app/routes.ts is
 * requested as anonymous and as each wrong role, with GET and with a same-origin
 * POST, and must answer with a redirect or 401/403/404/405 — never protected
 * data, never a 500. Routes are read from the route config, so a new route that
 * nobody classified below fails the first test until it is classified.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import routeConfig from "#app/routes.ts";
import type { AdminPermissionFlag, Role } from "#app/domain/roles.ts";
import { ADMIN_PERMISSION_FLAGS } from "#app/domain/roles.ts";
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
import { Registration } from "#app/models/registration.server.ts";
import { User } from "#app/models/user.server.ts";

// ─── Classification: every route pattern of app/routes.ts appears in exactly one list ───

/** Open to everyone (docs/product.md#screens route table, plus auth and resource pages that guard themselves). */
const PUBLIC = new Set([
  "/",
  "/registration",
  "/registration/:reference",
  "/payment-success",
  "/privacy-policy",
  "/terms-of-service",
  "/offline",
  "/bad-request",
  "/portal",
  "/auth",
  "/parent-whatsapp-groups",
  "/reset-password/:token",
  "/forgot-password",
  "/forgot-password/code",
  "/sign-in/code",
  "/healthz",
  // A provider's callback: authenticated by the secret in its path (a wrong one is 404), tests/e2e/messages.spec.ts.
  "/callbacks/africastalking/sms-delivery/:secret",
  // A gateway's webhook: authenticated by its signature (a wrong one is 401), tests/e2e/checkout.spec.ts.
  "/webhooks/payments/:gateway",
  // The TEST gateway's checkout (what the gateway's own page is): its reference is the payment's unguessable id.
  "/test-gateway/:reference",
  // The phone channel's callbacks: authenticated by the secret in their path (a wrong one is 404),
  // tests/e2e/phone-channel.spec.ts.
  "/ussd/:aggregator/:secret",
  "/callbacks/africastalking/sms-inbound/:secret",
  "/sign-out",
  "/*",
]);

type Access = {
  /** Who may use it: roles (effective role) or any signed-in user. */
  allow: readonly Role[] | "signed-in";
  /** Admin routes: the admin_permissions flag required (null: any admin). */
  flag?: AdminPermissionFlag | null;
  /** Signed-in page whose content is admin-only: non-admins get the page but never this. */
  adminOnlyContent?: RegExp;
};

const ADMIN = (flag: AdminPermissionFlag | null): Access => ({ allow: ["admin"], flag });
const SIGNED_IN: Access = { allow: "signed-in" };
const STUDENT: Access = { allow: ["student", "admin"] };
const PARENT: Access = { allow: ["parent", "admin"] };
const FACILITATOR: Access = { allow: ["facilitator", "admin"] };

/** Everything else: signed-in only, and who may see it. */
const PROTECTED: Record<string, Access> = {
  // Auth
  "/impersonation/start": ADMIN("can_edit_users"),
  "/impersonation/stop": SIGNED_IN,
  "/admin/users/:userId/reset-link": ADMIN("can_edit_users"),

  // Admin portal (docs/product.md#roles-and-permissions)
  // can_view_portal is the admin portal itself (docs/decisions/0019-admin-permissions-and-impersonation.md).
  "/admin": ADMIN("can_view_portal"),
  "/admin/*": ADMIN("can_view_portal"),
  "/admin/registrations": ADMIN("can_access_registrations"),
  "/admin/registrations/delete-all": ADMIN("can_access_registrations"),
  "/admin/registrations/:id/delete": ADMIN("can_access_registrations"),
  "/admin/registrations/export": ADMIN("can_access_registrations"),
  "/admin/registrations/export/:programme": ADMIN("can_access_registrations"),
  "/admin/register-student": ADMIN("can_access_registrations"),
  "/registration-view-list": ADMIN("can_access_registrations"),
  "/registration-view-list/export": ADMIN("can_access_registrations"),
  "/admin/users": ADMIN("can_edit_users"),
  // Also needs every other flag (checked in the route); the no-flags admin here is refused either way.
  "/admin/users/:userId/permissions": ADMIN("can_edit_users"),
  "/admin/whatsapp-groups": ADMIN("can_access_whatsapp"),
  "/admin/whatsapp-groups/new": ADMIN("can_access_whatsapp"),
  "/admin/whatsapp-groups/:groupId/edit": ADMIN("can_access_whatsapp"),
  "/admin/whatsapp-groups/:groupId/delete": ADMIN("can_access_whatsapp"),
  "/admin/subjects": ADMIN("can_access_subjects"),
  "/admin/subjects/:subjectId/edit": ADMIN("can_access_subjects"),
  "/admin/subjects/:subjectId/delete": ADMIN("can_access_subjects"),
  "/admin/communications": ADMIN("can_access_communications"),
  "/admin/settings/:tab?": ADMIN("can_edit_settings"),
  // Fees and payments (app/routes/admin/routes-payments.ts): the page needs the registrations flag, its money actions can_manage_payments.
  "/admin/settings/fees": ADMIN("can_edit_settings"),
  "/admin/settings/ussd": ADMIN("can_edit_settings"),
  "/admin/registrations/:id": ADMIN("can_access_registrations"),
  "/admin/payments": ADMIN("can_manage_payments"),
  "/admin/payments/export": ADMIN("can_manage_payments"),
  "/admin/payments/reconciliation": ADMIN("can_manage_payments"),
  // Receipts: admins with the registrations or payments flag, and the ward's own parent; everyone else 404.
  "/payments/:paymentId/receipt.pdf": SIGNED_IN,
  // Evaluation forms (app/routes/admin/routes-evaluations.ts): building, results, reminders, CSV and delete.
  "/admin/messages": ADMIN("can_view_messages"),
  "/admin/evaluations": ADMIN("can_manage_evaluations"),
  "/admin/evaluations/new": ADMIN("can_manage_evaluations"),
  "/admin/evaluations/:formId": ADMIN("can_manage_evaluations"),
  "/admin/evaluations/:formId/results": ADMIN("can_manage_evaluations"),
  "/admin/evaluations/:formId/delete": ADMIN("can_manage_evaluations"),
  "/admin/evaluations/:formId/export": ADMIN("can_manage_evaluations"),
  "/timetable-upload": { allow: "signed-in", adminOnlyContent: /type="file"/ },
  "/timetables/:timetableId/file": SIGNED_IN,
  "/timetable-upload/:timetableId/delete": ADMIN("can_access_subjects"),

  // Role portals (docs/product.md#screens, #behaviour)
  "/student-dashboard": STUDENT,
  "/student-dashboard/subjects": STUDENT,
  "/student-dashboard/whatsapp": STUDENT,
  "/student-dashboard/schedule": STUDENT,
  "/student-dashboard/schedule.pdf": STUDENT,
  "/student-dashboard/class-pages": STUDENT,
  "/whatsapp": SIGNED_IN,
  "/parent-dashboard": PARENT,
  "/facilitator-dashboard": FACILITATOR,
  "/facilitator-dashboard/classes": FACILITATOR,
  "/facilitator-dashboard/assignments": FACILITATOR,
  "/facilitator-dashboard/assignments/:assignmentId/delete": FACILITATOR,
  "/facilitator-dashboard/assignments/:assignmentId/file": FACILITATOR,
  "/facilitator-dashboard/students": FACILITATOR,
  "/facilitator-dashboard/students/export": FACILITATOR,
  "/facilitator-dashboard/whatsapp": FACILITATOR,
  "/facilitator-dashboard/evaluations": FACILITATOR,
  "/facilitator-dashboard/evaluations/:formId": FACILITATOR,

  // Dashboard shell: the sidebar's links per role (docs/product.md#screens); a user with no role counts as a student.
  "/dashboard": SIGNED_IN,
  "/dashboard/whatsapp": { allow: ["student", "parent"] },
  "/dashboard/subjects": { allow: ["facilitator"] },
  "/dashboard/assignments": { allow: ["facilitator"] },
  "/dashboard/communications": { allow: ["facilitator", "parent"] },
  "/dashboard/classes": { allow: ["facilitator"] },
  "/dashboard/students": { allow: ["facilitator"] },
  "/dashboard/analytics": { allow: ["facilitator", "admin"] },
  "/dashboard/evaluations": { allow: ["parent"] },
  // Answering: the parent's own ward only (another ward or an unknown form: 404).
  "/dashboard/evaluations/:formId/:registrationId": { allow: ["parent"] },
  "/dashboard/payments": { allow: ["parent"] },
  // The hand-over to the gateway: the family's own pending checkout only (anything else: 404).
  "/dashboard/payments/checkout/:paymentId": { allow: ["parent"] },
  "/dashboard/portal-management": { allow: ["admin"] },
  "/dashboard/notifications": SIGNED_IN,
  "/profile": SIGNED_IN,
  "/settings": SIGNED_IN,
  "/assignments": SIGNED_IN,
  "/link-registration": { allow: ["parent", "student"] },
  // Published content: each route answers 404 to whoever may not read the item (app/services/content-access.server.ts).
  "/assignments/:assignmentId/file": SIGNED_IN,
};

// ─── Route enumeration ───

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

function joinPath(parent: string, path: string | undefined) {
  if (!path) return parent;
  return `${parent.replace(/\/$/, "")}/${path.replace(/^\//, "")}`;
}

/** Every URL pattern of the config ("/admin/users/:userId/reset-link", "/*", …). */
function routePatterns(entries: Entry[], parent = "/", out = new Map<string, string>()) {
  for (const entry of entries) {
    const full = joinPath(parent, entry.path);
    if (entry.path !== undefined || entry.index) out.set(full, entry.file);
    if (entry.children) routePatterns(entry.children, full, out);
  }
  return out;
}

const FAKE_ID = "zzzzzzzzzzzzzzzzzzzzzzzz";
function concreteUrl(pattern: string) {
  return (
    pattern
      .split("/")
      .map((segment) => (segment === "*" ? "x" : segment.startsWith(":") ? FAKE_ID : segment))
      .join("/") || "/"
  );
}

const PATTERNS = routePatterns(routeConfig as Entry[]);

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
 * May this identity use the route? The admin identity here has no permission flags: without can_view_portal it holds
 * no admin or staff power anywhere, so every route open to admins by role (portals, facilitator tools) refuses it too.
 */
function mayAccess(access: Access, identity: Identity) {
  if (!identity.role) return false;
  if (access.allow !== "signed-in" && !access.allow.includes(identity.role)) return false;
  if (identity.role === "admin" && (access.flag || access.allow !== "signed-in")) return false;
  return true;
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

test("@js-only every route in app/routes.ts is classified as public or protected", () => {
  const unclassified = [...PATTERNS.keys()].filter((p) => !PUBLIC.has(p) && !(p in PROTECTED));
  expect(
    unclassified,
    `Classify these routes in tests/e2e/auth-contract.spec.ts (PUBLIC, or PROTECTED with who may access them): ${unclassified.join(", ")}`,
  ).toEqual([]);
  const stale = [...PUBLIC, ...Object.keys(PROTECTED)].filter((p) => !PATTERNS.has(p));
  expect(stale, "Classified routes that no longer exist in app/routes.ts: remove them from the lists").toEqual([]);
  const both = [...PUBLIC].filter((p) => p in PROTECTED);
  expect(both, "Routes classified as both public and protected").toEqual([]);
});

for (const [pattern, file] of PATTERNS) {
  const access = PROTECTED[pattern];
  if (!access) continue;
  const url = concreteUrl(pattern);
  test(`@js-only ${pattern} (${file}) refuses anonymous visitors and wrong roles`, async ({ request }) => {
    for (const identity of identities) {
      const allowed = mayAccess(access, identity);
      if (!allowed) {
        for (const method of ["GET", "POST"] as const) {
          await expectRefused(
            request,
            await call(request, method, url, identity),
            `${method} ${url} as ${identity.name}`,
            identity,
          );
        }
        continue;
      }
      // Allowed: the page works for them (no server error) and shows only what they may see.
      const response = await call(request, "GET", url, identity);
      const what = `GET ${url} as ${identity.name}`;
      expect(response.status(), `${what}: no server error`).toBeLessThan(500);
      const body = await response.text();
      for (const marker of markers) expect(body, `${what}: another family's data in the body`).not.toContain(marker);
      if (access.adminOnlyContent && identity.role !== "admin") {
        expect(body, `${what}: admin-only content shown to a non-admin`).not.toMatch(access.adminOnlyContent);
        const post = await call(request, "POST", url, identity);
        expect(
          [401, 403, 404, 405],
          `POST ${url} as ${identity.name}: a non-admin cannot use it (got ${post.status()})`,
        ).toContain(post.status());
      }
    }
  });
}

test("@js-only public routes answer an anonymous GET without a server error", async ({ request }) => {
  for (const pattern of PUBLIC) {
    if (!PATTERNS.has(pattern)) continue;
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
