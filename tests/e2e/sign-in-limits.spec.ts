/**
 * Sign-in limits under concurrency (docs/decisions/0016-sign-in-limits.md), against an app of its own (its own
 * database, a 30-second window, client addresses from X-Forwarded-For behind a trusted proxy on loopback):
 *  - 300 wrong passwords sent at once from one client and the right one among them: all refused, at most N checked,
 *    and the right password right after is refused too;
 *  - 300 wrong passwords sent at once from 300 addresses (a burst on the account): at most 3 × N checked, the real
 *    user on a fresh client is held back while the burst's block lasts and gets in once the window has passed.
 * (Whether one client's parallel attempts also make a burst depends on how many are counted before that client's own
 * block is in place — attempts refused unchecked are not counted — so the burst is tested with many clients.)
 */
import { test, expect } from "@playwright/test";
import { startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";

// Long enough that the burst's block outlasts the burst itself on a slow, shared machine.
const WINDOW_SECONDS = 30;

test.describe("sign-in limits @js-only", () => {
  let app: IsolatedApp;
  test.beforeAll(async () => {
    app = await startIsolatedApp(
      // The app-wide limit of auth posts per minute is not what these tests are about (600 would be reached).
      {
        MONGODB_URI: undefined,
        DB_IN_MEMORY: "true",
        SEED_DEMO_DATA: "false",
        SIGNIN_WINDOW_SECONDS: String(WINDOW_SECONDS),
        TRUST_PROXY: "loopback",
        AUTH_GLOBAL_PER_MINUTE: "100000",
      },
      { waitFor: "healthy" },
    );
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  const post = (path: string, form: Record<string, string>, address: string, cookie?: string) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
  const signIn = (phone: string, password: string, address: string, cookie?: string) =>
    post("/portal?role=parent", { intent: "signin", phone, password }, address, cookie);
  const signUp = (phone: string, password: string, address: string) =>
    post(
      "/portal?role=parent",
      {
        intent: "signup",
        role: "parent",
        phone,
        fullName: "Real Parent",
        email: `${phone}@example.com`,
        password,
        confirmPassword: password,
      },
      address,
    );
  const tally = (statuses: number[]) =>
    `${statuses.filter((s) => s === 429).length} refused unchecked, ${statuses.filter((s) => s === 400).length} wrong, ${statuses.filter((s) => s === 302).length} signed in, ${statuses.filter((s) => s >= 500).length} 5xx`;

  test("300 parallel wrong passwords and the right one from one client: none signs in, at most N are checked", async () => {
    const phone = "0501234567";
    const password = "real-password-1";
    expect((await signUp(phone, password, "10.20.0.1")).status).toBe(302);

    const attacker = "10.66.0.1";
    const burst = await Promise.all([
      ...Array.from({ length: 300 }, (_, i) => signIn(phone, `wrong-${i}`, attacker)),
      signIn(phone, password, attacker),
    ]);
    const statuses = burst.map((r) => r.status);
    console.log(`one client: ${tally(statuses)}`);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(
      statuses.filter((s) => s === 302),
      "no request of the burst may sign in",
    ).toEqual([]);
    // At most maxLoginAttempts (5) passwords were checked at all.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    // The right password right after the burst, from the attacker: still refused.
    expect((await signIn(phone, password, attacker)).status).toBe(429);
  });

  test("300 parallel wrong passwords from 300 addresses: at most 3 × N checked; the real user waits out the window", async () => {
    test.setTimeout(150_000);
    const phone = "0501234570";
    const password = "real-password-3";
    expect((await signUp(phone, password, "10.20.1.1")).status).toBe(302);
    // The owner signed in on their phone yesterday: that browser keeps a device cookie for the account.
    const before = await signIn(phone, password, "10.20.1.3");
    expect(before.status).toBe(302);
    const device = before.headers
      .getSetCookie()
      .find((c) => c.startsWith("__device="))!
      .split(";")[0];

    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        signIn(phone, `wrong-${i}`, `10.70.${Math.floor(i / 200)}.${(i % 200) + 1}`),
      ),
    );
    const statuses = burst.map((r) => r.status);
    console.log(`300 clients: ${tally(statuses)}`);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 302)).toEqual([]);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(15);

    // The real user from a clean address: held back while the account is under the burst...
    expect((await signIn(phone, password, "10.20.1.2")).status).toBe(429);
    // ...but not on the device where they signed in before (device cookies): the attackers' burst does not count there.
    expect((await signIn(phone, password, "10.20.1.2", device)).status).toBe(302);
    // A device's own failures still limit it: the fifth wrong password locks it, and then even the right one waits.
    for (let i = 0; i < 4; i++) expect((await signIn(phone, `typo-${i}`, "10.20.1.2", device)).status).toBe(400);
    expect((await signIn(phone, "typo-4", "10.20.1.2", device)).status).toBe(429);
    expect((await signIn(phone, password, "10.20.1.2", device)).status).toBe(429);
    // ...and in once the window is over.
    await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 1) * 1000));
    const real = await signIn(phone, password, "10.20.1.2");
    expect(real.status).toBe(302);
    expect(real.headers.get("location")).toBe("/parent-dashboard");
  });

  test("a few wrong passwords from anywhere do not keep the real user out", async () => {
    const phone = "0501234568";
    const password = "real-password-2";
    await post(
      "/portal?role=parent",
      {
        intent: "signup",
        role: "parent",
        phone,
        fullName: "Other Parent",
        email: "other@example.com",
        password,
        confirmPassword: password,
      },
      "10.21.0.1",
    );
    for (let i = 0; i < 6; i++) await signIn(phone, `wrong-${i}`, "10.67.0.1");
    expect((await signIn(phone, password, "10.67.0.1")).status, "the failing client is held back").toBe(429);
    expect((await signIn(phone, password, "10.21.0.9")).status, "a clean client with the right password").toBe(302);
  });

  test("behind the trusted proxy each forwarded address is its own client", async () => {
    // Whether the header is believed at all is server/client-address.test.ts.
    const phone = "0501234569";
    for (let i = 0; i < 5; i++) await signIn(phone, `wrong-${i}`, "10.68.0.1");
    expect((await signIn(phone, "whatever", "10.68.0.1")).status).toBe(429);
    expect((await signIn(phone, "whatever", "10.68.0.2")).status).toBe(400);
  });
});
