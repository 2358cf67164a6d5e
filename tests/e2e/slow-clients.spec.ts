/**
 * One slow client cannot close the school (docs/decisions/0088-slow-clients.md): 48 posts that each declare 100 KB
 * and send a byte every 5 s, from one address, reconnecting as soon as they are answered, while another address's
 * signed-in page, enrolment, payment webhook and USSD menu are answered in their normal time. Nor can a few addresses
 * of slow uploads and slow enrolments (docs/decisions/0116-bodies-before-the-app.md). Protocol-level: one browser
 * project.
 */
import http from "node:http";
import { request as playwrightRequest } from "@playwright/test";
import { test, expect, uniquePhone, enrolmentForm } from "#tests/support/fixtures.ts";
import { startIsolatedApp } from "#tests/support/isolated-app.ts";

test("@js-only 48 slow posts from one address leave another address's pages, enrolment, webhook and USSD answering", async () => {
  test.setTimeout(120_000);
  const app = await startIsolatedApp(
    // The default limits of a production install: 16 requests in the app, 4 bodies arriving per address. A database of
    // its own in memory: the two tests of this file run at once.
    { SHED_MAX_IN_FLIGHT: undefined, BODIES_PER_ADDRESS: undefined, MONGODB_URI: undefined, DB_IN_MEMORY: "true" },
    { waitFor: "healthy" },
  );
  const port = Number(new URL(app.url).port);
  let attacking = true;
  const answers: Record<number, number> = {};
  const sockets = new Set<http.ClientRequest>();

  /** One slow client: a post trickling a byte every 5 s; answered or cut, it starts again. */
  const slowClient = async () => {
    while (attacking) {
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/registration",
          localAddress: "127.0.0.2",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 100_000 },
        });
        sockets.add(req);
        req.write("a");
        const drip = setInterval(() => req.write("a"), 5_000);
        const done = () => {
          clearInterval(drip);
          sockets.delete(req);
          resolve();
        };
        req.on("response", (res) => {
          answers[res.statusCode ?? 0] = (answers[res.statusCode ?? 0] ?? 0) + 1;
          res.resume();
          res.on("end", done);
          res.on("error", done);
        });
        req.on("error", done);
        req.on("close", done);
      });
      // A real attacker reconnects at once; a short pause keeps this test's own loop from spinning on refusals.
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const client = await playwrightRequest.newContext({ baseURL: app.url });
  try {
    // The other address (127.0.0.1) signs in first, as a parent does in the morning.
    const signIn = await client.post("/portal?role=parent", {
      form: { intent: "signin", phone: "0244000003", password: "demo-parent-2025" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);

    const attackers = Array.from({ length: 48 }, () => slowClient());
    /** Each of the four, timed: every one must answer within 2 s. */
    const ordinaryUse = async () => {
      const timed = async (what: string, run: () => Promise<number>) => {
        const started = performance.now();
        const status = await run();
        return { what, status, ms: Math.round(performance.now() - started) };
      };
      return Promise.all([
        timed("signed-in page", async () => (await client.get("/parent-dashboard", { maxRedirects: 0 })).status()),
        timed("enrolment", async () =>
          (
            await client.post("/registration", {
              form: enrolmentForm({ parentName: "Busy Day Parent" }),
              maxRedirects: 0,
            })
          ).status(),
        ),
        // A webhook with a wrong signature is refused by the app itself (401): it got through to be checked.
        timed("webhook", async () =>
          (
            await client.post("/webhooks/payments/test", {
              data: "{}",
              headers: { "Content-Type": "application/json", "x-paystack-signature": "0".repeat(128) },
            })
          ).status(),
        ),
        timed("ussd", async () =>
          (
            await client.post("/ussd/africastalking/demo-callback-secret", {
              form: {
                sessionId: `slow-${uniquePhone()}`,
                serviceCode: "*920*44#",
                phoneNumber: "+233244000003",
                text: "",
              },
            })
          ).status(),
        ),
      ]);
    };

    // While the slow posts hold what they can (2 s in), and after their first round was cut off and they came back.
    for (const at of [2_000, 10_000]) {
      await new Promise((r) => setTimeout(r, at === 2_000 ? 2_000 : 8_000));
      const results = await ordinaryUse();
      expect(results.map((r) => [r.what, r.status])).toEqual([
        ["signed-in page", 200],
        ["enrolment", 302],
        ["webhook", 401],
        ["ussd", 200],
      ]);
      for (const r of results) expect(r.ms, `${r.what} answered in ${r.ms} ms`).toBeLessThan(2_000);
    }
    // The slow posts were refused (429 past 4 at once) or cut off (408 at their deadline, 10 s after they began: on a
    // busy machine the first four's answers may still be on their way at this point), not served.
    expect(answers[429] ?? 0).toBeGreaterThan(40);
    await expect.poll(() => answers[408] ?? 0, { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
    attacking = false;
    for (const s of sockets) s.destroy();
    await Promise.all(attackers);
  } finally {
    attacking = false;
    for (const s of sockets) s.destroy();
    await client.dispose();
    await app.stop();
  }
});

/** A post from `localAddress` that declares `length` bytes and sends one every `everyMs` until stopped. */
function tricklingPost(
  port: number,
  options: { path: string; localAddress: string; length: number; contentType: string; cookie?: string },
) {
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: options.path,
    localAddress: options.localAddress,
    headers: {
      "Content-Type": options.contentType,
      "Content-Length": options.length,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
  });
  req.on("error", () => {});
  req.write("a");
  const drip = setInterval(() => req.write("a"), 300);
  return () => {
    clearInterval(drip);
    req.destroy();
  };
}

test("@js-only 2 addresses of slow uploads and 8 of slow enrolments leave another student's dashboard answering", async () => {
  test.setTimeout(120_000);
  const app = await startIsolatedApp(
    // The default limits of a production install: 16 requests in the app, 4 bodies arriving per address. A database of
    // its own in memory: the two tests of this file run at once.
    { SHED_MAX_IN_FLIGHT: undefined, BODIES_PER_ADDRESS: undefined, MONGODB_URI: undefined, DB_IN_MEMORY: "true" },
    { waitFor: "healthy" },
  );
  const port = Number(new URL(app.url).port);
  const stops: Array<() => void> = [];
  const student = await playwrightRequest.newContext({ baseURL: app.url });
  const attacker = await playwrightRequest.newContext({ baseURL: app.url });
  try {
    const signIn = await student.post("/portal?role=student", {
      form: { intent: "signin", phone: "0244000004", password: "demo-student-2025" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    // A student who signed themselves up: no enrolment, so no assignment is theirs.
    const signUp = await attacker.post("/portal?role=student", {
      form: {
        intent: "signup",
        role: "student",
        fullName: "Slow Sender",
        phone: uniquePhone(),
        password: "slow-sender-42",
        confirmPassword: "slow-sender-42",
      },
      maxRedirects: 0,
    });
    expect(signUp.status()).toBe(302);
    const cookie = (await attacker.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect(cookie).toContain("__session=");
    const boundary = "----slow";
    for (const localAddress of ["127.0.0.2", "127.0.0.3"])
      for (let i = 0; i < 16; i++)
        stops.push(
          tricklingPost(port, {
            path: "/assignments/zzzzzzzzzzzzzzzzzzzzzzzz",
            localAddress,
            length: 1_500_000,
            contentType: `multipart/form-data; boundary=${boundary}`,
            cookie,
          }),
        );
    for (let a = 0; a < 8; a++)
      for (let i = 0; i < 4; i++)
        stops.push(
          tricklingPost(port, {
            path: "/registration",
            localAddress: `127.0.1.${a + 1}`,
            length: 100_000,
            contentType: "application/x-www-form-urlencoded",
          }),
        );
    await new Promise((r) => setTimeout(r, 1_000));
    // The hand-in checks its student and assignment before it reads the upload: a post to an assignment that is not
    // theirs is answered while its 1.5 MB are still on the way (the four of the attack's that were let in were
    // answered so too, or this one would be the account's fifth body arriving: 429).
    const early = await new Promise<number>((resolve) => {
      const req = http.request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/assignments/zzzzzzzzzzzzzzzzzzzzzzzz",
        localAddress: "127.0.0.4",
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": 1_500_000,
          Cookie: cookie,
        },
      });
      req.on("response", (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on("error", () => resolve(0));
      req.write(`--${boundary}\r\n`);
      setTimeout(() => resolve(-1), 3_000);
    });
    expect(early, "answered before the body arrived").toBe(404);
    const answers: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const status = (await student.get("/student-dashboard", { maxRedirects: 0 })).status();
      answers.push({ status, ms: Math.round(performance.now() - started) });
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const a of answers) expect(a.ms, `answered in ${a.ms} ms`).toBeLessThan(2_000);
  } finally {
    for (const stop of stops) stop();
    await student.dispose();
    await attacker.dispose();
    await app.stop();
  }
});
