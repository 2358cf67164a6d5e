import { DEMO_FEE_SCHEDULE } from "#app/models/seeds/seed-payments.server.ts";
import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import mongoose from "mongoose";
import { createCookie } from "react-router";
import { normalizePhone } from "#app/domain/phone.ts";
import type { Role, AdminPermissions } from "#app/domain/roles.ts";
import { hashPassword } from "#app/models/password.server.ts";
import { User } from "#app/models/user.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { Session } from "#app/models/session.server.ts";
import { Registration, wardNameKey } from "#app/models/registration.server.ts";
import { registrationSearchKeys } from "#app/domain/registration-search.ts";
import { AdminPermission } from "#app/models/admin-permission.server.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";
import { E2E } from "./e2e-env.ts";
import { waitForHydration } from "./hydration.ts";

export { expect };

export type TestUser = {
  id: string;
  phone: string;
  localPhone: string;
  password: string;
  fullName: string;
  role: Role;
};

let counter = 0;
/** Ghana mobile prefixes that are valid for every 7 digits that follow (app/domain/phone.ts refuses others). */
const MOBILE_PREFIXES = ["050", "053", "054", "055", "056", "057", "020", "023", "026", "028"];
/**
 * Where this process's numbers start: a random point of the 7-digit range, so that a worker Playwright restarts with
 * the same index (after a failure) does not hand out the numbers its predecessor used.
 */
const PHONE_START = Math.floor(Math.random() * 10_000_000);
/**
 * A valid mobile number no other test of the run uses: the worker's index picks the prefix (two workers never share
 * one), a counter from this process's random start gives the 7 digits. (Numbers made from the clock and the counter
 * collided across workers: one worker's counter plus the index offset matched the other's in the same millisecond.)
 */
export function uniquePhone(): string {
  counter += 1;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % MOBILE_PREFIXES.length;
  return `${MOBILE_PREFIXES[worker]}${String((PHONE_START + counter) % 10_000_000).padStart(7, "0")}`;
}

export async function connectTestDb() {
  if (mongoose.connection.readyState !== 1) await mongoose.connect(E2E.mongodbUri);
  return mongoose;
}

const passwordHashCache: Map<string, string> = new Map();

/**
 * A user as after sign-up and phone verification: `phoneVerified: false` for one who only typed the phone
 * (registrations are then linked to them only by a claim, docs/decisions/0017-proof-of-ownership.md).
 */
export async function createUser(
  options: {
    role?: Role;
    password?: string;
    fullName?: string;
    email?: string | null;
    phone?: string;
    phoneVerified?: boolean;
  } = {},
): Promise<TestUser> {
  await connectTestDb();
  const role = options.role ?? "student";
  const password = options.password ?? "test-password-123";
  const localPhone = options.phone ?? uniquePhone();
  const fullName = options.fullName ?? `Test ${role} ${counter}`;
  let hash = passwordHashCache.get(password);
  if (!hash) {
    hash = await hashPassword(password);
    passwordHashCache.set(password, hash);
  }
  const user = await User.create({
    role,
    phone: normalizePhone(localPhone),
    fullName,
    displayName: fullName.split(" ")[0],
    email: options.email === undefined ? `${role}${counter}@example.com` : options.email,
    passwordHash: hash,
    phoneVerifiedAt: options.phoneVerified === false ? null : new Date(),
  });
  return { id: user._id, phone: normalizePhone(localPhone), localPhone, password, fullName, role };
}

/** The office gives the facilitator these subjects (Admin → Subjects): they may post to them. */
export async function giveSubjects(facilitatorId: string, ...names: string[]) {
  await connectTestDb();
  await Subject.insertMany(names.map((name) => ({ name, facilitatorId })));
}

export async function setPermissions(userId: string, permissions: Partial<AdminPermissions>) {
  await connectTestDb();
  await AdminPermission.updateOne({ userId }, { $set: permissions }, { upsert: true });
}

const sessionCookie = createCookie("__session", { secrets: [E2E.sessionSecret], path: "/" });

/** Signs the browser context in as the user, the way a real sign-in would (a Session document + signed cookie). */
export async function signInAs(context: BrowserContext, user: TestUser) {
  await connectTestDb();
  const session = await Session.create({
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
    lastSeenAt: new Date(),
  });
  const serialized = await sessionCookie.serialize(session._id);
  const value = serialized.split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ name: "__session", value, url: E2E.baseURL, httpOnly: true, sameSite: "Lax" }]);
  return session._id;
}

/** A Cookie header value signed in as the user, for API requests (`request.get(url, { headers: { Cookie } })`). */
export async function sessionCookieHeader(user: Pick<TestUser, "id">): Promise<string> {
  await connectTestDb();
  const session = await Session.create({
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
    lastSeenAt: new Date(),
  });
  return (await sessionCookie.serialize(session._id)).split(";")[0];
}

/** A complete enrolment as the public form posts it (field names and values), with fresh numbers and ward name. */
export function enrolmentForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    parentName: "Real Parent",
    whatsappNumber: uniquePhone(),
    wardName: `Ward ${uniquePhone()}`,
    wardWhatsapp: uniquePhone(),
    currentSchool: "Accra Academy",
    wardForm: "form-2",
    specificClass: "2S1",
    programme: "science",
    subjects: "Physics",
    updateMode: "whatsapp",
    referralName: "Mr. Owusu",
    referralStatus: "teacher",
    joinStudentGroups: "yes",
    joinParentGroup: "yes",
    ...overrides,
  };
}

/** The demo's vacation, which the shared e2e app teaches and takes enrolments for (app/models/seeds/seed-payments.server.ts). */
export const DEMO_VACATION = DEMO_FEE_SCHEDULE.season;

export async function createRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  await connectTestDb();
  const wardName = (overrides.wardName as string) ?? `Ward ${uniquePhone()}`;
  const wardWhatsapp = (overrides.wardWhatsapp as string) ?? uniquePhone();
  const whatsappNumber = (overrides.whatsappNumber as string) ?? uniquePhone();
  const subjects = (overrides.subjects as string[]) ?? ["Mathematics", "Physics"];
  const doc = await Registration.create({
    parentName: "Test Parent",
    whatsappNumber,
    whatsappNumberNormalized: normalizePhone(whatsappNumber),
    wardName,
    wardNameKey: wardNameKey(wardName),
    wardWhatsapp,
    wardWhatsappNormalized: normalizePhone(wardWhatsapp),
    currentSchool: "Test School",
    wardForm: "form-2",
    specificClass: "2S1",
    programme: "science",
    subjectCount: subjects.length,
    updateMode: ["whatsapp"],
    referralName: "Mr. Referee",
    referralStatus: "teacher",
    joinStudentGroups: "yes",
    joinParentGroup: "yes",
    vacation: DEMO_VACATION,
    ...overrides,
    subjects,
  });
  // The admin search's keys, from the stored names and numbers (as registrationDetails writes them).
  await Registration.updateOne({ _id: doc._id }, { $set: { searchKeys: registrationSearchKeys(doc) } });
  return doc.toObject();
}

type Fixtures = {
  /** Create a user of the role and sign this page's context in as them. */
  loginAs: (role: Role, options?: Parameters<typeof createUser>[0]) => Promise<TestUser>;
  /** Content-Security-Policy violations seen in this test's pages; any one fails the test (automatic). */
  cspViolations: string[];
};

/**
 * WhatsApp class pages and groups, inserted raw: some links (an empty one, say) are legacy data the schema would refuse
 * today, and the pages must still show them sensibly.
 */
export async function addWhatsappGroups(
  groups: Array<{ subjectName: string; programme?: string; groupType?: string; whatsappLink: string }>,
) {
  await connectTestDb();
  await WhatsappGroup.collection.insertMany(
    groups.map((g, i) => ({
      _id: `e2eg${uniquePhone()}${i}`,
      programme: "science",
      groupType: "student",
      vacations: [DEMO_VACATION],
      ...g,
      createdAt: new Date(),
      updatedAt: new Date(),
    })) as never[],
  );
  // Written around the app, as by another instance: its copy of a programme's class pages is at most a second old
  // (app/models/infra/brief-cache.server.ts).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
}

export const test = base.extend<Fixtures>({
  /**
   * With JavaScript on, a page opened by `goto` or `reload` is handed back once it is interactive (hydrated), as a
   * person sees it: a click in the middle of hydration is neither the browser's post nor the app's, and what it does
   * depends on the machine's load. The no-JS project covers the page before any script.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const interactive = async (response: Awaited<ReturnType<Page["goto"]>>) => {
        if (response?.headers()["content-type"]?.includes("text/html")) await waitForHydration(page).catch(() => {});
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => interactive(await goto(url, options));
      page.reload = async (options) => interactive(await reload(options));
    }
    await use(page);
  },
  cspViolations: [
    async ({ context }, use) => {
      const seen: string[] = [];
      // The browser fires `securitypolicyviolation` for every refused script, eval or style; we pass it on as a
      // console line, which Playwright reports for every page of the context.
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(
            `[csp-violation] ${e.violatedDirective} blocked=${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} on ${e.documentURI}`,
          );
        });
      });
      context.on("console", (message) => {
        if (message.text().startsWith("[csp-violation]")) seen.push(message.text());
      });
      await use(seen);
      expect(seen, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  loginAs: async ({ context }, use) => {
    await use(async (role, options) => {
      const user = await createUser({ ...options, role });
      await signInAs(context, user);
      return user;
    });
  },
});

/**
 * A message shown under its field (Conform's `<field id>-error` list). Without JavaScript a failed submit also lists
 * each message in the form's error summary, as a link to its field; this names the one by the field.
 */
export function fieldError(scope: Page | Locator, text: string | RegExp) {
  return scope.locator('[id$="-error"]').getByText(text);
}

/** The flash message (a toast with JavaScript, a status in the page without) that says `text`. */
export function toast(page: Page, text: string) {
  return page.getByRole("status").filter({ hasText: text }).first();
}
