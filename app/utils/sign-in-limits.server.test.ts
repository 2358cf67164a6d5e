import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";

// A five-second window so the tests can see blocks end (long enough that a burst fits in one window on a busy machine).
process.env.SIGNIN_WINDOW_SECONDS = "5";
process.env.SIGNIN_ADDRESS_FAILURES = "12";

let limits: typeof import("#app/utils/sign-in-limits.server.ts");

useTestDatabase("limits_unit");

beforeAll(async () => {
  limits = await import("#app/utils/sign-in-limits.server.ts");
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const phone = () => `+23355${String(++n).padStart(7, "0")}`;

/** One attempt with a wrong (or right) password: reserve, then report. */
async function attempt(account: string, address: string, right = false) {
  const r = await limits.reserveSignIn(account, address);
  if (r.refused) return "refused" as const;
  if (right) {
    await r.succeeded();
    return "in" as const;
  }
  return (await r.failed()) ? ("failed-and-locked" as const) : ("failed" as const);
}

describe("sign-in limits (maxLoginAttempts = 5)", () => {
  it("checks at most 5 passwords of 100 sent at once from one client, and refuses the right one after them", async () => {
    const account = phone();
    const results = await Promise.all(Array.from({ length: 100 }, () => attempt(account, "10.1.0.1")));
    expect(results.filter((r) => r !== "refused").length).toBeLessThanOrEqual(5);
    expect(await attempt(account, "10.1.0.1", true)).toBe("refused");
  });

  it("locks a failing client on its fifth failure, while a clean client with the right password still gets in", async () => {
    const account = phone();
    for (let i = 1; i <= 4; i++) expect(await attempt(account, "10.2.0.1")).toBe("failed");
    expect(await attempt(account, "10.2.0.1")).toBe("failed-and-locked");
    expect(await attempt(account, "10.2.0.1", true)).toBe("refused");
    expect(await attempt(account, "10.2.0.9", true)).toBe("in");
  });

  it("holds every client back while the account is under a burst, and lets the real user in after the window", async () => {
    const account = phone();
    // 16 attempts from 16 addresses (each one clean) pass the burst limit of 3 × 5.
    await Promise.all(Array.from({ length: 16 }, (_, i) => attempt(account, `10.3.0.${i + 1}`)));
    expect(await attempt(account, "10.3.1.1", true)).toBe("refused");
    await sleep(5_200);
    expect(await attempt(account, "10.3.1.1", true)).toBe("in");
  });

  it("doubles a repeated block (exponential back-off)", async () => {
    const account = phone();
    for (let i = 0; i < 5; i++) await attempt(account, "10.4.0.1");
    const first = await limits.reserveSignIn(account, "10.4.0.1");
    expect(first.refused && first.retryAfterSeconds).toBeLessThanOrEqual(5);
    await sleep(5_200);
    for (let i = 0; i < 5; i++) await attempt(account, "10.4.0.1");
    const second = await limits.reserveSignIn(account, "10.4.0.1");
    expect(second.refused && second.retryAfterSeconds).toBeGreaterThanOrEqual(6);
  });

  it("limits one address trying many phones", async () => {
    const results = [];
    for (let i = 0; i < 20; i++) results.push(await attempt(phone(), "10.5.0.1"));
    expect(results.filter((r) => r === "refused").length).toBeGreaterThanOrEqual(7);
    // Another address is not affected.
    expect(await attempt(phone(), "10.5.0.2", true)).toBe("in");
  });
});
