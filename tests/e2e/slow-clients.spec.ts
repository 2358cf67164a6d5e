/**
 * One slow client cannot close the school (docs/decisions/0088-slow-clients.md): 48 posts that each declare 100 KB
 * and send a byte every 5 s, from one address, reconnecting as soon as they are answered, while another address's
 * signed-in page, enrolment, payment webhook and USSD menu are answered in their normal time. Protocol-level: one
 * browser project.
 */
import http from "node:http";
import { request as playwrightRequest } from "@playwright/test";
import { test, expect, uniquePhone, enrolmentForm } from "#tests/support/fixtures.ts";
import { startIsolatedApp } from "#tests/support/isolated-app.ts";

test("@js-only 48 slow posts from one address leave another address's pages, enrolment, webhook and USSD answering", async () => {
  test.setTimeout(120_000);
  const app = await startIsolatedApp(
    // The default limits of a production install: 16 requests in the app, 4 bodies arriving per address.
    { SHED_MAX_IN_FLIGHT: undefined, BODIES_PER_ADDRESS: undefined },
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
    // The slow posts were refused (429 past 4 at once) or cut off (408 at their deadline), not served.
    expect(answers[429] ?? 0).toBeGreaterThan(40);
    expect(answers[408] ?? 0).toBeGreaterThanOrEqual(4);
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
